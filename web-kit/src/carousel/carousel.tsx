import {
  type CSSProperties,
  type FocusEvent,
  type ReactNode,
  useEffect,
  useId,
  useState,
} from 'react';
import { useMediaQuery } from '../motion/use-media-query';
import { useReducedMotion } from '../motion/use-reduced-motion';
import styles from './carousel.module.css';
import { ChevronIcon, PlayPauseIcon } from './carousel-icons';

export interface CarouselProps<Item> {
  items: readonly Item[];
  renderItem: (item: Item, index: number) => ReactNode;
  getKey: (item: Item) => string;
  /** Names the carousel region, e.g. "Resume creators". */
  label: string;
  /** Items side by side on one slide from 48rem up (SPEC §9: 3 on About). Default 1. */
  itemsPerSlide?: number;
  /** Items per slide on narrower screens, where three cards would be too thin. Default 1. */
  narrowItemsPerSlide?: number;
  /** Auto-advance every this many ms; 0 turns it off. Default 5000. */
  interval?: number;
  /** Next after the last slide goes to the first (and back). Default true. */
  loop?: boolean;
  className?: string;
}

/**
 * A slide carousel after the WAI-ARIA APG pattern. Auto-advance stops while the pointer is
 * over it, while focus is inside it, when the user pauses it, and always under
 * prefers-reduced-motion (UI.md). Hidden slides are inert so Tab never lands in them.
 */
export function Carousel<Item>({
  items,
  renderItem,
  getKey,
  label,
  itemsPerSlide = 1,
  narrowItemsPerSlide = 1,
  interval = 5000,
  loop = true,
  className,
}: CarouselProps<Item>) {
  const wide = useMediaQuery('(min-width: 48rem)');
  const reducedMotion = useReducedMotion();
  const perSlide = Math.max(1, wide ? itemsPerSlide : narrowItemsPerSlide);
  const slides = chunk(items, perSlide);
  const slideCount = slides.length;

  const [requested, setIndex] = useState(0);
  // A resize can shrink the number of slides under the current one.
  const index = Math.min(requested, Math.max(0, slideCount - 1));
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [userPaused, setUserPaused] = useState(false);
  const id = useId();

  const autoAdvance = interval > 0 && slideCount > 1 && !reducedMotion;
  const playing = autoAdvance && !userPaused;
  const running = playing && !hovered && !focused;

  const go = (target: number) => {
    if (slideCount === 0) return;
    const next = loop
      ? (target + slideCount) % slideCount
      : Math.min(Math.max(target, 0), slideCount - 1);
    setIndex(next);
  };

  // A timeout per slide, not an interval: a manual move restarts the full wait.
  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(() => {
      setIndex(index + 1 < slideCount ? index + 1 : loop ? 0 : index);
    }, interval);
    return () => clearTimeout(timer);
  }, [running, interval, slideCount, loop, index]);

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };

  const atStart = !loop && index === 0;
  const atEnd = !loop && index === slideCount - 1;

  return (
    <section
      className={[styles.carousel, className].filter(Boolean).join(' ')}
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <div className={styles.viewport}>
        <div
          id={`${id}-track`}
          className={styles.track}
          style={{ transform: `translateX(calc(${-index * 100}% - ${index} * var(--space-4)))` }}
          // Announce slide changes only when the user drives them (APG).
          aria-live={running ? 'off' : 'polite'}
        >
          {slides.map((slide, slideIndex) => {
            const current = slideIndex === index;
            return (
              // biome-ignore lint/a11y/useSemanticElements: the APG carousel marks each slide as a group; a fieldset would announce a form.
              <div
                key={slide.map((entry) => getKey(entry.item)).join('|')}
                className={styles.slide}
                style={{ '--per-slide': perSlide } as CSSProperties}
                role="group"
                aria-roledescription="slide"
                aria-label={`${slideIndex + 1} of ${slideCount}`}
                aria-hidden={!current || undefined}
                inert={!current}
              >
                {slide.map((entry) => (
                  <div key={getKey(entry.item)}>{renderItem(entry.item, entry.index)}</div>
                ))}
              </div>
            );
          })}
        </div>
      </div>
      {slideCount > 1 ? (
        <div className={styles.controls}>
          {autoAdvance ? (
            <button
              type="button"
              className={styles.play}
              aria-label={playing ? 'Pause slides' : 'Play slides'}
              onClick={() => setUserPaused((paused) => !paused)}
            >
              <PlayPauseIcon playing={playing} />
            </button>
          ) : null}
          <button
            type="button"
            className={styles.arrow}
            aria-label="Previous slide"
            aria-controls={`${id}-track`}
            disabled={atStart}
            onClick={() => go(index - 1)}
          >
            <ChevronIcon direction="left" />
          </button>
          <ul className={styles.dots}>
            {slides.map((slide, slideIndex) => (
              <li key={slide.map((entry) => getKey(entry.item)).join('|')}>
                <button
                  type="button"
                  className={styles.dot}
                  aria-label={`Slide ${slideIndex + 1} of ${slideCount}`}
                  aria-current={slideIndex === index ? 'true' : undefined}
                  aria-controls={`${id}-track`}
                  onClick={() => go(slideIndex)}
                />
              </li>
            ))}
          </ul>
          <button
            type="button"
            className={styles.arrow}
            aria-label="Next slide"
            aria-controls={`${id}-track`}
            disabled={atEnd}
            onClick={() => go(index + 1)}
          >
            <ChevronIcon direction="right" />
          </button>
        </div>
      ) : null}
    </section>
  );
}

function chunk<Item>(items: readonly Item[], size: number): { item: Item; index: number }[][] {
  const slides: { item: Item; index: number }[][] = [];
  items.forEach((item, index) => {
    const slideIndex = Math.floor(index / size);
    const slide = slides[slideIndex] ?? [];
    slide.push({ item, index });
    slides[slideIndex] = slide;
  });
  return slides;
}
