import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider, useToast } from './toast-provider';

function Trigger({ duration }: { duration?: number }) {
  const toast = useToast();
  return (
    <button
      type="button"
      onClick={() => toast.show('Profile ID copied!', { tone: 'success', duration })}
    >
      Copy
    </button>
  );
}

describe('Toast', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('announces in a polite live region and goes away by itself', () => {
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');

    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(region).toHaveTextContent('Profile ID copied!');

    act(() => vi.advanceTimersByTime(4999));
    expect(region).toHaveTextContent('Profile ID copied!');
    act(() => vi.advanceTimersByTime(1));
    expect(region).not.toHaveTextContent('Profile ID copied!');
  });

  it('can be dismissed early, and waits while hovered', () => {
    render(
      <ToastProvider>
        <Trigger duration={1000} />
      </ToastProvider>,
    );
    const region = screen.getByRole('status');
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));

    fireEvent.mouseEnter(region);
    act(() => vi.advanceTimersByTime(5000));
    expect(region).toHaveTextContent('Profile ID copied!');

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(region).not.toHaveTextContent('Profile ID copied!');
  });

  it('refuses to work outside a provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Trigger />)).toThrow('useToast must be used inside a <ToastProvider>');
  });
});
