import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  clearInfluencerSession,
  clearSession,
  isAdminUser,
  readCurrency,
  readInfluencerSession,
  readSession,
  readToken,
  readUser,
  type SessionUser,
  saveCurrency,
  saveInfluencerSession,
  saveSession,
} from './session';
import { useCurrency, useSession } from './use-session';

const asha: SessionUser = { id: 'u-1', email: 'asha@example.com', name: 'Asha', role: 'user' };

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  clearSession();
});

describe('session storage (SPEC §3)', () => {
  it('keeps a normal login in session storage under token and user', () => {
    saveSession({ token: 't-1', user: asha });

    expect(sessionStorage.getItem('token')).toBe('t-1');
    expect(JSON.parse(sessionStorage.getItem('user') ?? 'null')).toEqual(asha);
    expect(localStorage.getItem('token')).toBeNull();
    expect(readSession()).toEqual({ token: 't-1', user: asha });
  });

  it('keeps a remembered login in local storage', () => {
    saveSession({ token: 't-2', user: asha }, { remember: true });

    expect(localStorage.getItem('token')).toBe('t-2');
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(readToken()).toBe('t-2');
  });

  it('reads session storage before local storage', () => {
    localStorage.setItem('token', 'old-remembered');
    sessionStorage.setItem('token', 'this-tab');
    expect(readToken()).toBe('this-tab');
  });

  it('logout clears token and user from both storages', () => {
    saveSession({ token: 't-1', user: asha }, { remember: true });
    sessionStorage.setItem('token', 'stray');

    clearSession();

    expect(readSession()).toEqual({ token: null, user: null });
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('tolerates odd stored users and defaults the role to user', () => {
    sessionStorage.setItem('user', JSON.stringify({ id: 7, email: 'x@y.z', fullName: 'Xavier' }));
    expect(readUser()).toEqual({ id: '7', email: 'x@y.z', name: 'Xavier', role: 'user' });

    sessionStorage.setItem('user', '{not json');
    expect(readUser()).toBeNull();
  });

  it('recognises admin case-insensitively', () => {
    expect(isAdminUser({ ...asha, role: 'Admin' })).toBe(true);
    expect(isAdminUser({ ...asha, role: 'ADMIN' })).toBe(true);
    expect(isAdminUser(asha)).toBe(false);
    expect(isAdminUser(null)).toBe(false);
  });

  it('keeps the currency in local storage, INR by default', () => {
    expect(readCurrency()).toBe('INR');
    saveCurrency('USD');
    expect(localStorage.getItem('currency')).toBe('USD');
    expect(readCurrency()).toBe('USD');
    localStorage.setItem('currency', 'usd');
    expect(readCurrency()).toBe('USD');
    localStorage.setItem('currency', 'EUR');
    expect(readCurrency()).toBe('INR');
  });

  it('keeps the influencer session apart from the customer one', () => {
    saveSession({ token: 'customer', user: asha });
    saveInfluencerSession({ token: 'inf', id: 'i-1', name: 'Kiran', email: 'kiran@example.com' });

    expect(readInfluencerSession()).toEqual({
      token: 'inf',
      id: 'i-1',
      name: 'Kiran',
      email: 'kiran@example.com',
    });
    clearInfluencerSession();
    expect(readInfluencerSession()).toBeNull();
    expect(readToken()).toBe('customer');
  });
});

function Who() {
  const { user, signedIn, admin } = useSession();
  const [currency] = useCurrency();
  return (
    <p>
      {signedIn ? `Hi ${user?.name}` : 'Signed out'}
      {admin ? ' (admin)' : ''} {currency}
    </p>
  );
}

describe('useSession', () => {
  it('re-renders on login, logout, currency change and changes from other tabs', () => {
    render(<Who />);
    expect(screen.getByText('Signed out INR')).toBeVisible();

    act(() => saveSession({ token: 't', user: { ...asha, role: 'admin' } }));
    expect(screen.getByText('Hi Asha (admin) INR')).toBeVisible();

    act(() => saveCurrency('USD'));
    expect(screen.getByText('Hi Asha (admin) USD')).toBeVisible();

    act(() => clearSession());
    expect(screen.getByText('Signed out USD')).toBeVisible();

    act(() => {
      localStorage.setItem('token', 'other-tab');
      localStorage.setItem('user', JSON.stringify(asha));
      window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
    });
    expect(screen.getByText('Hi Asha USD')).toBeVisible();
  });
});
