import { useState } from 'react';
import { messages } from '../../shared/messages';
import styles from './headline-ticker.module.css';

const copy = messages.home;

/**
 * SPEC §2 headline ticker. The motion is CSS: it pauses on hover and focus, on the button
 * (WCAG 2.2.2 asks for a way to stop moving content), and is static under reduced motion.
 * The second copy only closes the loop visually and is hidden from readers.
 */
export function HeadlineTicker() {
  const [paused, setPaused] = useState(false);
  return (
    <section
      className={[styles.ticker, paused ? styles.paused : null].filter(Boolean).join(' ')}
      aria-label={copy.tickerLabel}
    >
      <button
        type="button"
        className={styles.toggle}
        aria-label={paused ? copy.tickerPlay : copy.tickerPause}
        onClick={() => setPaused((isPaused) => !isPaused)}
      >
        <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          {paused ? (
            <path d="M5 3l8 5-8 5z" fill="currentColor" />
          ) : (
            <path d="M5 3v10M11 3v10" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          )}
        </svg>
      </button>
      <div className={styles.viewport}>
        <div className={styles.rail}>
          <ul className={styles.list}>
            {copy.ticker.map((headline) => (
              <li key={headline} className={styles.item}>
                {headline}
              </li>
            ))}
          </ul>
          <ul className={`${styles.list} ${styles.copy}`} aria-hidden="true">
            {copy.ticker.map((headline) => (
              <li key={headline} className={styles.item}>
                {headline}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
