import { type Currency, parseCurrencyOrDefault } from '@shortlist/domain';

/**
 * SPEC §3 storage keys. `token` and `user` live in sessionStorage after a normal login and in
 * localStorage after "Remember me" (or a registration); readers look in session storage first.
 * The influencer area keeps its own keys, so an influencer and a customer session never mix.
 */
export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  currency: 'currency',
  influencerToken: 'influencerToken',
  influencerId: 'influencerId',
  influencerName: 'influencerName',
  influencerEmail: 'influencerEmail',
} as const;

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  /** 'user' or 'admin'; compare with isAdminUser, the stored case is not guaranteed. */
  role: string;
}

export interface Session {
  token: string | null;
  user: SessionUser | null;
}

export interface InfluencerSession {
  token: string;
  id: string;
  name: string;
  email: string;
}

type StorageArea = 'session' | 'local';

// Storage can throw (disabled cookies, Safari private mode, a full quota): the site must still
// work as if signed out, so every access goes through these two.
function area(which: StorageArea): Storage | null {
  try {
    return which === 'session' ? window.sessionStorage : window.localStorage;
  } catch {
    return null;
  }
}

function getItem(which: StorageArea, key: string): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function setItem(which: StorageArea, key: string, value: string): void {
  try {
    area(which)?.setItem(key, value);
  } catch {
    // Nothing sensible to do: the value simply will not survive a reload.
  }
}

function removeItem(which: StorageArea, key: string): void {
  try {
    area(which)?.removeItem(key);
  } catch {
    // See setItem.
  }
}

/** Session storage first, then local storage (SPEC §3, §6). */
function readEither(key: string): string | null {
  return getItem('session', key) ?? getItem('local', key);
}

// ---------------------------------------------------------------------------------------------
// Change notification: same-tab writes go through `notify`; other tabs through `storage` events.

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

let windowListening = false;

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  if (!windowListening && typeof window !== 'undefined') {
    window.addEventListener('storage', notify);
    windowListening = true;
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && windowListening) {
      window.removeEventListener('storage', notify);
      windowListening = false;
    }
  };
}

// ---------------------------------------------------------------------------------------------
// Customer (and admin) session.

/** Accepts what older builds stored too: a numeric id, fullName instead of name, no role. */
export function parseStoredUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const text = (field: unknown) =>
    typeof field === 'string' ? field : typeof field === 'number' ? String(field) : '';
  const id = text(record.id) || text(record._id);
  const email = text(record.email);
  if (!id && !email) return null;
  return {
    id,
    email,
    name: text(record.name) || text(record.fullName),
    role: text(record.role) || 'user',
  };
}

let cachedKey: string | null = null;
let cachedSession: Session = { token: null, user: null };

/** The current session; the same object until storage changes (safe for useSyncExternalStore). */
export function readSession(): Session {
  const token = readEither(STORAGE_KEYS.token);
  const rawUser = readEither(STORAGE_KEYS.user);
  const key = `${token ?? ''}\u0000${rawUser ?? ''}`;
  if (key !== cachedKey) {
    cachedKey = key;
    cachedSession = { token: token || null, user: parseStoredUser(rawUser) };
  }
  return cachedSession;
}

export function readToken(): string | null {
  return readSession().token;
}

export function readUser(): SessionUser | null {
  return readSession().user;
}

export interface SaveSessionOptions {
  /** "Remember me": keep it in local storage, so it outlives the tab. */
  remember?: boolean;
}

/** Stores a login (SPEC §3: token and user). The other storage's copy is removed so one source wins. */
export function saveSession(
  session: { token: string; user?: SessionUser | null },
  { remember = false }: SaveSessionOptions = {},
): void {
  const target: StorageArea = remember ? 'local' : 'session';
  const other: StorageArea = remember ? 'session' : 'local';
  for (const key of [STORAGE_KEYS.token, STORAGE_KEYS.user]) removeItem(other, key);
  setItem(target, STORAGE_KEYS.token, session.token);
  if (session.user) setItem(target, STORAGE_KEYS.user, JSON.stringify(session.user));
  else removeItem(target, STORAGE_KEYS.user);
  notify();
}

/** Logout: removes the token and user from both storages (SPEC §2). */
export function clearSession(): void {
  for (const which of ['session', 'local'] as const) {
    removeItem(which, STORAGE_KEYS.token);
    removeItem(which, STORAGE_KEYS.user);
  }
  notify();
}

/** SPEC §2, §6: role admin, case-insensitive. */
export function isAdminUser(user: SessionUser | null | undefined): boolean {
  return user?.role.trim().toLowerCase() === 'admin';
}

// ---------------------------------------------------------------------------------------------
// Currency (SPEC §9: local storage, default INR).

export function readCurrency(): Currency {
  return parseCurrencyOrDefault(getItem('local', STORAGE_KEYS.currency));
}

export function saveCurrency(currency: Currency): void {
  setItem('local', STORAGE_KEYS.currency, currency);
  notify();
}

// ---------------------------------------------------------------------------------------------
// Influencer session (SPEC §3: influencer token, id, name, email; session storage).

const INFLUENCER_KEYS = [
  STORAGE_KEYS.influencerToken,
  STORAGE_KEYS.influencerId,
  STORAGE_KEYS.influencerName,
  STORAGE_KEYS.influencerEmail,
] as const;

let cachedInfluencerKey: string | null = null;
let cachedInfluencer: InfluencerSession | null = null;

export function readInfluencerSession(): InfluencerSession | null {
  const [token, id, name, email] = INFLUENCER_KEYS.map((key) => readEither(key));
  const key = [token, id, name, email].map((part) => part ?? '').join('\u0000');
  if (key !== cachedInfluencerKey) {
    cachedInfluencerKey = key;
    cachedInfluencer = token ? { token, id: id ?? '', name: name ?? '', email: email ?? '' } : null;
  }
  return cachedInfluencer;
}

export function saveInfluencerSession(session: InfluencerSession): void {
  setItem('session', STORAGE_KEYS.influencerToken, session.token);
  setItem('session', STORAGE_KEYS.influencerId, session.id);
  setItem('session', STORAGE_KEYS.influencerName, session.name);
  setItem('session', STORAGE_KEYS.influencerEmail, session.email);
  notify();
}

/** Influencer logout (SPEC §4): clears the influencer keys only. */
export function clearInfluencerSession(): void {
  for (const which of ['session', 'local'] as const) {
    for (const key of INFLUENCER_KEYS) removeItem(which, key);
  }
  notify();
}
