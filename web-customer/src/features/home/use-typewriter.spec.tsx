import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTypewriter } from './use-typewriter';

function Typed({ enabled = true }: { enabled?: boolean }) {
  const text = useTypewriter(WORDS, { enabled });
  return <output>{text}</output>;
}

const WORDS = ['Shortlisted', 'Hired', 'Selected', 'Interviewed', 'Noticed'] as const;

const shown = () => screen.getByRole('status').textContent;
// One millisecond per act(): each timeout is scheduled by an effect after the previous render,
// so a single long jump would stop after the first letter.
const advance = (ms: number) => {
  for (let step = 0; step < ms; step += 1) act(() => vi.advanceTimersByTime(1));
};

describe('useTypewriter (SPEC §4 timing)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the first word whole, holds 900 ms, deletes at 40 ms a letter, pauses 300 ms, then types the next at 80 ms a letter', () => {
    render(<Typed />);
    // The first paint is the finished headline (no letter-by-letter growth of the page's LCP).
    expect(shown()).toBe('Shortlisted');

    advance(900 + 39); // the hold, then not quite one deletion
    expect(shown()).toBe('Shortlisted');
    advance(1);
    expect(shown()).toBe('Shortliste');
    advance(40 * 10);
    expect(shown()).toBe('');

    advance(300 + 79); // the pause, then not quite one letter
    expect(shown()).toBe('');
    advance(1);
    expect(shown()).toBe('H');
    advance(80 * 4);
    expect(shown()).toBe('Hired');

    advance(900 + 39); // a typed word is held as long
    expect(shown()).toBe('Hired');
    advance(1);
    expect(shown()).toBe('Hire');
  });

  it('cycles through all five words and back to the first', () => {
    render(<Typed />);
    const seen = new Set<string>();
    for (let elapsed = 0; elapsed < 20_000; elapsed += 20) {
      act(() => vi.advanceTimersByTime(20));
      seen.add(shown() ?? '');
    }
    for (const word of WORDS) expect(seen).toContain(word);
  });

  it('when disabled (reduced motion) shows the first word, still', () => {
    render(<Typed enabled={false} />);
    expect(shown()).toBe('Shortlisted');
    advance(10_000);
    expect(shown()).toBe('Shortlisted');
  });
});
