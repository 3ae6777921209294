import type { ReactNode } from 'react';
import styles from './site-notice.module.css';

/**
 * A slim line across the top of an app for something true of the whole site right now (payments
 * simulated, maintenance on): worded by the app, read once by screen readers as a note.
 */
export function SiteNotice({ children }: { children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a note, not a live status; <aside> names nothing.
    <div className={styles.notice} role="note">
      {children}
    </div>
  );
}
