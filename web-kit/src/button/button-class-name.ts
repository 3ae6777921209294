import styles from './button.module.css';

/**
 * `danger` confirms a destructive or money-losing action (the dialog's Delete, Refund, Reject);
 * `danger-quiet` offers one in a row of other actions, red but not loud.
 */
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'danger-quiet';

const VARIANT_CLASS: Readonly<Record<ButtonVariant, string | undefined>> = {
  primary: styles.primary,
  secondary: styles.secondary,
  ghost: styles.ghost,
  danger: styles.danger,
  'danger-quiet': styles.dangerQuiet,
};
export type ButtonSize = 'md' | 'sm';

export interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/** Shared by Button and LinkButton so an action and a navigation look the same. */
export function buttonClassName({
  variant = 'primary',
  size = 'md',
  className,
}: ButtonLook): string {
  return [styles.button, VARIANT_CLASS[variant], styles[size], className].filter(Boolean).join(' ');
}
