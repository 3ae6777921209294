import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Drawer } from '../drawer/drawer';
import { Dialog } from './dialog';

function Harness({
  busy = false,
  kind = 'dialog',
}: {
  busy?: boolean;
  kind?: 'dialog' | 'drawer';
}) {
  const [open, setOpen] = useState(false);
  const Overlay = kind === 'dialog' ? Dialog : Drawer;
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open terms
      </button>
      <Overlay
        open={open}
        onClose={() => setOpen(false)}
        title="Terms"
        busy={busy}
        footer={<button type="button">Accept</button>}
      >
        <a href="#top">First link</a>
      </Overlay>
    </>
  );
}

async function openIt() {
  await userEvent.click(screen.getByRole('button', { name: 'Open terms' }));
  return screen.getByRole('dialog', { name: 'Terms' });
}

describe.each(['dialog', 'drawer'] as const)('%s', (kind) => {
  it('opens as a modal named by its heading', async () => {
    render(<Harness kind={kind} />);
    const dialog = await openIt();

    expect(dialog).toHaveAttribute('open');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('heading', { name: 'Terms' })).toBeVisible();
  });

  it('closes on Escape and gives focus back to the opener', async () => {
    render(<Harness kind={kind} />);
    const dialog = await openIt();
    screen.getByRole('link', { name: 'First link' }).focus();

    fireEvent.keyDown(dialog, { key: 'Escape' });

    expect(dialog).not.toHaveAttribute('open');
    expect(screen.getByRole('button', { name: 'Open terms' })).toHaveFocus();
  });

  it('closes on a backdrop click and on its close button, not on a click inside', async () => {
    render(<Harness kind={kind} />);
    let dialog = await openIt();
    await userEvent.click(screen.getByRole('link', { name: 'First link' }));
    expect(dialog).toHaveAttribute('open');

    fireEvent.click(dialog);
    expect(dialog).not.toHaveAttribute('open');

    dialog = await openIt();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(dialog).not.toHaveAttribute('open');
  });

  it('keeps Tab inside: past the last control it wraps to the first, and back', async () => {
    render(<Harness kind={kind} />);
    const dialog = await openIt();
    const close = screen.getByRole('button', { name: 'Close' });
    const accept = screen.getByRole('button', { name: 'Accept' });

    accept.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(close).toHaveFocus();

    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(accept).toHaveFocus();
  });

  it('while busy ignores Escape, the backdrop and the close button', async () => {
    render(<Harness kind={kind} busy />);
    const dialog = await openIt();

    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.click(dialog);

    expect(dialog).toHaveAttribute('open');
    expect(dialog).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Close' })).toBeDisabled();
  });
});

describe('Dialog', () => {
  it('reports a close request only through onClose (the parent owns `open`)', () => {
    const onClose = vi.fn();
    render(
      <Dialog open onClose={onClose} title="Refund policy">
        <p>Only while Pending.</p>
      </Dialog>,
    );

    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });

    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('dialog')).toHaveAttribute('open');
  });
});
