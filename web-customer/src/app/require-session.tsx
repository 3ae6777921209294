import { useSession } from '@shortlist/web-kit';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { paths, type RedirectState } from '../shared/paths';
import styles from './require-session.module.css';

/**
 * SPEC §2: signed-in routes need a session token; without one the visitor goes to / and the
 * origin is remembered in the navigation state (read with `nextPathFrom`), so a later login
 * can return there. The server still checks every call; this only spares a useless screen.
 */
export function RequireSession() {
  const { signedIn } = useSession();
  const location = useLocation();
  if (!signedIn) {
    const state: RedirectState = { from: `${location.pathname}${location.search}` };
    return (
      <div className={styles.redirecting}>
        <Navigate to={paths.root} replace state={state} />
      </div>
    );
  }
  return <Outlet />;
}
