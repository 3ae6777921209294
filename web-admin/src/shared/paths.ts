/** Every path this app links to (STYLE.md), inside its router (basename /admin). */
export const paths = {
  dashboard: '/',
  orders: '/orders',
  users: '/users',
  supportQueries: '/queries',
  influencers: '/influencers',
  influencerQueries: '/influencer-queries',
  influencerPayouts: '/influencer-payouts',
  rewardRules: '/reward-rules',
} as const;

/** Where this build is mounted (vite.config.ts `base`). */
export const basename = '/admin';

// Other apps on the same origin: reached with a full page load, never the router.
export const customerLogin = '/login';
export const customerHome = '/home';

/** SPEC §2: no session → /login?next=/admin…; `expired` when the API refused the token. */
export function loginUrl(next: string, expired = false): string {
  return `${customerLogin}?next=${encodeURIComponent(next)}${expired ? '&expired=1' : ''}`;
}

/** The admin page the browser shows now, with its query, for `next`. */
export function currentAdminPath(): string {
  const { pathname, search } = window.location;
  return `${pathname}${search}`;
}
