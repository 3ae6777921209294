import { Link } from 'react-router-dom';
import { flowMessages } from '../../app/messages';
import { paths } from '../../shared/paths';
import styles from '../login/auth-layout.module.css';

const copy = flowMessages.forgot;

/** SPEC §2: links to Register, Login and Request a new link. */
export function ForgotLinks({ requestNew }: { requestNew: boolean }) {
  return (
    <nav className={styles.links} aria-label="Account">
      <Link to={paths.register}>{copy.register}</Link>
      <Link to={paths.login}>{copy.login}</Link>
      {requestNew ? <Link to={paths.forgot}>{copy.requestNew}</Link> : null}
    </nav>
  );
}
