import styles from './logo.module.css';
import { LogoMark } from './logo-mark';

export interface LogoProps {
  /** The area of the product, shown after the word mark ("Admin", "Influencer"). */
  area?: string;
}

/** Brand lock-up for headers; wrap it in the app's home link. */
export function Logo({ area }: LogoProps) {
  return (
    <span className={styles.logo}>
      <LogoMark />
      <span className={styles.word}>Shortlist</span>
      {area ? <span className={styles.area}>{area}</span> : null}
    </span>
  );
}
