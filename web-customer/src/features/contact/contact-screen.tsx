import { LinkButton, SUPPORT_EMAIL } from '@shortlist/web-kit';
import { flowMessages } from '../../shared/flow-messages';
import { PageHeader } from '../../shared/page-header';
import { paths } from '../../shared/paths';
import { ContactForm } from './contact-form';
import styles from './contact-screen.module.css';

const copy = flowMessages.contact;

const PROMOS = [
  { ...copy.promos.createResume, to: paths.createResume },
  { ...copy.promos.pricing, to: paths.pricing },
  { ...copy.promos.influencerKit, to: paths.influencerKit },
] as const;

export function ContactScreen() {
  return (
    <div className={styles.page}>
      <title>{copy.title}</title>
      <PageHeader
        eyebrow={copy.eyebrow}
        heading={copy.heading}
        lead={copy.lead}
        headingId="contact-heading"
      />
      <div className={styles.layout}>
        <ContactForm />
        <aside className={styles.aside} aria-label={copy.promoHeading}>
          <div className={styles.promise}>
            <p className={styles.promiseTitle}>{copy.promise}</p>
            <p>
              {copy.emailUs} <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
            </p>
          </div>
          <section className={styles.promos} aria-labelledby="promos-heading">
            <h2 id="promos-heading" className={styles.promoHeading}>
              {copy.promoHeading}
            </h2>
            {PROMOS.map((promo) => (
              <article key={promo.title} className={styles.promo}>
                <h3 className={styles.promoTitle}>{promo.title}</h3>
                <p className={styles.promoText}>{promo.text}</p>
                <LinkButton to={promo.to} variant="ghost" size="sm">
                  {promo.action}
                </LinkButton>
              </article>
            ))}
          </section>
        </aside>
      </div>
    </div>
  );
}
