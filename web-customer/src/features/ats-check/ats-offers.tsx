import type { UploadService } from '@shortlist/domain/contract';
import { Button, LinkButton, useSession } from '@shortlist/web-kit';
import { useState } from 'react';
import { loginPath, paths } from '../../shared/paths';
import { atsMessages as copy } from './ats-check.messages';
import styles from './ats-check.module.css';
import { OrderPanel } from './order-panel';
import { orderReturnPath } from './order-return-path';
import { savePendingOrder } from './pending-order-store';

const SERVICES: readonly UploadService[] = ['resume_review', 'resume_rewrite'];

/**
 * The two offers for the file just checked. Signed in, the order form opens with that file;
 * signed out, the file is kept in this browser and the visitor signs up or logs in first.
 */
export function AtsOffers({ file, jobDescription }: { file: File; jobDescription: string }) {
  const { signedIn } = useSession();
  const [chosen, setChosen] = useState<UploadService | null>(null);
  const [saved, setSaved] = useState(false);

  const choose = async (service: UploadService) => {
    setChosen(service);
    if (!signedIn) {
      setSaved(false);
      await savePendingOrder(service, file, jobDescription);
      setSaved(true);
    }
  };

  return (
    <section className={styles.offers} aria-labelledby="ats-offers-heading">
      <h2 id="ats-offers-heading" className={styles.sectionHeading}>
        {copy.offersHeading}
      </h2>
      <div className={styles.offerGrid}>
        {SERVICES.map((service) => (
          <article key={service} className={styles.offer}>
            <h3 className={styles.panelHeading}>{copy.offers[service].title}</h3>
            <p>{copy.offers[service].text}</p>
            <Button
              variant={service === 'resume_review' ? 'primary' : 'secondary'}
              aria-pressed={chosen === service}
              onClick={() => void choose(service)}
            >
              {copy.offers[service].action}
            </Button>
          </article>
        ))}
      </div>
      {chosen !== null && signedIn ? (
        <OrderPanel
          key={chosen}
          service={chosen}
          file={file}
          jobDescription={jobDescription}
          onCancel={() => setChosen(null)}
        />
      ) : null}
      {chosen !== null && !signedIn && saved ? (
        <div className={styles.signIn} role="status">
          <h3 className={styles.panelHeading}>{copy.signInHeading}</h3>
          <p>{copy.signInText}</p>
          <div className={styles.actions}>
            <LinkButton to={`${paths.signup}?next=${encodeURIComponent(orderReturnPath(chosen))}`}>
              {copy.signUp}
            </LinkButton>
            <LinkButton to={loginPath(orderReturnPath(chosen))} variant="secondary">
              {copy.logIn}
            </LinkButton>
          </div>
        </div>
      ) : null}
    </section>
  );
}
