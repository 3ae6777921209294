/** What the orders routes say to people (SPEC §7/§8 wording where the spec has one). */
export const ORDER_ROUTE_MESSAGES = {
  resumeSaved: 'Resume saved',
  orderDeleted: 'Order deleted.',
  currencyUpdated: (code: string) => `Currency updated to ${code}.`,
  linkedinComingSoon: 'LinkedIn optimisation is coming soon.',
  chooseService: 'Please choose a service: resume rewrite or resume review.',
  noReceipt: 'There is no receipt yet: this order is not paid.',
  accountNotFound: 'Please log in.',
} as const;
