import {
  type Currency,
  formatPrice,
  listPriceOf,
  type PurchasableServiceId,
  priceOf,
  savings,
  serviceInfo,
} from '@shortlist/domain';
import { Button, VisuallyHidden } from '@shortlist/web-kit';
import { flowMessages } from '../../shared/flow-messages';
import styles from './pricing.module.css';

const copy = flowMessages.pricing;

/** One plan: sale price, the struck list price, the savings line and the plan's action. */
export function PlanCard({
  service,
  currency,
  onChoose,
}: {
  service: PurchasableServiceId;
  currency: Currency;
  onChoose: (service: PurchasableServiceId) => void;
}) {
  const plan = copy.plans[service];
  const popular = serviceInfo(service).badge === 'Popular';
  const sale = priceOf(service, currency);
  const list = listPriceOf(service, currency);
  const saved = savings(service, currency);
  const headingId = `plan-${service}`;
  return (
    <article
      className={[styles.plan, popular ? styles.popular : null].filter(Boolean).join(' ')}
      aria-labelledby={headingId}
    >
      {popular ? <span className={styles.badge}>{copy.popular}</span> : null}
      <h2 id={headingId} className={styles.planTitle}>
        {plan.title}
      </h2>
      <p className={styles.planText}>{plan.text}</p>
      <p className={styles.price}>
        <span className={styles.salePrice}>{formatPrice(sale, currency)}</span>
        {list !== null && list > sale ? (
          <s className={styles.listPrice}>
            <VisuallyHidden>{copy.was} </VisuallyHidden>
            {formatPrice(list, currency)}
          </s>
        ) : null}
      </p>
      {saved !== null ? (
        <p className={styles.save}>{copy.save(formatPrice(saved, currency))}</p>
      ) : null}
      <ul className={styles.points}>
        {plan.points.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
      <Button
        className={styles.planAction}
        variant={popular ? 'primary' : 'secondary'}
        onClick={() => onChoose(service)}
      >
        {plan.action}
      </Button>
    </article>
  );
}
