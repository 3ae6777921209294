/** Every path this app links to, in one place (STYLE.md). */
export const paths = {
  root: '/',
  home: '/home',
  login: '/login',
  register: '/register',
  signup: '/signup',
  forgot: '/forgot',
  about: '/about',
  contact: '/contact',
  privacy: '/privacy',
  terms: '/terms',
  refund: '/refund',
  disclaimer: '/disclaimer',
  influencerKit: '/influencer-kit',
  maintenance: '/maintenance',
  createResume: '/createresume',
  pricing: '/pricing',
  checkout: '/checkout',
  orders: '/orders',
  profile: '/profile',
  atsCheck: '/ats-check',
  // Other apps on the same origin: plain <a href>, never <Link> (a full page load is needed).
  admin: '/admin',
  influencerLogin: '/influencer/login',
} as const;

/** SPEC §2: /login?next={encoded target path}. */
export function loginPath(next?: string): string {
  return next ? `${paths.login}?next=${encodeURIComponent(next)}` : paths.login;
}

/**
 * A `next` target we are willing to go to after login: a path on this site only. '//evil.com'
 * and '/\evil.com' are treated by browsers as other origins, so they are refused.
 */
function safeNextPath(value: string | null | undefined): string | null {
  if (!value?.startsWith('/')) return null;
  if (value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/** A path served by another app on this origin (admin, influencer): reached by a page load. */
export function isOtherAppPath(path: string): boolean {
  return /^\/(admin|influencer)(\/|\?|#|$)/.test(path);
}

/** The state a signed-in route leaves when it sends a signed-out visitor to `/` (SPEC §2). */
export interface RedirectState {
  from: string;
}

export function redirectOrigin(state: unknown): string | null {
  if (typeof state === 'object' && state !== null && 'from' in state) {
    const { from } = state;
    return typeof from === 'string' ? safeNextPath(from) : null;
  }
  return null;
}

/** Where to go after login: ?next= first, then the origin a guard remembered, else null. */
export function nextPathFrom(location: { search: string; state: unknown }): string | null {
  const next = safeNextPath(new URLSearchParams(location.search).get('next'));
  return next ?? redirectOrigin(location.state);
}
