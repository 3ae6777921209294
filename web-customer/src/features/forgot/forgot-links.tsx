import { Link } from 'react-router-dom';
import styles from '../../shared/auth-layout/auth-layout.module.css';
import { flowMessages } from '../../shared/flow-messages';
import { paths } from '../../shared/paths';

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
