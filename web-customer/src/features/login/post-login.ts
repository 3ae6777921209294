import { api } from '@shortlist/web-kit';
import { readSessionAnswer, type SessionAnswer } from '../../shared/read-session';

export interface LoginRequest {
  email: string;
  password: string;
}

/** POST /api/login. */
export function postLogin(request: LoginRequest): Promise<SessionAnswer> {
  return api.post('/login', request, { parse: readSessionAnswer });
}
