import { Button, clearInfluencerSession, ErrorState } from '@shortlist/web-kit';
import { useNavigate } from 'react-router-dom';
import { loadErrorMessage, needsNewLogin } from './load-error';
import { messages } from './messages';
import { paths } from './paths';

/** A failed read: SPEC §8's words with Retry, and for a refused token a way back to login. */
export function LoadErrorState({
  error,
  fallback,
  onRetry,
  retrying = false,
}: {
  error: unknown;
  fallback?: string;
  onRetry: () => void;
  retrying?: boolean;
}) {
  const navigate = useNavigate();
  return (
    <div>
      <ErrorState
        message={loadErrorMessage(error, fallback)}
        onRetry={onRetry}
        retryLabel={messages.retry}
        retrying={retrying}
      />
      {needsNewLogin(error) ? (
        <p>
          <Button
            variant="ghost"
            onClick={() => {
              clearInfluencerSession();
              navigate(paths.login, { replace: true });
            }}
          >
            {messages.load.logInAgain}
          </Button>
        </p>
      ) : null}
    </div>
  );
}
