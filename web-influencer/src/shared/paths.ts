/** Every path of the app, inside its basename (/influencer). */
export const paths = {
  dashboard: '/',
  login: '/login',
  statement: '/statement',
  orders: '/orders',
  queries: '/queries',
  payouts: '/payouts',
} as const;
