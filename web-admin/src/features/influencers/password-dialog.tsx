import {
  type InfluencerView,
  MIN_PASSWORD_LENGTH,
  updateInfluencerPasswordRoute,
} from '@shortlist/domain/contract';
import {
  Button,
  Dialog,
  errorMessage,
  PasswordField,
  useApiMutation,
  useToast,
} from '@shortlist/web-kit';
import { type FormEvent, useState } from 'react';
import { messages } from '../../shared/messages';
import styles from './influencers-screen.module.css';
import { OneTimePassword } from './one-time-password';

const copy = messages.influencers;

/** Update Password: a new value (SPEC §5: non-empty; at least 8), then shown once. */
export function PasswordDialog({
  influencer,
  name,
  onClose,
}: {
  influencer: InfluencerView | null;
  name: string;
  onClose: () => void;
}) {
  const toast = useToast();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const update = useApiMutation(updateInfluencerPasswordRoute);

  const close = () => {
    setPassword('');
    setError(null);
    setSaved(null);
    onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!influencer) return;
    if (password.trim() === '') {
      setError(copy.enterPassword);
      return;
    }
    if (password.length < MIN_PASSWORD_LENGTH) {
      setError(copy.minimum);
      return;
    }
    setError(null);
    try {
      const answer = await update.mutateAsync({
        params: { id: influencer._id },
        body: { password },
      });
      toast.show(answer.message || copy.passwordUpdated, { tone: 'success' });
      setSaved(answer.plainPassword);
    } catch (failure) {
      const message = errorMessage(failure, copy.updateFailed);
      setError(message);
      toast.show(message, { tone: 'danger' });
    }
  };

  return (
    <Dialog
      open={influencer !== null}
      onClose={close}
      title={copy.updatePasswordOf(name)}
      size="sm"
      busy={update.isPending}
      closeLabel={messages.common.close}
    >
      {saved ? (
        <>
          <OneTimePassword label={copy.passwordFor(name)} password={saved} />
          <p>
            <Button onClick={close}>{copy.done}</Button>
          </p>
        </>
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)}>
          <PasswordField
            label={copy.newPassword}
            name="new-password"
            autoComplete="new-password"
            hint={copy.passwordHint}
            value={password}
            error={error}
            onChange={(event) => setPassword(event.target.value)}
          />
          <p className={styles.formActions}>
            <Button type="submit" loading={update.isPending} loadingLabel={copy.saving}>
              {copy.save}
            </Button>
          </p>
        </form>
      )}
    </Dialog>
  );
}
