/** Every path this app links to (STYLE.md), inside its router (basename /admin). */
export const paths = {
  dashboard: '/',
  orders: '/orders',
  users: '/users',
  supportQueries: '/queries',
  influencers: '/influencers',
  influencerQueries: '/influencer-queries',
  influencerPayouts: '/influencer-payouts',
  outbox: '/outbox',
  rewardRules: '/reward-rules',
} as const;

/** The Outbox screen with one mail open (`?mail=`): where a reply's preview link leads. */
export function outboxMailPath(id: string): string {
  return `${paths.outbox}?mail=${encodeURIComponent(id)}`;
}

/**
 * A mail's outbox id from the preview link the server records with a reply
 * (`…/api/admin/outbox/{id}`): that address is an API route, which a browser tab cannot open
 * with the admin's session, so the app opens the mail on its own Outbox screen instead.
 */
export function outboxIdOf(previewUrl: string): string | null {
  const match = /\/api\/admin\/outbox\/([A-Za-z0-9-]{1,100})$/.exec(previewUrl);
  return match?.[1] ?? null;
}

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
