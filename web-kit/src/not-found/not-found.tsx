import type { ReactNode } from 'react';
import { useHref, useLocation } from 'react-router-dom';
import styles from './not-found.module.css';

export interface NotFoundProps {
  /** The document title while the screen shows. */
  title: string;
  heading: string;
  /** Words before the unmatched path, e.g. 'There is no page at'. */
  pathIntro: string;
  /** Where each app sends the visitor next (link buttons). */
  actions: ReactNode;
}

/** The 404 screen of all three apps (SPEC §2): 'Page not found' and the unmatched path. */
export function NotFound({ title, heading, pathIntro, actions }: NotFoundProps) {
  const { pathname } = useLocation();
  // useHref puts the router's basename back, so the visitor sees the path from the address bar.
  const shownPath = useHref({ pathname });
  return (
    <section className={styles.panel} aria-labelledby="not-found-heading">
      <title>{title}</title>
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 id="not-found-heading" className={styles.heading}>
        {heading}
      </h1>
      <p className={styles.path}>
        {pathIntro} <code>{shownPath}</code>
      </p>
      <div className={styles.actions}>{actions}</div>
    </section>
  );
}
