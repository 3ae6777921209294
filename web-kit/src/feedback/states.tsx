import type { ReactNode } from 'react';
import { Button } from '../button/button';
import styles from './feedback.module.css';

export interface EmptyStateProps {
  title: string;
  message?: ReactNode;
  /** The next thing to do (UI.md: empty states come with the next action), e.g. a LinkButton. */
  action?: ReactNode;
  /** Heading level in the page outline. Default 2. */
  headingLevel?: 2 | 3;
  className?: string;
}

export function EmptyState({
  title,
  message,
  action,
  headingLevel = 2,
  className,
}: EmptyStateProps) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <section className={[styles.state, className].filter(Boolean).join(' ')}>
      <svg
        className={styles.stateIcon}
        width="40"
        height="40"
        viewBox="0 0 40 40"
        aria-hidden="true"
        focusable="false"
      >
        <rect
          x="8"
          y="5"
          width="24"
          height="30"
          rx="4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
        />
        <path
          d="M14 14h12M14 20h12M14 26h7"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
        />
      </svg>
      <Heading className={styles.stateTitle}>{title}</Heading>
      {message ? <p className={styles.stateText}>{message}</p> : null}
      {action ? <div className={styles.stateAction}>{action}</div> : null}
    </section>
  );
}

export interface ErrorStateProps {
  /** The SPEC §8 message (or the server's). */
  message: string;
  onRetry?: () => void;
  retryLabel?: string;
  /** True while the retry runs: the button shows busy. */
  retrying?: boolean;
  className?: string;
}

/** A failed load: the message, announced at once (role="alert"), and a Retry button. */
export function ErrorState({
  message,
  onRetry,
  retryLabel = 'Retry',
  retrying = false,
  className,
}: ErrorStateProps) {
  return (
    <div className={[styles.state, styles.error, className].filter(Boolean).join(' ')}>
      <svg
        className={styles.stateIcon}
        width="40"
        height="40"
        viewBox="0 0 40 40"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="20" cy="20" r="15" fill="none" stroke="currentColor" strokeWidth="2.2" />
        <path d="M20 12v10" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" />
        <circle cx="20" cy="27.5" r="1.8" fill="currentColor" />
      </svg>
      <p className={styles.stateTitle} role="alert">
        {message}
      </p>
      {onRetry ? (
        <div className={styles.stateAction}>
          <Button
            variant="secondary"
            onClick={onRetry}
            loading={retrying}
            loadingLabel={retryLabel}
          >
            {retryLabel}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
