import { Carousel } from '@shortlist/web-kit';
import { messages } from '../../shared/messages';
import { RESUME_TEMPLATES, type ResumeTemplate } from './templates';
import styles from './templates-carousel.module.css';

const copy = messages.home;

/** SPEC §2: a looping carousel of the six templates (its own chunk; see templates-section.tsx). */
export function TemplatesCarousel() {
  return (
    <Carousel
      label={copy.templatesCarousel}
      items={RESUME_TEMPLATES}
      getKey={(template) => template.id}
      renderItem={(template) => <TemplateCard template={template} />}
      itemsPerSlide={3}
      narrowItemsPerSlide={1}
      interval={5000}
      loop
    />
  );
}

function TemplateCard({ template }: { template: ResumeTemplate }) {
  return (
    <article className={styles.card} aria-labelledby={`template-${template.id}`}>
      <div className={styles.thumb}>
        <img
          src={template.img}
          alt={`Preview of the ${template.name} template`}
          width="120"
          height="170"
          loading="lazy"
          decoding="async"
        />
      </div>
      <h3 id={`template-${template.id}`} className={styles.name}>
        {template.name}
      </h3>
      <ul className={styles.tags} aria-label="Tags">
        {template.tags.map((tag) => (
          <li key={tag} className={styles.tag}>
            {tag}
          </li>
        ))}
      </ul>
      <p className={styles.suits}>
        {copy.templateSuits}: {template.companies.join(', ')}
      </p>
    </article>
  );
}
