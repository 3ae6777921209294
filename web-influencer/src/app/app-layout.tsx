import { Logo } from '@shortlist/web-kit';
import { Link, Outlet } from 'react-router-dom';
import styles from './app-layout.module.css';
import { messages } from './messages';

/** Header and main around every screen; the side navigation arrives with the first real screens. */
export function AppLayout() {
  return (
    <div className={styles.frame}>
      <header className={styles.header}>
        <div className={styles.bar}>
          <Link to="/" className={styles.brand}>
            <Logo area={messages.area} />
          </Link>
        </div>
      </header>
      <main className={styles.main}>
        <Outlet />
      </main>
    </div>
  );
}
