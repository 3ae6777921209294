import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Stepper } from './stepper';

const steps = [
  'Target role',
  'Personal',
  'Summary',
  'Work',
  'Education',
  'Skills',
  'Projects',
  'Certifications',
  'Languages',
];

describe('Stepper', () => {
  it('lists every step and marks the current one', () => {
    render(<Stepper steps={steps} current={2} label="Resume builder progress" />);

    expect(screen.getByRole('navigation', { name: 'Resume builder progress' })).toBeVisible();
    expect(screen.getAllByRole('listitem')).toHaveLength(9);
    expect(screen.getByText('Summary').closest('[aria-current]')).toHaveAttribute(
      'aria-current',
      'step',
    );
    expect(screen.getByText('Step 3 of 9: Summary')).toBeInTheDocument();
    expect(screen.getByText('Target role').parentElement).toHaveTextContent(
      'Target role (completed)',
    );
  });

  it('lets finished steps be revisited when asked to', async () => {
    const onStepSelect = vi.fn();
    render(<Stepper steps={steps} current={2} onStepSelect={onStepSelect} />);

    await userEvent.click(screen.getByRole('button', { name: /Personal/ }));
    expect(onStepSelect).toHaveBeenCalledWith(1);
    expect(screen.queryByRole('button', { name: /Skills/ })).toBeNull();
  });
});
