import type { ReactNode } from 'react';
import styles from './data-table.module.css';

/** The row above a list: its search box and filters, wrapping on a phone. */
export function DataTableToolbar({ children }: { children: ReactNode }) {
  return <div className={styles.toolbar}>{children}</div>;
}
