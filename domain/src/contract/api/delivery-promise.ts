/**
 * SPEC's promise: a delivery within 48 hours of payment (About: "typical turnaround of 48h").
 * A module without schemas: the admin app's words quote it in its first load, which builds none.
 */
export const DELIVERY_PROMISE_HOURS = 48;
