import { lazy, Suspense } from 'react';
import { messages } from '../../shared/messages';
import sectionStyles from './home-screen.module.css';
import styles from './templates-section.module.css';

const copy = messages.home;

// Below the fold on every screen size: the carousel, its cards and the template list come in a
// chunk of their own, requested as Home renders, so the first load carries only this frame.
const TemplatesCarousel = lazy(async () => ({
  default: (await import('./templates-carousel')).TemplatesCarousel,
}));

/** SPEC §2: a looping carousel of the six templates. */
export function TemplatesSection() {
  return (
    <section className={sectionStyles.section} aria-labelledby="templates-heading">
      <div className={sectionStyles.sectionHead}>
        <h2 id="templates-heading" className={sectionStyles.sectionHeading}>
          {copy.templatesHeading}
        </h2>
        <p className={sectionStyles.sectionLead}>{copy.templatesLead}</p>
      </div>
      <Suspense fallback={<div className={styles.carouselSpace} />}>
        <TemplatesCarousel />
      </Suspense>
    </section>
  );
}
