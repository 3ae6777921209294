import type { DialogProps } from '../dialog/dialog-props';
import { ModalShell } from '../dialog/modal-shell';
import styles from './drawer.module.css';

export interface DrawerProps extends Omit<DialogProps, 'size'> {
  side?: 'right' | 'left';
  width?: 'md' | 'wide';
}

/** A modal side panel (admin "View Details", reply history) with Dialog's mechanics. */
export function Drawer({ side = 'right', width = 'md', className, ...props }: DrawerProps) {
  const classes = [
    styles.drawer,
    side === 'left' ? styles.left : null,
    width === 'wide' ? styles.wide : null,
    className,
  ];
  return <ModalShell {...props} className={classes.filter(Boolean).join(' ')} classes={styles} />;
}
