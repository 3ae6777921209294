import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Countdown } from './countdown';
import { formatCountdown } from './format-countdown';

describe('formatCountdown', () => {
  it.each([
    [48 * 3600 * 1000, '48:00:00'],
    [3_723_000, '01:02:03'],
    [999, '00:00:01'],
    [0, '00:00:00'],
    [-5000, '00:00:00'],
  ])('%i ms is %s', (ms, text) => {
    expect(formatCountdown(ms)).toBe(text);
  });
});

describe('Countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-01-01T00:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ticks down each second and reports the end once', () => {
    const onExpire = vi.fn();
    const deadline = Date.now() + 2880 * 60 * 1000;
    render(<Countdown deadline={deadline} onExpire={onExpire} label="Sale ends in" />);

    const timer = screen.getByRole('timer');
    expect(timer).toHaveTextContent('48:00:00');
    act(() => vi.advanceTimersByTime(1000));
    expect(timer).toHaveTextContent('47:59:59');
    act(() => vi.advanceTimersByTime(61_000));
    expect(timer).toHaveTextContent('47:58:58');
    expect(timer).toHaveAccessibleName('Sale ends in 47:58:58');

    act(() => vi.advanceTimersByTime(48 * 3600 * 1000));
    expect(timer).toHaveTextContent('00:00:00');
    expect(onExpire).toHaveBeenCalledTimes(1);
  });
});
