import type { ReactNode } from 'react';
import { AuthCarousel } from './auth-carousel';
import styles from './auth-layout.module.css';

/** The frame of login, register and forgot: the form card beside (on phones, above) the carousel. */
export function AuthLayout({
  title,
  heading,
  lead,
  children,
}: {
  title: string;
  heading: string;
  lead: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={styles.layout}>
      <title>{title}</title>
      <section className={styles.card} aria-labelledby="auth-heading">
        <h1 id="auth-heading" className={styles.heading}>
          {heading}
        </h1>
        <p className={styles.lead}>{lead}</p>
        {children}
      </section>
      <AuthCarousel />
    </div>
  );
}
