import type { ReactNode } from 'react';
import { type ChipTone, orderStatusLook, paymentStatusLook } from './status';
import styles from './status-chip.module.css';

export interface ChipProps {
  tone?: ChipTone;
  children: ReactNode;
  className?: string;
}

/** A small label in one of the semantic tones (roles, query and payout states). */
export function Chip({ tone = 'neutral', children, className }: ChipProps) {
  return (
    <span className={[styles.chip, styles[tone], className].filter(Boolean).join(' ')}>
      {children}
    </span>
  );
}

export interface StatusChipProps {
  /** 'order' (default) maps SPEC §4 order statuses; 'payment' maps paid/unpaid. */
  kind?: 'order' | 'payment';
  /** The raw value from the API; missing, 'paid' (as an order status) or unknown shows Pending. */
  value: string | null | undefined;
  className?: string;
}

/** The same status always in the same colour, in all three apps (UI.md). */
export function StatusChip({ kind = 'order', value, className }: StatusChipProps) {
  const { label, tone } = kind === 'payment' ? paymentStatusLook(value) : orderStatusLook(value);
  return (
    <Chip tone={tone} className={className}>
      {label}
    </Chip>
  );
}
