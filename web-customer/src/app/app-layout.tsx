import { Logo } from '@shortlist/web-kit';
import { Link, Outlet } from 'react-router-dom';
import styles from './app-layout.module.css';
import { messages } from './messages';

/** Header, main and footer around every screen; the full navigation bar arrives with the auth screens. */
export function AppLayout() {
  return (
    <div className={styles.frame}>
      <header className={styles.header}>
        <div className={styles.bar}>
          {/* SPEC §2: the brand link goes to /home. */}
          <Link to="/home" className={styles.brand}>
            <Logo />
          </Link>
        </div>
      </header>
      <main className={styles.main}>
        <Outlet />
      </main>
      <footer className={styles.footer}>
        <p className={styles.bar}>{messages.footer.disclaimer}</p>
      </footer>
    </div>
  );
}
