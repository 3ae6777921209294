import { useCallback, useState } from 'react';

/** SPEC §9: the sale runs 2880 minutes (48 hours) from the first visit in a session. */
export const SALE_WINDOW_MS = 2880 * 60 * 1000;
export const SALE_START_KEY = 'saleStartedAt';

function write(start: number): void {
  try {
    window.sessionStorage.setItem(SALE_START_KEY, String(start));
  } catch {
    // Storage off: the window simply starts again on the next visit.
  }
}

function readStart(): number {
  try {
    const raw = window.sessionStorage.getItem(SALE_START_KEY);
    const start = Number(raw);
    if (raw !== null && Number.isFinite(start) && start > 0) return start;
  } catch {
    // Fall through to a new window.
  }
  const now = Date.now();
  write(now);
  return now;
}

/** The sale's end, kept per session; `restart` opens a new window once it has run out (SPEC §4). */
export function useSaleDeadline(): { deadline: number; restart: () => void } {
  const [start, setStart] = useState(readStart);
  const restart = useCallback(() => {
    const now = Date.now();
    write(now);
    setStart(now);
  }, []);
  return { deadline: start + SALE_WINDOW_MS, restart };
}
