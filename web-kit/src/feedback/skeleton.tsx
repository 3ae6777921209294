import type { CSSProperties } from 'react';
import styles from './feedback.module.css';

export interface SkeletonProps {
  /** CSS length; default 100%. */
  width?: string;
  /** CSS length; default 1rem (one line of text). */
  height?: string;
  /** Draws this many text lines, the last one shorter. */
  lines?: number;
  className?: string;
}

/**
 * A grey placeholder in the shape of content still loading. Decorative: the region that is
 * loading should say so itself (aria-busy, or a LoadingState for screen readers).
 */
export function Skeleton({ width = '100%', height = '1rem', lines, className }: SkeletonProps) {
  if (lines !== undefined && lines > 1) {
    return (
      <span
        className={[styles.skeletonLines, className].filter(Boolean).join(' ')}
        aria-hidden="true"
      >
        {Array.from({ length: lines }, (_, index) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders with no identity of their own.
            key={index}
            className={styles.skeleton}
            style={{ width: index === lines - 1 ? '60%' : width, height }}
          />
        ))}
      </span>
    );
  }
  const style: CSSProperties = { width, height };
  return (
    <span
      className={[styles.skeleton, className].filter(Boolean).join(' ')}
      style={style}
      aria-hidden="true"
    />
  );
}
