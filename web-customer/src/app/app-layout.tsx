import { type SiteConfig, SiteNotice, siteConfigInPage, ToastProvider } from '@shortlist/web-kit';
import { lazy, Suspense, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { messages } from '../shared/messages';
import styles from './app-layout.module.css';
import { NavBar } from './nav-bar';
import { SiteConfigFallback } from './site-config-fallback';

// Below the fold on every screen: the footer (links, policy titles, its styles) comes in its own
// chunk after the first paint, which keeps the entry within 1.15× a bare React app.
const SiteFooter = lazy(async () => ({ default: (await import('./site-footer')).SiteFooter }));

/** Navigation bar, main and footer around every screen (SPEC §2). */
export function AppLayout() {
  const [site, setSite] = useState<SiteConfig | undefined>(siteConfigInPage);
  return (
    <ToastProvider>
      <div className={styles.frame}>
        <a className={styles.skip} href="#main">
          {messages.skipToContent}
        </a>
        <SiteConfigFallback site={site} onRead={setSite} />
        {site?.paymentsSimulated ? <SiteNotice>{messages.paymentsSimulated}</SiteNotice> : null}
        <NavBar />
        {/* tabIndex -1: the skip link can move focus here. */}
        <main id="main" className={styles.main} tabIndex={-1}>
          <Outlet />
        </main>
        <Suspense fallback={null}>
          <SiteFooter />
        </Suspense>
      </div>
      <ScrollRestoration />
    </ToastProvider>
  );
}
