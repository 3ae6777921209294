import { useSearchParams } from 'react-router-dom';
import { AuthLayout } from '../../shared/auth-layout/auth-layout';
import { flowMessages } from '../../shared/flow-messages';
import { RequestLinkForm } from './request-link-form';
import { ResetPasswordForm } from './reset-password-form';

const copy = flowMessages.forgot;

/** SPEC §2 Forgot: request mode, or reset mode when the address carries a token. */
export function ForgotScreen() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  return token ? (
    <AuthLayout title={copy.title} heading={copy.resetHeading} lead={copy.resetLead}>
      <ResetPasswordForm key={token} token={token} />
    </AuthLayout>
  ) : (
    <AuthLayout title={copy.title} heading={copy.requestHeading} lead={copy.requestLead}>
      <RequestLinkForm />
    </AuthLayout>
  );
}
