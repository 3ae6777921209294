import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';

describe('Button', () => {
  it('is a plain button that reports clicks', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Pay now</Button>);

    const button = screen.getByRole('button', { name: 'Pay now' });
    expect(button).toHaveAttribute('type', 'button');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('while loading is disabled, busy and shows the loading label', async () => {
    const onClick = vi.fn();
    render(
      <Button loading loadingLabel="Paying…" onClick={onClick}>
        Pay now
      </Button>,
    );

    const button = screen.getByRole('button', { name: 'Paying…' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('can be disabled without loading', () => {
    render(
      <Button variant="secondary" disabled>
        Delete order
      </Button>,
    );

    const button = screen.getByRole('button', { name: 'Delete order' });
    expect(button).toBeDisabled();
    expect(button).not.toHaveAttribute('aria-busy');
  });
});
