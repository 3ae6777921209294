import type { StoredAccountEvent } from '../accounts/account.events';
import { assertNever } from '../core/decider';
import type { Workflow } from '../core/workflow';
import type { StoredOrderEvent } from '../orders/order.events';
import type { StoredPaymentEvent } from '../payments/payment.events';
import type { PurchasableServiceId } from '../pricing/service-catalogue';
import type {
  ClawBackReferralReward,
  CreditReferralReward,
  EarnOrderCommission,
  RecordOrderCommission,
  RegisterReferral,
} from './influencer-ledger.commands';
import {
  COMMISSIONED_SERVICES,
  type RewardRules,
  rewardRulesDecider,
  type StoredRewardRulesEvent,
} from './reward-rules';

/**
 * The referral programme's rule (ARCHITECTURE.md "Server rules"), as a pure workflow over the
 * account and order events:
 *
 * - a user registered through an influencer's link → RegisterReferral on that ledger;
 * - a referred user's resume_review order paid → CreditReferralReward (the ledger credits once
 *   per user, ever; the instruction is keyed by the user, so two orders of one user, or two
 *   deliveries of one payment, ask for the same single event);
 * - a referred user's from-scratch or rewrite order paid → RecordOrderCommission (pending),
 *   keyed by the order; that order completed → EarnOrderCommission;
 * - a referred user's order refunded → ClawBackReferralReward (the ledger takes back only what
 *   that order earned, or cancels its pending commission), keyed by the order.
 *
 * A paid order's instruction carries the fingerprint of the instrument that paid it, from the
 * order's payment stream, for the ledger's same-instrument check.
 *
 * Its history is the reward rules, the triggering user's registration and order's placement; the
 * reactor loads those streams, calls `decide` and dispatches each instruction with the ids `key`
 * derives. The rules travel in the command: the ledger's decider prices the reward with them.
 */

type LedgerCommandOf<C> = C extends { type: infer Type; data: infer Data }
  ? { type: Type; data: Data }
  : never;

/** One ledger command to issue; its metadata (who, when, caused by what) is the reactor's. */
export interface ReferralLedgerInstruction {
  influencerId: string;
  /** What makes the command unique: the reactor derives the appended events' ids from it. */
  key: string;
  command: LedgerCommandOf<
    | RegisterReferralInstruction
    | CreditReferralReward
    | RecordOrderCommission
    | EarnOrderCommission
    | ClawBackReferralReward
  >;
}

/**
 * The person key is a hash the reactor adds (the domain does no hashing): it holds the
 * attribution e-mail that the hash is taken of.
 */
type RegisterReferralInstruction = Omit<RegisterReferral, 'data'> & {
  data: { userId: string; userEmail: string | null };
};

export type ReferralRewardsEvent =
  | StoredAccountEvent
  | StoredOrderEvent
  | StoredPaymentEvent
  | StoredRewardRulesEvent;

export interface ReferralRewardsState {
  rules: RewardRules;
  /** Who referred each registered user (null: nobody). */
  referrers: Readonly<Record<string, string | null>>;
  orders: Readonly<Record<string, { userId: string; service: PurchasableServiceId }>>;
  /** By provider payment id: the fingerprint of the instrument that paid (when told). */
  instruments: Readonly<Record<string, string>>;
}

/** The service whose first paid order earns the influencer a reward (SPEC §4). */
export const REWARDED_SERVICE: PurchasableServiceId = 'resume_review';

function decide(
  event: ReferralRewardsEvent,
  state: ReferralRewardsState,
): ReferralLedgerInstruction[] {
  switch (event.type) {
    case 'UserRegistered': {
      const { userId, email, referral } = event.data;
      if (referral === null) return [];
      return [
        {
          influencerId: referral.influencerId,
          key: userId,
          command: { type: 'RegisterReferral', data: { userId, userEmail: email } },
        },
      ];
    }
    case 'OrderPaid':
    case 'OrderRefunded': {
      const { orderId } = event.data;
      const order = state.orders[orderId];
      if (order === undefined) return [];
      const influencerId = state.referrers[order.userId];
      if (influencerId === undefined || influencerId === null) return [];
      const data = { userId: order.userId, orderId };
      if (event.type === 'OrderRefunded') {
        return [{ influencerId, key: orderId, command: { type: 'ClawBackReferralReward', data } }];
      }
      const { rules } = state;
      // Left out when the provider did not tell it: the ledger then has nothing to compare.
      const instrument = state.instruments[event.data.paymentId];
      const paidWith = instrument === undefined ? {} : { instrument };
      if ((COMMISSIONED_SERVICES as readonly string[]).includes(order.service)) {
        return [
          {
            influencerId,
            key: orderId,
            command: {
              type: 'RecordOrderCommission',
              data: { ...data, service: order.service, rules, ...paidWith },
            },
          },
        ];
      }
      if (order.service !== REWARDED_SERVICE) return [];
      return [
        {
          influencerId,
          key: order.userId,
          command: { type: 'CreditReferralReward', data: { ...data, rules, ...paidWith } },
        },
      ];
    }
    case 'OrderStatusChanged': {
      const { orderId, to } = event.data;
      if (to !== 'completed') return [];
      const order = state.orders[orderId];
      if (order === undefined) return [];
      const influencerId = state.referrers[order.userId];
      if (influencerId === undefined || influencerId === null) return [];
      if (!(COMMISSIONED_SERVICES as readonly string[]).includes(order.service)) return [];
      return [
        { influencerId, key: orderId, command: { type: 'EarnOrderCommission', data: { orderId } } },
      ];
    }
    case 'RewardRuleChanged':
    case 'CheckoutRequested':
    case 'CheckoutRequestAborted':
    case 'CheckoutStarted':
    case 'PaymentVerified':
    case 'PaymentFailed':
    case 'PaymentAmountMismatch':
    case 'RefundIssued':
      return [];
    case 'PasswordResetRequested':
    case 'PasswordChanged':
    case 'UserErased':
    case 'OrderPlaced':
    case 'OrderCurrencyChanged':
    case 'OrderDeleted':
    case 'DeliveryAttached':
    case 'DeliveryRemoved':
    case 'ReviewSuggestionsSaved':
    case 'DeliveryOpened':
    case 'AtsCheckRecorded':
    case 'OrderDataErased':
      return [];
    default:
      return assertNever(event);
  }
}

function evolve(state: ReferralRewardsState, event: ReferralRewardsEvent): ReferralRewardsState {
  switch (event.type) {
    case 'UserRegistered': {
      const { userId, referral } = event.data;
      // A stream has one registration; should another ever appear, the first one stands.
      if (state.referrers[userId] !== undefined) return state;
      return {
        ...state,
        referrers: { ...state.referrers, [userId]: referral?.influencerId ?? null },
      };
    }
    case 'OrderPlaced': {
      const { orderId, userId, service } = event.data;
      if (state.orders[orderId] !== undefined) return state;
      return { ...state, orders: { ...state.orders, [orderId]: { userId, service } } };
    }
    case 'RewardRuleChanged':
      return { ...state, rules: rewardRulesDecider.evolve(state.rules, event) };
    case 'PaymentVerified': {
      const { paymentId, instrument } = event.data;
      if (instrument === undefined) return state;
      return { ...state, instruments: { ...state.instruments, [paymentId]: instrument } };
    }
    case 'CheckoutRequested':
    case 'CheckoutRequestAborted':
    case 'CheckoutStarted':
    case 'PaymentFailed':
    case 'PaymentAmountMismatch':
    case 'RefundIssued':
    case 'PasswordResetRequested':
    case 'PasswordChanged':
    case 'UserErased':
    case 'OrderCurrencyChanged':
    case 'OrderDeleted':
    case 'OrderPaid':
    case 'OrderStatusChanged':
    case 'DeliveryAttached':
    case 'DeliveryRemoved':
    case 'ReviewSuggestionsSaved':
    case 'DeliveryOpened':
    case 'AtsCheckRecorded':
    case 'OrderRefunded':
    case 'OrderDataErased':
      return state;
    default:
      return assertNever(event);
  }
}

/**
 * The events `decide` can act on; every other event only feeds `evolve`. A reactor running the
 * workflow live need not stop (or write its checkpoint) for the rest.
 */
export const REFERRAL_REWARD_TRIGGERS = [
  'UserRegistered',
  'OrderPaid',
  'OrderStatusChanged',
  'OrderRefunded',
] as const satisfies readonly ReferralRewardsEvent['type'][];

export const referralRewardsWorkflow: Workflow<
  ReferralRewardsEvent,
  ReferralRewardsState,
  ReferralLedgerInstruction
> = {
  decide,
  evolve,
  initialState: () => ({ rules: [], referrers: {}, orders: {}, instruments: {} }),
};
