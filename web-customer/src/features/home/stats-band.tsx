import { useReducedMotion, VisuallyHidden } from '@shortlist/web-kit';
import { useRef } from 'react';
import { messages } from '../../shared/messages';
import styles from './stats-band.module.css';
import { useCountUp, useSeenOnce } from './use-count-up';

const copy = messages.home;

/** SPEC §2 stats band: counts up once, when 30% of it is on screen. */
export function StatsBand() {
  const ref = useRef<HTMLDListElement>(null);
  const seen = useSeenOnce(ref);
  const animate = !useReducedMotion();
  return (
    <section aria-label={copy.statsHeading}>
      <dl ref={ref} className={styles.band}>
        {copy.stats.map((stat) => (
          <Stat key={stat.label} {...stat} start={seen} animate={animate} />
        ))}
      </dl>
    </section>
  );
}

function Stat({
  value,
  suffix,
  label,
  start,
  animate,
}: {
  value: number;
  suffix: string;
  label: string;
  start: boolean;
  animate: boolean;
}) {
  const shown = useCountUp(value, { start, animate });
  return (
    <div className={styles.stat}>
      <dt className={styles.label}>{label}</dt>
      <dd className={styles.value}>
        {/* The running number is for the eye; readers get the final figure once. */}
        <span aria-hidden="true">
          {shown}
          {suffix}
        </span>
        <VisuallyHidden>{`${value}${suffix}`}</VisuallyHidden>
      </dd>
    </div>
  );
}
