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

describe('destructive buttons', () => {
  it('look destructive: a red confirmation, a quieter red row action, never the primary blue', () => {
    render(
      <>
        <Button variant="danger">Delete</Button>
        <Button variant="danger-quiet">Refund</Button>
        <Button>Save</Button>
      </>,
    );
    const primary = screen.getByRole('button', { name: 'Save' }).className;
    const confirm = screen.getByRole('button', { name: 'Delete' }).className;
    const quiet = screen.getByRole('button', { name: 'Refund' }).className;
    expect(confirm).toMatch(/danger/);
    expect(quiet).toMatch(/dangerQuiet/);
    expect(confirm).not.toBe(primary);
    expect(quiet).not.toBe(confirm);
  });
});
