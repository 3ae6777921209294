import type { ComponentPropsWithRef } from 'react';
import styles from './button.module.css';
import { type ButtonLook, buttonClassName } from './button-class-name';

export interface ButtonProps extends ComponentPropsWithRef<'button'>, ButtonLook {
  /** While true the button is disabled and shows `loadingLabel` beside a spinner. */
  loading?: boolean;
  loadingLabel?: string;
}

export function Button({
  variant,
  size,
  className,
  loading = false,
  loadingLabel = 'Please wait…',
  disabled,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      // Default to "button": a bare <button> inside a form would submit it by accident.
      type={type}
      className={buttonClassName({ variant, size, className })}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? (
        <>
          <span className={styles.spinner} aria-hidden="true" />
          {loadingLabel}
        </>
      ) : (
        children
      )}
    </button>
  );
}
