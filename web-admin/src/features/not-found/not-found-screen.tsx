import { LinkButton, NotFound } from '@shortlist/web-kit';
import { messages } from '../../shared/messages';

const copy = messages.notFound;

/** SPEC §2: 'Page not found' and the unmatched path. */
export function NotFoundScreen() {
  return (
    <NotFound
      title={copy.title}
      heading={copy.heading}
      pathIntro={copy.pathIntro}
      actions={<LinkButton to="/">{copy.back}</LinkButton>}
    />
  );
}
