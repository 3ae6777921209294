import type { ComponentPropsWithRef } from 'react';
import styles from './field.module.css';
import { FieldChrome, type FieldChromeProps, useFieldIds } from './field-chrome';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps
  extends ComponentPropsWithRef<'select'>,
    Omit<FieldChromeProps, 'className'> {
  className?: string;
  /** The choices; pass `children` instead for option groups. */
  options?: readonly (SelectOption | string)[];
  /** A first, empty choice such as "Choose a major"; it cannot be picked back once left. */
  placeholder?: string;
}

export function Select({
  label,
  hint,
  error,
  optional,
  className,
  id,
  options,
  placeholder,
  children,
  'aria-describedby': describedBy,
  ...select
}: SelectProps) {
  const ids = useFieldIds({ id, hint, error }, describedBy);
  return (
    <FieldChrome
      label={label}
      hint={hint}
      error={error}
      optional={optional}
      className={className}
      ids={ids}
    >
      <select
        id={ids.controlId}
        className={styles.control}
        aria-invalid={ids.invalid}
        aria-describedby={ids.describedBy}
        {...select}
      >
        {placeholder === undefined ? null : (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {options?.map((option) => {
          const {
            value,
            label: text,
            disabled,
          } = typeof option === 'string'
            ? { value: option, label: option, disabled: false }
            : option;
          return (
            <option key={value} value={value} disabled={disabled}>
              {text}
            </option>
          );
        })}
        {children}
      </select>
    </FieldChrome>
  );
}
