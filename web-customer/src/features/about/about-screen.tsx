import { Carousel, LinkButton } from '@shortlist/web-kit';
import { flowMessages } from '../../shared/flow-messages';
import { PageHeader } from '../../shared/page-header';
import { paths } from '../../shared/paths';
import { CREATORS, type Creator, SUCCESS_STORIES, type SuccessStory } from './about-content';
import styles from './about-screen.module.css';

const copy = flowMessages.about;

/** SPEC §9 carousel timings on About. */
const CREATORS_INTERVAL_MS = 5500;
const STORIES_INTERVAL_MS = 6000;

export function AboutScreen() {
  return (
    <div className={styles.page}>
      <title>{copy.title}</title>
      <PageHeader
        eyebrow={copy.eyebrow}
        heading={copy.heading}
        lead={copy.lead}
        headingId="about-heading"
      >
        <dl className={styles.claims}>
          {copy.claims.map((claim) => (
            <div key={claim.label} className={styles.claim}>
              <dt className={styles.claimLabel}>{claim.label}</dt>
              <dd className={styles.claimValue}>{claim.value}</dd>
            </div>
          ))}
        </dl>
      </PageHeader>

      <section className={styles.section} aria-labelledby="creators-heading">
        <div className={styles.sectionHead}>
          <h2 id="creators-heading" className={styles.sectionHeading}>
            {copy.creatorsHeading}
          </h2>
          <p className={styles.sectionLead}>{copy.creatorsLead}</p>
        </div>
        <Carousel
          label={copy.creatorsCarousel}
          items={CREATORS}
          getKey={(creator) => creator.id}
          renderItem={(creator) => <CreatorCard creator={creator} />}
          itemsPerSlide={3}
          interval={CREATORS_INTERVAL_MS}
        />
      </section>

      <section className={styles.mission} aria-labelledby="mission-heading">
        <h2 id="mission-heading" className={styles.sectionHeading}>
          {copy.missionHeading}
        </h2>
        <div className={styles.missionText}>
          {copy.mission.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </section>

      <section className={styles.section} aria-labelledby="stories-heading">
        <h2 id="stories-heading" className={styles.sectionHeading}>
          {copy.storiesHeading}
        </h2>
        <Carousel
          label={copy.storiesCarousel}
          items={SUCCESS_STORIES}
          getKey={(story) => story.id}
          renderItem={(story) => <StoryCard story={story} />}
          itemsPerSlide={3}
          interval={STORIES_INTERVAL_MS}
        />
      </section>

      <section className={styles.closing} aria-label={copy.contactCta}>
        <p className={styles.sectionLead}>{copy.closing}</p>
        <div className={styles.actions}>
          <LinkButton to={paths.contact}>{copy.contactCta}</LinkButton>
          <LinkButton to={paths.pricing} variant="secondary">
            {copy.pricingCta}
          </LinkButton>
        </div>
      </section>
    </div>
  );
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part.charAt(0))
    .join('')
    .replace(/\*/g, '')
    .slice(0, 2);
}

function CreatorCard({ creator }: { creator: Creator }) {
  return (
    <article className={styles.person} aria-labelledby={`creator-${creator.id}`}>
      <div className={styles.personHead}>
        <span className={styles.avatar} aria-hidden="true">
          {initials(creator.name)}
        </span>
        <div>
          <h3 id={`creator-${creator.id}`} className={styles.name}>
            {creator.name}
          </h3>
          <p className={styles.role}>{creator.role}</p>
        </div>
      </div>
      <p className={styles.detail}>{creator.focus}</p>
      <p className={styles.role}>{creator.experience}</p>
    </article>
  );
}

function StoryCard({ story }: { story: SuccessStory }) {
  return (
    <figure className={styles.quote}>
      <blockquote>
        <p>“{story.quote}”</p>
      </blockquote>
      <figcaption className={styles.caption}>
        <strong>{story.name}</strong>, {story.role}
      </figcaption>
      <p className={styles.outcome}>{story.outcome}</p>
    </figure>
  );
}
