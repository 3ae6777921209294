import { LinkButton } from '@shortlist/web-kit';
import { messages } from '../app/messages';
import styles from './coming-next-screen.module.css';
import { paths } from './paths';

/**
 * Stand-in for a screen another step builds (auth, builder, pricing, checkout, orders,
 * profile): each feature folder renders this until it gets its real screen.
 */
export function ComingNextScreen({ heading }: { heading: string }) {
  return (
    <section className={styles.panel} aria-labelledby="coming-next-heading">
      <title>{`${heading} · Shortlist`}</title>
      <h1 id="coming-next-heading" className={styles.heading}>
        {heading}
      </h1>
      <p className={styles.lead}>{messages.comingNext.lead}</p>
      <LinkButton to={paths.home} variant="secondary">
        {messages.comingNext.home}
      </LinkButton>
    </section>
  );
}
