import { LinkButton } from '@shortlist/web-kit';
import { useHref, useLocation } from 'react-router-dom';
import { messages } from '../../app/messages';
import styles from './not-found-screen.module.css';

const copy = messages.notFound;

/** SPEC §2: 'Page not found', the unmatched path, and buttons to Home, Contact and Influencer Kit. */
export function NotFoundScreen() {
  const { pathname } = useLocation();
  // useHref puts the router's basename back, so the user sees the path from the address bar.
  const shownPath = useHref({ pathname });
  return (
    <section className={styles.panel} aria-labelledby="not-found-heading">
      <title>{copy.title}</title>
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 id="not-found-heading" className={styles.heading}>
        {copy.heading}
      </h1>
      <p className={styles.path}>
        {copy.pathIntro} <code>{shownPath}</code>
      </p>
      <div className={styles.actions}>
        <LinkButton to="/home">{copy.home}</LinkButton>
        <LinkButton to="/contact" variant="secondary">
          {copy.contact}
        </LinkButton>
        <LinkButton to="/influencer-kit" variant="secondary">
          {copy.influencerKit}
        </LinkButton>
      </div>
    </section>
  );
}
