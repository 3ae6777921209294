import styles from './logo.module.css';

/**
 * The Shortlist mark: a list whose first line is ticked. index.html favicons draw the same shapes,
 * so a change here should be copied there.
 */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect className={styles.tile} width="32" height="32" rx="8" />
      <path
        d="M7.5 11.5l2.6 2.6 4.6-5.2"
        fill="none"
        stroke="#fff"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M18 11.5h6.5" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" />
      <path
        d="M8 18.5h16.5M8 24h11"
        stroke="#fff"
        strokeOpacity="0.6"
        strokeWidth="2.6"
        strokeLinecap="round"
      />
    </svg>
  );
}
