import { Button, useToast } from '@shortlist/web-kit';
import { copyText } from '../../shared/copy-text';
import { messages } from '../../shared/messages';
import styles from './influencers-screen.module.css';

/** A password the server answered once: shown with Copy, never stored or listed. */
export function OneTimePassword({ label, password }: { label: string; password: string }) {
  const toast = useToast();
  const copy = async () => {
    const copied = await copyText(password);
    toast.show(copied ? messages.common.copied : messages.common.copyFailed, {
      tone: copied ? 'success' : 'danger',
    });
  };
  return (
    <div>
      <p>{messages.influencers.shownOnce}</p>
      <p className={styles.secretLabel}>{label}</p>
      <div className={styles.secret}>
        <code className={styles.secretValue}>{password}</code>
        <Button size="sm" variant="secondary" onClick={() => void copy()}>
          {messages.common.copy}
        </Button>
      </div>
    </div>
  );
}
