import type { ReactNode } from 'react';
import styles from './page-header.module.css';

/** The opening of a content page: eyebrow, the page's one h1, and a lead paragraph. */
export function PageHeader({
  eyebrow,
  heading,
  lead,
  headingId,
  children,
}: {
  eyebrow: string;
  heading: string;
  lead: ReactNode;
  headingId: string;
  children?: ReactNode;
}) {
  return (
    <header className={styles.header}>
      <p className={styles.eyebrow}>{eyebrow}</p>
      <h1 id={headingId} className={styles.heading}>
        {heading}
      </h1>
      <p className={styles.lead}>{lead}</p>
      {children}
    </header>
  );
}
