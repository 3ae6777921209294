import type { ReactNode } from 'react';
import styles from './site-notice.module.css';

/**
 * A slim line across the top of an app (or, `inset`, a box at the top of a staff app's content) for something true of the whole site right now (payments
 * simulated, maintenance on): worded by the app, read once by screen readers as a note.
 */
export function SiteNotice({ children, inset }: { children: ReactNode; inset?: boolean }) {
  const className = [styles.notice, inset ? styles.inset : null].filter(Boolean).join(' ');
  return (
    <div className={className} role="note">
      {children}
    </div>
  );
}
