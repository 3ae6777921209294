import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Checkbox } from './checkbox';
import { Field } from './field';
import { PasswordField } from './password-field';
import { Select } from './select';
import { TextArea } from './text-area';

describe('Field', () => {
  it('is named by its label and described by its hint', () => {
    render(<Field label="Email" type="email" hint="We reply to this address." />);

    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toHaveAccessibleDescription('We reply to this address.');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('with an error is invalid and described by hint and error', () => {
    render(<Field label="Email" hint="Work or personal." error="Email is required." />);

    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Work or personal. Email is required.');
  });

  it('marks optional fields in the label', () => {
    render(<Field label="Notes" optional />);
    expect(screen.getByLabelText('Notes (optional)')).toBeInTheDocument();
  });
});

describe('TextArea', () => {
  it('counts characters against a limit it does not enforce', () => {
    render(<TextArea label="Summary" value={'x'.repeat(12)} counterLimit={300} readOnly />);

    expect(screen.getByRole('textbox', { name: 'Summary' })).toHaveAttribute('rows', '4');
    expect(screen.getByText('12/300')).toBeVisible();
  });
});

describe('Select', () => {
  it('lists options after a placeholder and wires its error', () => {
    render(
      <Select
        label="Degree level"
        placeholder="Choose a level"
        options={['Bachelors', { value: 'Masters', label: 'Masters' }]}
        defaultValue=""
        error="Please choose a degree level."
      />,
    );

    const select = screen.getByRole('combobox', { name: 'Degree level' });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Please choose a degree level.');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Choose a level',
      'Bachelors',
      'Masters',
    ]);
  });
});

describe('Checkbox', () => {
  it('toggles from its label and shows its error', async () => {
    render(<Checkbox label="I accept the Terms" error="Please accept the Terms to continue." />);

    const box = screen.getByRole('checkbox', { name: 'I accept the Terms' });
    expect(box).toHaveAccessibleDescription('Please accept the Terms to continue.');
    await userEvent.click(screen.getByText('I accept the Terms'));
    expect(box).toBeChecked();
  });
});

describe('PasswordField', () => {
  it('shows and hides the password', async () => {
    render(<PasswordField label="Password" defaultValue="hunter22" />);

    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });
});
