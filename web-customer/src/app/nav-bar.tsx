import { clearSession, Logo, readToken, useApiClient, useSession } from '@shortlist/web-kit';
import { type MouseEvent, useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { messages } from '../shared/messages';
import { paths } from '../shared/paths';
import styles from './nav-bar.module.css';

const copy = messages.nav;

/** SPEC §2 navigation bar: the links depend on whether a session exists and on the stored role. */
export function NavBar() {
  const { signedIn, admin } = useSession();
  const navigate = useNavigate();
  const client = useApiClient();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const navId = useId();

  const logout = () => {
    // Best effort: the token is read now, before it is cleared; a failed call changes nothing here.
    const token = readToken();
    if (token) {
      import('./log-out-on-server')
        .then(({ logOutOnServer }) => logOutOnServer(client, token))
        .catch(() => {});
    }
    clearSession();
    navigate(paths.home);
  };

  // A tap on any link or button in the open menu closes it, so the next page is not hidden.
  const closeOnAction = (event: MouseEvent<HTMLElement>) => {
    if (event.target instanceof Element && event.target.closest('a, button')) setOpen(false);
  };

  // Escape closes the open menu and puts focus back on its toggle (disclosure pattern).
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      document.getElementById(`${navId}-toggle`)?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, navId]);

  const homeActive = pathname === paths.root || pathname === paths.home;

  return (
    <header
      className={[styles.header, signedIn ? styles.crowded : null, open ? styles.open : null]
        .filter(Boolean)
        .join(' ')}
    >
      <div className={styles.bar}>
        <Link to={paths.home} className={styles.brand}>
          <Logo />
        </Link>
        <button
          id={`${navId}-toggle`}
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls={navId}
          onClick={() => setOpen((isOpen) => !isOpen)}
        >
          <MenuIcon open={open} />
          {open ? copy.closeMenu : copy.menu}
        </button>
        <nav id={navId} className={styles.nav} aria-label={copy.label}>
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: delegation only; each link and button handles its own keys. */}
          <ul className={styles.list} onClick={closeOnAction}>
            <li>
              {/* A Link, not a NavLink: Home is current at both / and /home (SPEC §2). */}
              <Link
                to={paths.home}
                className={styles.link}
                aria-current={homeActive ? 'page' : undefined}
              >
                {copy.home}
              </Link>
            </li>
            <NavItem to={paths.about} label={copy.about} />
            <NavItem to={paths.contact} label={copy.contact} />
            {signedIn ? (
              <>
                <li className={styles.divider} aria-hidden="true" />
                <NavItem to={paths.createResume} label={copy.createResume} />
                <NavItem to={paths.pricing} label={copy.pricing} />
                <NavItem to={paths.checkout} label={copy.checkout} />
                <NavItem to={paths.orders} label={copy.orders} />
                <NavItem to={paths.profile} label={copy.profile} />
                {admin ? (
                  <li>
                    {/* Another app on this origin: a full page load, not a client-side route. */}
                    <a href={paths.admin} className={styles.link}>
                      {copy.admin}
                    </a>
                  </li>
                ) : null}
                <li>
                  <button type="button" className={styles.link} onClick={logout}>
                    {copy.logout}
                  </button>
                </li>
              </>
            ) : (
              <>
                <NavItem to={paths.login} label={copy.login} />
                <li>
                  <NavLink to={paths.register} className={`${styles.link} ${styles.cta}`}>
                    {copy.signUp}
                  </NavLink>
                </li>
              </>
            )}
          </ul>
        </nav>
      </div>
    </header>
  );
}

function NavItem({ to, label }: { to: string; label: string }) {
  return (
    <li>
      <NavLink to={to} className={styles.link}>
        {label}
      </NavLink>
    </li>
  );
}

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path
        d={open ? 'M5 5l10 10M15 5L5 15' : 'M3 6h14M3 10h14M3 14h14'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        fill="none"
      />
    </svg>
  );
}
