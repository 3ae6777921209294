import { LinkButton, useSession } from '@shortlist/web-kit';
import { messages } from '../../shared/messages';
import { paths } from '../../shared/paths';
import styles from './cta-card.module.css';
import { createResumeTarget } from './hero';

const copy = messages.home;

export function CtaCard() {
  const { signedIn } = useSession();
  return (
    <section className={styles.cta} aria-labelledby="cta-heading">
      <div>
        <h2 id="cta-heading" className={styles.heading}>
          {copy.ctaHeading}
        </h2>
        <p className={styles.text}>{copy.ctaText}</p>
      </div>
      <div className={styles.actions}>
        <LinkButton to={createResumeTarget(signedIn)} className={styles.primary}>
          {copy.createResume}
        </LinkButton>
        <LinkButton to={paths.about} variant="secondary" className={styles.secondary}>
          {copy.learnMore}
        </LinkButton>
      </div>
    </section>
  );
}
