import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Skeleton } from './skeleton';
import { LoadingState, Spinner } from './spinner';
import { EmptyState, ErrorState } from './states';

describe('loading, empty and error states', () => {
  it('ErrorState shows the message as an alert and retries', async () => {
    const onRetry = vi.fn();
    render(<ErrorState message="Failed to load orders." onRetry={onRetry} />);

    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load orders.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('EmptyState names the situation and offers the next action', () => {
    render(
      <EmptyState title="No pending orders" action={<a href="/createresume">Create Resume</a>} />,
    );

    expect(screen.getByRole('heading', { name: 'No pending orders' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Create Resume' })).toBeVisible();
  });

  it('LoadingState and Spinner speak; Skeleton stays silent', () => {
    const { container } = render(
      <>
        <LoadingState message="Loading orders…" />
        <Spinner label="Saving" />
        <Skeleton lines={3} />
      </>,
    );

    expect(screen.getByRole('status')).toHaveTextContent('Loading orders…');
    expect(screen.getByText('Saving')).toBeInTheDocument();
    expect(container.querySelectorAll('[aria-hidden="true"] > span')).toHaveLength(3);
  });
});
