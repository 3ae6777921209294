import {
  formatPrice,
  isPurchasableService,
  quoteOf,
  SERVICE_CATALOGUE,
  type ServiceInfo,
} from '@shortlist/domain';
import { isUploadService } from '@shortlist/domain/contract';
import { Button, useCurrency, VisuallyHidden } from '@shortlist/web-kit';
import { Link } from 'react-router-dom';
import { messages } from '../../shared/messages';
import { paths } from '../../shared/paths';
import sectionStyles from './home-screen.module.css';
import { useServiceDialog } from './service-dialog';
import styles from './services-section.module.css';

const copy = messages.home;

type HomeServiceId = keyof typeof copy.services;
type HomeService = ServiceInfo & { id: HomeServiceId };

/** SPEC §2 Home: rewrite (Popular), review, and LinkedIn optimisation (coming soon). */
const HOME_SERVICES = SERVICE_CATALOGUE.filter(
  (service): service is HomeService => service.id in copy.services,
);

export function ServicesSection() {
  return (
    <section className={sectionStyles.section} aria-labelledby="services-heading">
      <div className={sectionStyles.sectionHead}>
        <h2 id="services-heading" className={sectionStyles.sectionHeading}>
          {copy.servicesHeading}
        </h2>
        <p className={sectionStyles.sectionLead}>{copy.servicesLead}</p>
      </div>
      <div className={styles.grid}>
        {HOME_SERVICES.map((service) => (
          <ServiceCard key={service.id} service={service} />
        ))}
      </div>
    </section>
  );
}

function ServiceCard({ service }: { service: HomeService }) {
  const { openServiceDialog } = useServiceDialog();
  const [currency] = useCurrency();
  const text = copy.services[service.id];
  const headingId = `service-${service.id}`;
  const classes = [
    styles.card,
    service.badge === 'Popular' ? styles.popular : null,
    service.comingSoon ? styles.soon : null,
  ];
  const id = service.id;

  return (
    <article className={classes.filter(Boolean).join(' ')} aria-labelledby={headingId}>
      {service.badge === 'Popular' ? <span className={styles.badge}>{copy.popular}</span> : null}
      {service.comingSoon ? <span className={styles.soonBadge}>{copy.comingSoon}</span> : null}
      <h3 id={headingId} className={styles.title}>
        {text.title}
      </h3>
      {isPurchasableService(id) ? <Price quote={quoteOf(id, currency)} /> : null}
      <p className={styles.description}>{text.description}</p>
      <ul className={styles.points}>
        {text.points.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
      <div className={styles.action}>
        {/* Coming soon cannot be chosen (SPEC §5): disabled, and its label says why. */}
        <Button
          variant={service.badge === 'Popular' ? 'primary' : 'secondary'}
          disabled={service.comingSoon || !isUploadService(id)}
          onClick={() => {
            if (isUploadService(id)) openServiceDialog(id);
          }}
        >
          {text.action}
        </Button>
        {isUploadService(id) ? <Link to={paths.atsCheck}>{copy.checkFirst}</Link> : null}
      </div>
    </article>
  );
}

function Price({ quote }: { quote: ReturnType<typeof quoteOf> }) {
  return (
    <p className={styles.price}>
      <span className={styles.amount}>{formatPrice(quote.amount, quote.currency)}</span>
      {quote.listAmount !== null && quote.savings !== null ? (
        <>
          <span className={styles.list}>
            <VisuallyHidden>{copy.priceWas} </VisuallyHidden>
            {formatPrice(quote.listAmount, quote.currency)}
          </span>
          <span className={styles.save}>
            {copy.save(formatPrice(quote.savings, quote.currency))}
          </span>
        </>
      ) : null}
    </p>
  );
}
