/**
 * Facts every app shows the same way. One place, so the support address on the customer
 * footer, the influencer kit and the admin reply subject can never disagree.
 */
export const BRAND_NAME = 'Shortlist';
export const SUPPORT_EMAIL = 'support@shortlist.example';
