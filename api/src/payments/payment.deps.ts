import type { EventStore } from '@shortlist/eventstore';
import type { PaymentProvider } from './payment-provider.port';

/** The slice of pino the payment code logs through, so tests can pass a plain object. */
export interface PaymentLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** What the payment use cases need; created once by the entry point. */
export interface PaymentDeps {
  store: EventStore;
  provider: PaymentProvider;
  /** The Razorpay key secret: checkout signatures are HMACs with it. */
  keySecret: string;
  /** Time of decisions (command metadata `now`); default the system clock. */
  clock?: () => Date;
  logger?: PaymentLogger;
  /** The customer's name for the checkout prefill, when an account read model can tell it. */
  customerName?: (userId: string) => Promise<string | null>;
}

export const silentLogger: PaymentLogger = { info() {}, warn() {}, error() {} };

export function clockOf(deps: PaymentDeps): () => Date {
  return deps.clock ?? (() => new Date());
}
