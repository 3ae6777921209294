import { LoadingState, useSession } from '@shortlist/web-kit';
import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { leaveApp } from '../shared/leave-app';
import { messages } from '../shared/messages';
import { basename, customerHome, loginUrl } from '../shared/paths';

/**
 * SPEC §2 "Admin routes": no session → the customer login with next=this page; a signed-in
 * non-admin (role compared case-insensitively) → /home. The server checks the role again on
 * every call; this only keeps people from a screen that could not work for them.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { signedIn, admin } = useSession();
  const { pathname, search } = useLocation();
  const here = `${basename}${pathname === '/' ? '' : pathname}${search}`;

  useEffect(() => {
    if (!signedIn) leaveApp(loginUrl(here));
    else if (!admin) leaveApp(customerHome);
  }, [signedIn, admin, here]);

  if (!signedIn || !admin) return <LoadingState message={messages.common.checking} />;
  return children;
}
