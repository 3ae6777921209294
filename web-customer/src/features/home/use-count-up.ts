import { type RefObject, useEffect, useState } from 'react';

/** SPEC §4 / §9: count up over 1600 ms with ease-out, once 30% of the band is visible. */
const COUNT_UP_DURATION_MS = 1600;
const COUNT_UP_THRESHOLD = 0.3;

/** Cubic ease-out: fast at first, settling gently on the final number. */
export function easeOutCubic(progress: number): number {
  return 1 - (1 - progress) ** 3;
}

/** 0 until `start`, then up to `target` over `duration` ms; at once when `animate` is false. */
export function useCountUp(
  target: number,
  {
    start,
    animate = true,
    duration = COUNT_UP_DURATION_MS,
  }: { start: boolean; animate?: boolean; duration?: number },
): number {
  const [value, setValue] = useState(0);

  useEffect(() => {
    if (!start || !animate) return;
    let frame = 0;
    let startedAt: number | null = null;
    const tick = (now: number) => {
      startedAt ??= now;
      const progress = Math.min(1, (now - startedAt) / duration);
      setValue(Math.round(target * easeOutCubic(progress)));
      if (progress < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [start, animate, target, duration]);

  return animate ? value : target;
}

/**
 * True from the first time `threshold` of the element is visible, and from then on (once).
 * Without IntersectionObserver the element counts as seen, so the numbers are never stuck at 0.
 */
export function useSeenOnce(
  ref: RefObject<Element | null>,
  threshold: number = COUNT_UP_THRESHOLD,
): boolean {
  const [seen, setSeen] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        // A hair under the threshold still counts: browsers report the crossing ratio rounded.
        if (
          entries.some(
            (entry) => entry.isIntersecting && entry.intersectionRatio >= threshold - 0.01,
          )
        ) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { threshold },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, seen, threshold]);

  return seen;
}
