import { assertNever, type Decider } from '../core/decider';
import { DomainError } from '../core/domain-error';
import { attributionEmail } from './attribution-email';
import {
  debtExceedsPayoutMessage,
  INFLUENCER_MESSAGES,
  type InfluencerLedgerCommand,
  type InfluencerLedgerState,
  type PayoutEntry,
} from './influencer-ledger.commands';
import type { InfluencerLedgerEvent } from './influencer-ledger.events';
import { influencerLedgerEvents } from './influencer-ledger.events';
import { evolveLedger, flagKey } from './influencer-ledger.evolve';
import { MOBILE_PATTERN, paymentDetailsProblem } from './payment-details';
import {
  isEligibleForPayout,
  notEligibleMessage,
  REFERRAL_PROGRAMME,
  type ReferralProgramme,
} from './referral-programme';
import { COMMISSIONED_SERVICES, rewardAmountAt } from './reward-rules';

type Created = Extract<InfluencerLedgerState, { kind: 'created' }>;

function created(state: InfluencerLedgerState): Created {
  if (state.kind === 'none') throw new DomainError('not_found', INFLUENCER_MESSAGES.notFound);
  // A removed influencer takes no command (its history stays for the audit trail).
  if (state.removed) throw new DomainError('gone', INFLUENCER_MESSAGES.removed);
  return state;
}

function payoutOf(state: Created, payoutId: string): PayoutEntry {
  const payout = state.payouts[payoutId];
  if (payout === undefined) throw new DomainError('not_found', INFLUENCER_MESSAGES.payoutNotFound);
  return payout;
}

const blank = (value: string) => value.trim() === '';

function decideWith(programme: ReferralProgramme) {
  return function decide(
    command: InfluencerLedgerCommand,
    state: InfluencerLedgerState,
  ): InfluencerLedgerEvent[] {
    switch (command.type) {
      case 'CreateInfluencer': {
        if (state.kind !== 'none') {
          throw new DomainError('conflict', INFLUENCER_MESSAGES.alreadyExists);
        }
        const { data } = command;
        if ([data.name, data.email, data.referralCode, data.passwordHash].some(blank)) {
          throw new DomainError('invalid', INFLUENCER_MESSAGES.fillAllFields);
        }
        return [
          {
            type: 'InfluencerCreated',
            data: {
              influencerId: data.influencerId,
              name: data.name.trim(),
              email: data.email.trim().toLowerCase(),
              referralCode: data.referralCode.toUpperCase(),
              passwordHash: data.passwordHash,
            },
          },
        ];
      }
      case 'ChangeInfluencerPassword': {
        const ledger = created(state);
        if (blank(command.data.passwordHash)) {
          throw new DomainError('invalid', INFLUENCER_MESSAGES.fillAllFields);
        }
        return [
          {
            type: 'InfluencerPasswordChanged',
            data: { influencerId: ledger.influencerId, passwordHash: command.data.passwordHash },
          },
        ];
      }
      case 'RemoveInfluencer': {
        const ledger = created(state);
        return [{ type: 'InfluencerRemoved', data: { influencerId: ledger.influencerId } }];
      }
      case 'RegisterReferral': {
        const ledger = created(state);
        const { userId, userEmail, personKey } = command.data;
        // A re-delivered registration is the same referral.
        if (ledger.referrals[userId]) return [];
        const flag = (reason: 'own_address' | 'same_person', relatedUserId: string | null) =>
          ledger.flags[flagKey(userId, reason)]
            ? []
            : [
                {
                  type: 'ReferralFlagged' as const,
                  data: {
                    influencerId: ledger.influencerId,
                    userId,
                    reason,
                    relatedUserId,
                    at: command.metadata.now,
                  },
                },
              ];
        // The influencer's own mailbox, under any alias, earns nothing: flagged, not recorded.
        if (
          ledger.email !== null &&
          userEmail !== null &&
          attributionEmail(userEmail) === attributionEmail(ledger.email)
        ) {
          return flag('own_address', null);
        }
        // One person, one referral: a second account of someone already referred earns nothing.
        const sameAs = personKey === null ? undefined : ledger.persons[personKey];
        if (sameAs !== undefined) return flag('same_person', sameAs);
        return [
          {
            type: 'ReferralRegistered',
            data: {
              influencerId: ledger.influencerId,
              userId,
              at: command.metadata.now,
              personKey,
            },
          },
        ];
      }
      case 'CreditReferralReward': {
        const ledger = created(state);
        const { userId, orderId } = command.data;
        if (!ledger.referrals[userId]) {
          throw new DomainError('conflict', INFLUENCER_MESSAGES.notReferred);
        }
        // Once per referred user, ever: a later review (or the same one reported twice) adds
        // nothing, even when the first reward was clawed back by a refund.
        if (ledger.rewards[userId] !== undefined) return [];
        const suspect = instrumentSuspicion(ledger, userId, command.data.instrument, command);
        if (suspect !== null) return suspect;
        return [
          {
            type: 'ReferralRewardCredited',
            data: {
              influencerId: ledger.influencerId,
              userId,
              orderId,
              // The rule in force when the review was paid (the policy's `now`).
              amount: rewardAmountAt(command.data.rules, 'first_review', command.metadata.now),
              ...paidWith(command.data.instrument),
            },
          },
        ];
      }
      case 'RecordOrderCommission': {
        const ledger = created(state);
        const { userId, orderId, service } = command.data;
        if (!ledger.referrals[userId]) {
          throw new DomainError('conflict', INFLUENCER_MESSAGES.notReferred);
        }
        if (!(COMMISSIONED_SERVICES as readonly string[]).includes(service)) return [];
        // One commission per order, however often its payment is reported.
        if (ledger.commissions[orderId] !== undefined) return [];
        const suspect = instrumentSuspicion(ledger, userId, command.data.instrument, command);
        if (suspect !== null) return suspect;
        const amount = rewardAmountAt(command.data.rules, 'order_commission', command.metadata.now);
        return [
          {
            type: 'CommissionPending',
            data: {
              influencerId: ledger.influencerId,
              userId,
              orderId,
              service,
              amount,
              ...paidWith(command.data.instrument),
            },
          },
        ];
      }
      case 'EarnOrderCommission': {
        const ledger = created(state);
        const { orderId } = command.data;
        const entry = ledger.commissions[orderId];
        if (entry === undefined || entry.status !== 'pending') return [];
        return [
          {
            type: 'CommissionEarned',
            data: {
              influencerId: ledger.influencerId,
              userId: entry.userId,
              orderId,
              amount: entry.amount,
            },
          },
        ];
      }
      case 'FlagReferral': {
        const ledger = created(state);
        const { userId, reason, relatedUserId } = command.data;
        if (!ledger.referrals[userId] || ledger.flags[flagKey(userId, reason)]) return [];
        return [
          {
            type: 'ReferralFlagged',
            data: {
              influencerId: ledger.influencerId,
              userId,
              reason,
              relatedUserId,
              at: command.metadata.now,
            },
          },
        ];
      }
      case 'ClawBackReferralReward': {
        const ledger = created(state);
        const { userId, orderId } = command.data;
        const events: InfluencerLedgerEvent[] = [];
        const reward = ledger.rewards[userId];
        // Only the order that earned the reward takes it back, and only once; in full, even
        // when the balance is held by a payout or was paid out: what is missing is a debt.
        if (reward !== undefined && reward.orderId === orderId && !reward.clawedBack) {
          events.push({
            type: 'ReferralRewardClawedBack',
            data: {
              influencerId: ledger.influencerId,
              userId,
              orderId,
              amount: reward.amount,
              shortfall: 0,
            },
          });
        }
        const commission = ledger.commissions[orderId];
        if (commission !== undefined) {
          const data = {
            influencerId: ledger.influencerId,
            userId: commission.userId,
            orderId,
            amount: commission.amount,
          };
          if (commission.status === 'pending') events.push({ type: 'CommissionCancelled', data });
          if (commission.status === 'earned') events.push({ type: 'CommissionClawedBack', data });
        }
        return events;
      }
      case 'RequestPayout': {
        const ledger = created(state);
        const { data } = command;
        const needed = [data.payeeName, data.mobile].concat(
          data.method === 'bank' ? [data.bankName, data.accountNumber, data.ifsc] : [data.upiId],
        );
        if (needed.some(blank)) {
          throw new DomainError('invalid', INFLUENCER_MESSAGES.payeeDetailsRequired);
        }
        if (!MOBILE_PATTERN.test(data.mobile.trim())) {
          throw new DomainError('invalid', INFLUENCER_MESSAGES.mobileInvalid);
        }
        const problem = paymentDetailsProblem(data);
        if (problem !== null) throw new DomainError('invalid', problem);
        if (ledger.payouts[data.payoutId] !== undefined || ledger.openPayoutId !== null) {
          throw new DomainError('conflict', INFLUENCER_MESSAGES.payoutOpen);
        }
        if (!isEligibleForPayout(ledger, programme)) {
          throw new DomainError('conflict', notEligibleMessage(programme));
        }
        const bank = data.method === 'bank';
        return [
          {
            type: 'PayoutRequested',
            data: {
              influencerId: ledger.influencerId,
              payoutId: data.payoutId,
              // The whole balance (ARCHITECTURE.md), held until paid or rejected.
              amount: ledger.balance,
              method: data.method,
              payeeName: data.payeeName.trim(),
              mobile: data.mobile.trim(),
              // Only the chosen method's details are kept: the others were never checked.
              bankName: bank ? data.bankName.trim() : '',
              accountNumber: bank ? data.accountNumber.trim() : '',
              ifsc: bank ? data.ifsc.trim().toUpperCase() : '',
              upiId: bank ? '' : data.upiId.trim(),
            },
          },
        ];
      }
      case 'ApprovePayout': {
        const ledger = created(state);
        const { payoutId } = command.data;
        const payout = payoutOf(ledger, payoutId);
        if (payout.status === 'approved') return [];
        refuseSettled(payout);
        // A debt (a clawback that landed after the balance was held) comes out of this payout
        // first: it is never approved for more than the balance net of debts.
        const debt = Math.max(0, -ledger.balance);
        const amount = payout.amount - debt;
        if (amount <= 0) throw new DomainError('conflict', debtExceedsPayoutMessage(debt));
        return [
          {
            type: 'PayoutApproved',
            data: { influencerId: ledger.influencerId, payoutId, amount, netted: debt },
          },
        ];
      }
      case 'MarkPayoutPaid': {
        const ledger = created(state);
        const { payoutId } = command.data;
        const payout = payoutOf(ledger, payoutId);
        if (payout.status === 'paid') return [];
        refuseSettled(payout);
        // Paid means the approved (netted) amount left the bank, with its reference.
        if (payout.status !== 'approved') {
          throw new DomainError('conflict', INFLUENCER_MESSAGES.approveBeforePaid);
        }
        const txnId = command.data.txnId?.trim() || null;
        if (txnId === null) {
          throw new DomainError('invalid', INFLUENCER_MESSAGES.transferReferenceRequired);
        }
        return [
          { type: 'PayoutPaid', data: { influencerId: ledger.influencerId, payoutId, txnId } },
        ];
      }
      case 'RejectPayout': {
        const ledger = created(state);
        const { payoutId } = command.data;
        const payout = payoutOf(ledger, payoutId);
        if (payout.status === 'rejected') return [];
        refuseSettled(payout);
        const reason = command.data.reason.trim();
        if (reason === '')
          throw new DomainError('invalid', INFLUENCER_MESSAGES.rejectReasonRequired);
        return [
          {
            type: 'PayoutRejected',
            data: { influencerId: ledger.influencerId, payoutId, amount: payout.amount, reason },
          },
        ];
      }
      default:
        return assertNever(command);
    }
  };
}

/**
 * One person, one reward, as far as the payment provider tells it: an account paying with a card
 * or UPI id that another account referred by this influencer was credited for is flagged for the
 * admin and earns nothing, now or later (like a second account of one person). Null when the
 * payment may be credited. The first account credited for an instrument is never the suspect.
 */
function instrumentSuspicion(
  ledger: Created,
  userId: string,
  instrument: string | null | undefined,
  command: { metadata: { now: string } },
): InfluencerLedgerEvent[] | null {
  const reason = 'same_payment_instrument';
  if (ledger.flags[flagKey(userId, reason)]) return [];
  const owner = instrument == null ? undefined : ledger.instruments[instrument];
  if (owner === undefined || owner === userId) return null;
  return [
    {
      type: 'ReferralFlagged',
      data: {
        influencerId: ledger.influencerId,
        userId,
        reason,
        relatedUserId: owner,
        at: command.metadata.now,
      },
    },
  ];
}

/** The instrument on the credit event, left out when unknown (as on events before it existed). */
const paidWith = (instrument: string | null | undefined) =>
  instrument == null ? {} : { instrument };

/**
 * SPEC §4 lets an admin pick any status on any row; money decides otherwise once a payout is
 * settled: a paid payout cannot be rejected (the money left) and a rejected one cannot be paid
 * or approved (its amount is back in the balance and may be in a newer request).
 */
function refuseSettled(payout: PayoutEntry): void {
  if (payout.status === 'paid') {
    throw new DomainError('conflict', INFLUENCER_MESSAGES.payoutAlreadyPaid);
  }
  if (payout.status === 'rejected') {
    throw new DomainError('conflict', INFLUENCER_MESSAGES.payoutAlreadyRejected);
  }
}

export function createInfluencerLedgerDecider(
  programme: ReferralProgramme,
): Decider<InfluencerLedgerState, InfluencerLedgerCommand, InfluencerLedgerEvent> {
  return {
    decide: decideWith(programme),
    evolve: evolveLedger,
    catalogue: influencerLedgerEvents,
    initialState: () => ({ kind: 'none' }),
  };
}

export const influencerLedgerDecider = createInfluencerLedgerDecider(REFERRAL_PROGRAMME);
