import { api } from '@shortlist/web-kit';
import { readSessionAnswer, type SessionAnswer } from '../../shared/read-session';

export interface RegisterRequest {
  name: string;
  email: string;
  password: string;
  cpassword: string;
  referralCode?: string;
}

/** POST /api/register; the referral code goes in the body and in X-Ref (SPEC §5). */
export function postRegister(request: RegisterRequest): Promise<SessionAnswer> {
  const headers: Record<string, string> = request.referralCode
    ? { 'X-Ref': request.referralCode }
    : {};
  return api.post('/register', request, { headers, parse: readSessionAnswer });
}
