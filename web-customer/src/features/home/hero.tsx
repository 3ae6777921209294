import {
  LinkButton,
  useMediaQuery,
  useReducedMotion,
  useSession,
  VisuallyHidden,
} from '@shortlist/web-kit';
import { lazy, Suspense } from 'react';
import { messages } from '../../shared/messages';
import { loginPath, paths } from '../../shared/paths';
import styles from './hero.module.css';
import { useTypewriter } from './use-typewriter';

const copy = messages.home;

// Decoration shown from 40rem up (hero.module.css): a phone never downloads it, a wider screen
// fetches it as the hero renders, into a box of its final size (no layout shift when it lands).
const ResumeIllustration = lazy(async () => ({
  default: (await import('./resume-illustration')).ResumeIllustration,
}));
const VISUAL_SHOWN = '(min-width: 40rem)';

/** The path behind every "Create Resume" on Home: the builder, or login first (SPEC §2, §6). */
export function createResumeTarget(signedIn: boolean): string {
  return signedIn ? paths.createResume : loginPath(paths.createResume);
}

export function Hero() {
  const { user, signedIn } = useSession();
  const reducedMotion = useReducedMotion();
  const typed = useTypewriter(copy.typingWords, { enabled: !reducedMotion });
  const name = user?.name.trim() || copy.fallbackName;
  const ending = copy.headingEnd(name);
  const visualShown = useMediaQuery(VISUAL_SHOWN);

  return (
    <section className={styles.hero} aria-labelledby="home-heading">
      <div className={styles.intro}>
        <p className={styles.eyebrow}>{copy.eyebrow}</p>
        <h1 id="home-heading" className={styles.heading}>
          {/* Screen readers get one steady sentence instead of a word spelled out letter by letter. */}
          <VisuallyHidden>{`${copy.headingStart} ${copy.typingWords[0]} ${ending}`}</VisuallyHidden>
          <span aria-hidden="true">
            <span className={styles.line}>
              {copy.headingStart} <span className={styles.word}>{typed}</span>
              <span className={styles.caret} />
            </span>
            <span className={styles.line}>{ending}</span>
          </span>
        </h1>
        <p className={styles.lead}>{copy.lead}</p>
        <div className={styles.actions}>
          <LinkButton to={createResumeTarget(signedIn)}>{copy.createResume}</LinkButton>
          <LinkButton to={paths.orders} variant="secondary">
            {copy.viewOrders}
          </LinkButton>
          <LinkButton to={paths.atsCheck} variant="ghost">
            {copy.atsCheck}
          </LinkButton>
        </div>
      </div>
      <div className={styles.visual}>
        {visualShown ? (
          <Suspense fallback={<div className={styles.visualSpace} />}>
            <ResumeIllustration />
          </Suspense>
        ) : null}
      </div>
    </section>
  );
}
