import { messages } from '../../app/messages';
import styles from './home-screen.module.css';
import { ResumeIllustration } from './resume-illustration';

const copy = messages.home;

export function HomeScreen() {
  return (
    <section className={styles.hero} aria-labelledby="home-heading">
      <title>{copy.title}</title>
      <div className={styles.intro}>
        <p className={styles.eyebrow}>{copy.eyebrow}</p>
        <h1 id="home-heading" className={styles.heading}>
          {copy.heading}
        </h1>
        <p className={styles.lead}>{copy.lead}</p>
      </div>
      <div className={styles.visual}>
        <ResumeIllustration />
      </div>
      <dl className={styles.claims}>
        {copy.claims.map((claim) => (
          <div key={claim.label} className={styles.claim}>
            <dt className={styles.claimLabel}>{claim.label}</dt>
            <dd className={styles.claimValue}>{claim.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
