import { useMediaQuery } from './use-media-query';

/** UI.md: every animation (typewriter, count-up, carousels, ticker) honours this wish. */
export function useReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)');
}
