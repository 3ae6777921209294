import { useEffect, useState } from 'react';

/** SPEC §4: type 80 ms a letter, hold 900 ms, delete 40 ms a letter, pause 300 ms, next word. */
const TYPEWRITER_TIMING = { typeMs: 80, holdMs: 900, deleteMs: 40, pauseMs: 300 } as const;

export type TypewriterTiming = { [Key in keyof typeof TYPEWRITER_TIMING]: number };

type Phase = 'typing' | 'holding' | 'deleting' | 'pausing';

interface TypewriterState {
  wordIndex: number;
  length: number;
  phase: Phase;
}

/**
 * The first word arrives whole and is held, then the cycle runs (delete, pause, type the next).
 * The first paint is then the finished headline: typing it in letter by letter grew the hero's
 * heading for a second after it appeared, and each growth was a new largest paint (LCP) for the
 * page; SPEC §4's timings all still apply from the first deletion on.
 */
const start = (words: readonly string[]): TypewriterState => ({
  wordIndex: 0,
  length: words[0]?.length ?? 0,
  phase: 'holding',
});

/** One step of the machine: how long to wait, and the state after the wait. */
function step(
  state: TypewriterState,
  words: readonly string[],
  timing: TypewriterTiming,
): { delay: number; next: TypewriterState } {
  const word = words[state.wordIndex] ?? '';
  switch (state.phase) {
    case 'typing': {
      const length = Math.min(state.length + 1, word.length);
      return {
        delay: timing.typeMs,
        next: { ...state, length, phase: length >= word.length ? 'holding' : 'typing' },
      };
    }
    case 'holding':
      return { delay: timing.holdMs, next: { ...state, phase: 'deleting' } };
    case 'deleting': {
      const length = Math.max(state.length - 1, 0);
      return {
        delay: timing.deleteMs,
        next: { ...state, length, phase: length === 0 ? 'pausing' : 'deleting' },
      };
    }
    case 'pausing':
      return {
        delay: timing.pauseMs,
        next: { wordIndex: (state.wordIndex + 1) % words.length, length: 0, phase: 'typing' },
      };
  }
}

/**
 * The text a typewriter shows now, cycling through `words`. When disabled (reduced motion) it
 * shows the first word, whole and still.
 */
export function useTypewriter(
  words: readonly string[],
  {
    enabled = true,
    timing = TYPEWRITER_TIMING,
  }: { enabled?: boolean; timing?: TypewriterTiming } = {},
): string {
  const [state, setState] = useState<TypewriterState>(() => start(words));

  useEffect(() => {
    if (!enabled || words.length === 0) return;
    const { delay, next } = step(state, words, timing);
    const timer = setTimeout(() => setState(next), delay);
    return () => clearTimeout(timer);
  }, [enabled, state, words, timing]);

  if (!enabled) return words[0] ?? '';
  return (words[state.wordIndex] ?? '').slice(0, state.length);
}
