import { LinkButton, Logo } from '@shortlist/web-kit';
import { messages } from '../../shared/messages';
import { paths } from '../../shared/paths';
import styles from './maintenance-screen.module.css';

const copy = messages.maintenance;

/** Stands alone (no navigation): while it shows, the other links would only lead back here. */
export function MaintenanceScreen() {
  return (
    <main className={styles.screen}>
      <title>{copy.title}</title>
      <div className={styles.panel}>
        <Logo />
        <svg className={styles.art} viewBox="0 0 112 80" aria-hidden="true" focusable="false">
          <rect
            x="8"
            y="8"
            width="96"
            height="64"
            rx="10"
            fill="none"
            stroke="currentColor"
            strokeWidth="4"
          />
          <path d="M8 24h96" stroke="currentColor" strokeWidth="4" />
          <path
            d="M46 44l-8 8 8 8M66 44l8 8-8 8"
            fill="none"
            stroke="currentColor"
            strokeWidth="4"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <h1 className={styles.heading}>{copy.heading}</h1>
        <p className={styles.request}>{copy.request}</p>
        <LinkButton to={paths.influencerKit} variant="secondary">
          {copy.influencerKit}
        </LinkButton>
      </div>
    </main>
  );
}
