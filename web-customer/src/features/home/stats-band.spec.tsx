import { mockIntersectionObserver, mockReducedMotion } from '@shortlist/web-kit/testing';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StatsBand } from './stats-band';
import { easeOutCubic } from './use-count-up';

// The number drawn for the eye (aria-hidden), next to the figure readers get.
const drawn = (label: string) =>
  screen.getByText(label).parentElement?.querySelector('dd [aria-hidden="true"]')?.textContent;

describe('stats band count-up (SPEC §4: 1600 ms, ease-out, at 30% visible, once)', () => {
  let observer: ReturnType<typeof mockIntersectionObserver>;
  let media: ReturnType<typeof mockReducedMotion>;

  beforeEach(() => {
    vi.useFakeTimers({
      toFake: [
        'setTimeout',
        'clearTimeout',
        'requestAnimationFrame',
        'cancelAnimationFrame',
        'performance',
        'Date',
      ],
    });
    observer = mockIntersectionObserver();
    media = mockReducedMotion(false);
  });
  afterEach(() => {
    observer.restore();
    media.restore();
    vi.useRealTimers();
  });

  it('waits at 0 until 30% of the band is visible, then counts up with ease-out to the claims', () => {
    render(<StatsBand />);
    expect(observer.records[0]?.options?.threshold).toBe(0.3);
    expect(drawn('resumes created')).toBe('0+');
    // Readers always get the real figure.
    expect(screen.getByText('218+')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(2000));
    expect(drawn('resumes created')).toBe('0+');

    act(() => observer.reveal(0.1));
    act(() => vi.advanceTimersByTime(500));
    expect(drawn('resumes created')).toBe('0+');

    act(() => observer.reveal(0.3));
    act(() => vi.advanceTimersByTime(816)); // first frame + half the duration
    const halfway = Number(drawn('resumes created')?.replace('+', ''));
    // Ease-out: past the linear midpoint (109) at half time.
    expect(halfway).toBeGreaterThan(109);
    expect(halfway).toBeLessThan(218);
    expect(halfway).toBeCloseTo(218 * easeOutCubic(0.5), -1);

    act(() => vi.advanceTimersByTime(900));
    expect(drawn('resumes created')).toBe('218+');
    expect(drawn('interviews scheduled')).toBe('170+');
    expect(drawn('average ATS score')).toBe('85%');
    expect(drawn('satisfaction')).toBe('99%');
  });

  it('counts only once', () => {
    render(<StatsBand />);
    act(() => observer.reveal(1));
    act(() => vi.advanceTimersByTime(2000));
    act(() => observer.reveal(0));
    act(() => observer.reveal(1));
    act(() => vi.advanceTimersByTime(100));
    expect(drawn('resumes created')).toBe('218+');
  });

  it('under reduced motion shows the final numbers at once', () => {
    media.restore();
    media = mockReducedMotion(true);
    render(<StatsBand />);
    expect(drawn('resumes created')).toBe('218+');
  });
});
