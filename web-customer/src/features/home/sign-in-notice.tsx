import { Link, useLocation } from 'react-router-dom';
import { messages } from '../../shared/messages';
import { loginPath, redirectOrigin } from '../../shared/paths';
import styles from './home-screen.module.css';

/** After a guard sent a signed-out visitor here (SPEC §2), say why and offer the way back. */
export function SignInNotice() {
  const location = useLocation();
  const from = redirectOrigin(location.state);
  if (!from) return null;
  return (
    <p className={styles.notice} role="status">
      {messages.signInNotice.message}{' '}
      <Link to={loginPath(from)} className={styles.noticeLink}>
        {messages.signInNotice.action}
      </Link>
    </p>
  );
}
