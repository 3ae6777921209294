import { Countdown } from '@shortlist/web-kit';
import { flowMessages } from '../../shared/flow-messages';
import styles from './pricing.module.css';
import { useSaleDeadline } from './use-sale-deadline';

const copy = flowMessages.pricing;

/** The sale banner with its HH:MM:SS countdown (SPEC §2, §9). */
export function SaleBanner() {
  const { deadline, restart } = useSaleDeadline();
  return (
    <section className={styles.sale} aria-labelledby="sale-heading">
      <h2 id="sale-heading" className={styles.saleTitle}>
        {copy.saleTitle}
      </h2>
      <p className={styles.saleText}>
        {copy.saleText}{' '}
        <Countdown
          className={styles.saleTimer}
          deadline={deadline}
          onExpire={restart}
          label={copy.saleText}
        />
      </p>
    </section>
  );
}
