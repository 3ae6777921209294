import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';
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
  return [styles.button, styles[variant], styles[size], className].filter(Boolean).join(' ');
}
