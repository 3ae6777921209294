/**
 * Where each mail's button leads, on PUBLIC_ORIGIN: pages of the web apps, which ask the person
 * to sign in when needed (a bare API link would answer "Please log in." to a browser).
 */
export function mailLinks(origin: string) {
  return {
    checkout: (orderId: string) => `${origin}/checkout?orderId=${encodeURIComponent(orderId)}`,
    /** The Orders page: status, deliveries, suggestions and the Receipt link of each order. */
    orders: () => `${origin}/orders`,
    adminOrders: () => `${origin}/admin/orders`,
    influencerDashboard: () => `${origin}/influencer/dashboard`,
    influencerPayouts: () => `${origin}/influencer/payouts`,
    influencerQueries: () => `${origin}/influencer/queries`,
    unsubscribe: (token: string) =>
      `${origin}/api/mail/unsubscribe?token=${encodeURIComponent(token)}`,
  };
}

export type MailLinks = ReturnType<typeof mailLinks>;
