import { type ReactNode, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Button } from '../button/button';
import { Drawer } from '../drawer/drawer';
import { Logo } from '../logo/logo';
import { ToastProvider } from '../toast/toast-provider';
import { Breadcrumbs } from './breadcrumbs';
import { StaffNav } from './staff-nav';
import styles from './staff-shell.module.css';
import type { Crumb, StaffNavItem, StaffUser } from './staff-shell.types';

export interface StaffShellProps {
  /** The product area after the logo: "Admin", "Influencer". */
  brandLabel: string;
  /** Where the logo leads, inside the app's router. Default '/'. */
  brandTo?: string;
  navItems: readonly StaffNavItem[];
  /** The signed-in person; null hides the person and Logout (e.g. while the session loads). */
  user: StaffUser | null;
  onLogout: () => void;
  /** The page; usually the router's <Outlet />. */
  children: ReactNode;
  /**
   * The trail above the page. Default: the first nav item (the home of the area), then the nav
   * item the current path falls under.
   */
  breadcrumbs?: Crumb[];
  labels?: Partial<StaffShellLabels>;
}

export interface StaffShellLabels {
  logout: string;
  navigation: string;
  openMenu: string;
  menu: string;
  skipToContent: string;
  breadcrumb: string;
  signedInAs: string;
  dismissNotification: string;
}

const DEFAULT_LABELS: StaffShellLabels = {
  logout: 'Logout',
  navigation: 'Main navigation',
  openMenu: 'Open menu',
  menu: 'Menu',
  skipToContent: 'Skip to content',
  breadcrumb: 'Breadcrumb',
  signedInAs: 'Signed in as',
  dismissNotification: 'Dismiss notification',
};

/** The nav item a path belongs to: the longest `to` that is the path or a parent of it. */
export function currentNavItem(
  items: readonly StaffNavItem[],
  pathname: string,
): StaffNavItem | undefined {
  const normal = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);
  const here = normal(pathname);
  let best: StaffNavItem | undefined;
  for (const item of items) {
    const to = normal(item.to);
    const matches = item.end
      ? here === to
      : here === to || here.startsWith(to === '/' ? '/' : `${to}/`);
    if (matches && (!best || to.length > normal(best.to).length)) best = item;
  }
  return best;
}

function defaultCrumbs(items: readonly StaffNavItem[], pathname: string): Crumb[] {
  const home = items[0];
  if (!home) return [];
  const current = currentNavItem(items, pathname);
  if (!current || current === home) return [{ label: home.label }];
  return [{ label: home.label, to: home.to }, { label: current.label }];
}

/**
 * The frame of the staff apps (admin, influencer), after the Stripe dashboard: a side
 * navigation (a drawer from a menu button below 64rem), a top bar with the person and Logout,
 * breadcrumbs, a skip link, and the app's toasts.
 */
export function StaffShell({
  brandLabel,
  brandTo = '/',
  navItems,
  user,
  onLogout,
  children,
  breadcrumbs,
  labels: labelOverrides,
}: StaffShellProps) {
  const labels = { ...DEFAULT_LABELS, ...labelOverrides };
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const crumbs = breadcrumbs ?? defaultCrumbs(navItems, pathname);

  return (
    <ToastProvider dismissLabel={labels.dismissNotification}>
      <div className={styles.shell}>
        <a className={styles.skipLink} href="#main-content">
          {labels.skipToContent}
        </a>
        <aside className={styles.sidebar}>
          <Link to={brandTo} className={styles.brand}>
            <Logo area={brandLabel} />
          </Link>
          <StaffNav items={navItems} label={labels.navigation} />
        </aside>
        <div className={styles.column}>
          <header className={styles.topBar}>
            <Button
              variant="ghost"
              size="sm"
              className={styles.menuButton}
              aria-expanded={menuOpen}
              aria-haspopup="dialog"
              onClick={() => setMenuOpen(true)}
            >
              <MenuIcon />
              {labels.openMenu}
            </Button>
            <Link to={brandTo} className={`${styles.brand} ${styles.topBrand}`}>
              <Logo area={brandLabel} />
            </Link>
            {user ? (
              <div className={styles.person}>
                <span className={styles.personText}>
                  <span className={styles.hidden}>{labels.signedInAs} </span>
                  <span className={styles.personName}>{user.name}</span>
                  {user.email ? <span className={styles.personEmail}>{user.email}</span> : null}
                </span>
                <Button variant="secondary" size="sm" onClick={onLogout}>
                  {labels.logout}
                </Button>
              </div>
            ) : null}
          </header>
          <main id="main-content" tabIndex={-1} className={styles.main}>
            <Breadcrumbs items={crumbs} label={labels.breadcrumb} />
            {children}
          </main>
        </div>
        <Drawer
          open={menuOpen}
          onClose={() => setMenuOpen(false)}
          side="left"
          title={labels.menu}
          className={styles.menuDrawer}
        >
          <StaffNav
            items={navItems}
            label={labels.navigation}
            onNavigate={() => setMenuOpen(false)}
          />
        </Drawer>
      </div>
    </ToastProvider>
  );
}

function MenuIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path
        d="M3 5h14M3 10h14M3 15h14"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
      />
    </svg>
  );
}
