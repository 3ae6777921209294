import { LinkButton, NotFound } from '@shortlist/web-kit';
import { messages } from '../../shared/messages';

const copy = messages.notFound;

/** SPEC §2: 'Page not found', the unmatched path, and buttons to Home, Contact and Influencer Kit. */
export function NotFoundScreen() {
  return (
    <NotFound
      title={copy.title}
      heading={copy.heading}
      pathIntro={copy.pathIntro}
      actions={
        <>
          <LinkButton to="/home">{copy.home}</LinkButton>
          <LinkButton to="/contact" variant="secondary">
            {copy.contact}
          </LinkButton>
          <LinkButton to="/influencer-kit" variant="secondary">
            {copy.influencerKit}
          </LinkButton>
        </>
      }
    />
  );
}
