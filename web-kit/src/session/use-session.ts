import { type Currency, DEFAULT_CURRENCY } from '@shortlist/domain';
import { useSyncExternalStore } from 'react';
import {
  type InfluencerSession,
  isAdminUser,
  readCurrency,
  readInfluencerSession,
  readSession,
  type Session,
  saveCurrency,
  subscribeSession,
} from './session';

const signedOut: Session = { token: null, user: null };

export interface SessionState extends Session {
  signedIn: boolean;
  /** The stored user's role is admin (case-insensitive); the server still decides. */
  admin: boolean;
}

/** The customer session; re-renders on login, logout and changes in other tabs. */
export function useSession(): SessionState {
  const session = useSyncExternalStore(subscribeSession, readSession, () => signedOut);
  return { ...session, signedIn: session.token !== null, admin: isAdminUser(session.user) };
}

export function useInfluencerSession(): InfluencerSession | null {
  return useSyncExternalStore(subscribeSession, readInfluencerSession, () => null);
}

/** The chosen currency (local storage, default INR) and its setter. */
export function useCurrency(): [Currency, (currency: Currency) => void] {
  const currency = useSyncExternalStore(subscribeSession, readCurrency, () => DEFAULT_CURRENCY);
  return [currency, saveCurrency];
}
