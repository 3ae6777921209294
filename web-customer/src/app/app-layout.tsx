import { SiteNotice, ToastProvider, useSiteConfig } from '@shortlist/web-kit';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { messages } from '../shared/messages';
import styles from './app-layout.module.css';
import { NavBar } from './nav-bar';
import { SiteFooter } from './site-footer';

/** Navigation bar, main and footer around every screen (SPEC §2). */
export function AppLayout() {
  const site = useSiteConfig();
  return (
    <ToastProvider>
      <div className={styles.frame}>
        <a className={styles.skip} href="#main">
          {messages.skipToContent}
        </a>
        {site?.paymentsSimulated ? <SiteNotice>{messages.paymentsSimulated}</SiteNotice> : null}
        <NavBar />
        {/* tabIndex -1: the skip link can move focus here. */}
        <main id="main" className={styles.main} tabIndex={-1}>
          <Outlet />
        </main>
        <SiteFooter />
      </div>
      <ScrollRestoration />
    </ToastProvider>
  );
}
