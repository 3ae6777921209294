import { Spinner } from '@shortlist/web-kit';
import { flowMessages } from '../../shared/flow-messages';
import styles from './resume-builder.module.css';

const copy = flowMessages.builder;

/** SPEC §2: the full-screen overlay while the resume is saved. */
export function SavingOverlay() {
  return (
    <div className={styles.overlay}>
      <div className={styles.overlayCard} role="status" aria-live="assertive">
        <Spinner size="2.5rem" />
        <p className={styles.overlayTitle}>{copy.savingTitle}</p>
        <p>{copy.savingText}</p>
      </div>
    </div>
  );
}
