import {
  accountEvents,
  assertNever,
  influencerLedgerEvents,
  type OrderStatus,
  orderEvents,
  referralClickEvents,
} from '@shortlist/domain';
import type { Insertable, Transaction } from 'kysely';
import type { Database } from '../database';
import { loadRows, TableChanges } from '../engine/table-changes';
import { eventTime } from '../event-time';
import { type ProjectedEvent, typedProjection } from '../projection';
import { refreshLedgers } from './influencer-ledger.summary';
import type {
  InfluencerCommissionsTable,
  InfluencerReferralFlagsTable,
  InfluencerReferralsTable,
  InfluencerReferredOrdersTable,
  InfluencerReferredUsersTable,
  InfluencerRewardsTable,
  PayoutsTable,
  ReferralClicksTable,
} from './influencer-ledger.tables';

export const INFLUENCER_LEDGER_TABLES = [
  'influencer_referred_users',
  'influencer_referrals',
  'influencer_referred_orders',
  'influencer_rewards',
  'influencer_commissions',
  'influencer_referral_flags',
  'referral_clicks',
  'payouts',
  'influencer_ledgers',
] as const;

const READS = [influencerLedgerEvents, accountEvents, orderEvents, referralClickEvents] as const;
type LedgerInput = ProjectedEvent<(typeof READS)[number]>;

/**
 * The influencer's figures (registrations, orders, balance, open payout), payouts, referrals and
 * referred orders. Fed by the ledger stream and by the accounts and orders the referrals lead
 * to. Each event writes rows keyed by an id in its data, folded per batch in memory
 * (engine/table-changes); then the summary row of every influencer the batch touched is
 * recomputed from those rows, so re-applying an event can never count it twice.
 */
export const influencerLedgerProjection = typedProjection({
  name: 'influencer-ledger',
  // 2: commissions, flags, netted approvals and rejection reasons, clicks and campaigns.
  version: 2,
  tables: INFLUENCER_LEDGER_TABLES,
  reads: READS,
  async apply(trx, events) {
    const batch = await openLedgerBatch(trx, events);
    for (const event of events) {
      const influencerId = foldOne(batch, event);
      if (influencerId !== null) batch.touched.add(influencerId);
    }
    await flushLedgerBatch(trx, batch);
  },
});

type ReferredUserRow = Insertable<InfluencerReferredUsersTable>;
type ReferredOrderRow = Insertable<InfluencerReferredOrdersTable>;

/** One batch's changes to the ledger's tables, and what it read of them before. */
interface LedgerBatch {
  referredUsers: TableChanges<ReferredUserRow>;
  referrals: TableChanges<Insertable<InfluencerReferralsTable>>;
  referredOrders: TableChanges<ReferredOrderRow>;
  rewards: TableChanges<Insertable<InfluencerRewardsTable>>;
  commissions: TableChanges<Insertable<InfluencerCommissionsTable>>;
  flags: TableChanges<Insertable<InfluencerReferralFlagsTable>>;
  payouts: TableChanges<Insertable<PayoutsTable>>;
  clicks: TableChanges<Insertable<ReferralClicksTable>>;
  /** Referred users as stored before the batch: who referred them, their e-mail, campaign. */
  storedUsers: ReadonlyMap<
    string,
    { influencer_id: string; user_email: string | null; campaign: string | null }
  >;
  /** Referred orders as stored before the batch: whose referral they are. */
  storedOrders: ReadonlyMap<string, { influencer_id: string }>;
  /** Users erased in the batch: their e-mail goes from the referred orders stored before it. */
  erasedUsers: Set<string>;
  /** Influencers whose figures the batch may have changed. */
  touched: Set<string>;
}

/** Reads, in one query per table, the stored rows the batch's events look up. */
async function openLedgerBatch(
  trx: Transaction<Database>,
  events: readonly LedgerInput[],
): Promise<LedgerBatch> {
  const userIds: string[] = [];
  const orderIds: string[] = [];
  for (const event of events) {
    if (event.type === 'OrderPlaced' || event.type === 'ReferralRegistered') {
      userIds.push(event.data.userId);
    } else if (REFERRED_ORDER_CHANGES.has(event.type) && 'orderId' in event.data) {
      orderIds.push(event.data.orderId);
    }
  }
  return {
    referredUsers: new TableChanges('influencer_referred_users', 'user_id'),
    referrals: new TableChanges('influencer_referrals', 'user_id'),
    referredOrders: new TableChanges('influencer_referred_orders', 'order_id'),
    rewards: new TableChanges('influencer_rewards', 'user_id'),
    commissions: new TableChanges('influencer_commissions', 'order_id'),
    flags: new TableChanges('influencer_referral_flags', 'id'),
    payouts: new TableChanges('payouts', 'id'),
    clicks: new TableChanges('referral_clicks', 'id'),
    storedUsers: await loadRows(
      trx,
      'influencer_referred_users',
      'user_id',
      ['influencer_id', 'user_email', 'campaign'],
      userIds,
    ),
    storedOrders: await loadRows(
      trx,
      'influencer_referred_orders',
      'order_id',
      ['influencer_id'],
      orderIds,
    ),
    erasedUsers: new Set(),
    touched: new Set(),
  };
}

/** The order events that change (or delete) a referred order's row. */
const REFERRED_ORDER_CHANGES: ReadonlySet<string> = new Set([
  'OrderPaid',
  'OrderStatusChanged',
  'OrderRefunded',
  'OrderDataErased',
  'OrderDeleted',
]);

async function flushLedgerBatch(trx: Transaction<Database>, batch: LedgerBatch): Promise<void> {
  if (batch.erasedUsers.size > 0) {
    // Before the batch's own rows are written: those already carry the erasure (foldOne).
    await trx
      .updateTable('influencer_referred_orders')
      .set({ user_email: null })
      .where('user_id', 'in', [...batch.erasedUsers])
      .execute();
  }
  await batch.referredUsers.flush(trx);
  await batch.referrals.flush(trx);
  await batch.referredOrders.flush(trx);
  await batch.rewards.flush(trx);
  await batch.commissions.flush(trx);
  await batch.flags.flush(trx);
  await batch.payouts.flush(trx);
  await batch.clicks.flush(trx);
  await refreshLedgers(trx, [...batch.touched]);
}

/** Folds one event into the batch; returns the influencer whose figures it may have changed. */
function foldOne(batch: LedgerBatch, event: LedgerInput): string | null {
  const at = eventTime(event.recorded);
  switch (event.type) {
    case 'UserRegistered': {
      const { userId, referral, email } = event.data;
      if (referral === null) return null;
      batch.referredUsers.put({
        user_id: userId,
        influencer_id: referral.influencerId,
        user_email: email,
        registered_at: at,
        campaign: referral.campaign ?? null,
      });
      return null;
    }
    case 'UserErased': {
      const { userId } = event.data;
      batch.referredUsers.patch(userId, { user_email: null });
      batch.referrals.patch(userId, { user_email: null });
      // Referred orders are keyed by order: the batch's own ones here, the stored ones on flush.
      batch.referredOrders.patchWhere((row) => row.user_id === userId, { user_email: null });
      batch.erasedUsers.add(userId);
      return null;
    }
    case 'PasswordResetRequested':
    case 'PasswordChanged':
      return null;
    case 'OrderPlaced': {
      const { orderId, userId, userEmail, service } = event.data;
      const referred = batch.referredUsers.current(userId, batch.storedUsers.get(userId));
      // Most orders are not referred ones; those leave no row here.
      if (referred === undefined) return null;
      batch.referredOrders.put({
        order_id: orderId,
        influencer_id: referred.influencer_id,
        user_id: userId,
        user_email: userEmail,
        service,
        status: 'pending',
        paid: false,
        created_at: at,
        paid_at: null,
      });
      return referred.influencer_id;
    }
    case 'OrderPaid':
      return updateReferredOrder(batch, event.data.orderId, { paid: true, paid_at: at });
    case 'OrderStatusChanged':
      return updateReferredOrder(batch, event.data.orderId, { status: event.data.to });
    case 'OrderRefunded':
      return updateReferredOrder(batch, event.data.orderId, { status: 'refunded' });
    case 'OrderDataErased':
      return updateReferredOrder(batch, event.data.orderId, { user_email: null });
    case 'OrderDeleted': {
      const { orderId } = event.data;
      const influencerId = referrerOfOrder(batch, orderId);
      if (influencerId === null) return null;
      batch.referredOrders.remove(orderId);
      return influencerId;
    }
    case 'OrderCurrencyChanged':
    case 'DeliveryAttached':
    case 'DeliveryRemoved':
    case 'ReviewSuggestionsSaved':
    case 'DeliveryOpened':
    case 'AtsCheckRecorded':
      return null;
    case 'ReferralLinkClicked':
      batch.clicks.put({
        id: event.recorded.id,
        influencer_id: event.data.influencerId,
        campaign: event.data.campaign,
        clicked_at: at,
      });
      return null;
    case 'InfluencerCreated':
      // Creates the summary row (all zeros) so a new influencer has figures to show.
      return event.data.influencerId;
    case 'InfluencerPasswordChanged':
    case 'InfluencerRemoved':
      return null;
    case 'ReferralRegistered': {
      const { influencerId, userId } = event.data;
      const referred = batch.referredUsers.current(userId, batch.storedUsers.get(userId));
      batch.referrals.put({
        user_id: userId,
        influencer_id: influencerId,
        user_email: referred?.user_email ?? null,
        registered_at: event.data.at,
        campaign: referred?.campaign ?? null,
      });
      return influencerId;
    }
    case 'ReferralFlagged': {
      const { influencerId, userId, reason, relatedUserId } = event.data;
      batch.flags.put({
        id: `${influencerId}:${userId}:${reason}`,
        influencer_id: influencerId,
        user_id: userId,
        reason,
        related_user_id: relatedUserId,
        flagged_at: event.data.at,
      });
      return influencerId;
    }
    case 'CommissionPending': {
      const { influencerId, userId, orderId, service, amount } = event.data;
      batch.commissions.put({
        order_id: orderId,
        influencer_id: influencerId,
        user_id: userId,
        service,
        amount: wholeRupees(amount),
        status: 'pending',
        pending_at: at,
        settled_at: null,
      });
      return influencerId;
    }
    case 'CommissionEarned':
      batch.commissions.patch(event.data.orderId, { status: 'earned', settled_at: at });
      return event.data.influencerId;
    case 'CommissionCancelled':
      batch.commissions.patch(event.data.orderId, { status: 'cancelled', settled_at: at });
      return event.data.influencerId;
    case 'CommissionClawedBack':
      batch.commissions.patch(event.data.orderId, { status: 'clawed_back', settled_at: at });
      return event.data.influencerId;
    case 'ReferralRewardCredited': {
      const { influencerId, userId, orderId, amount } = event.data;
      batch.rewards.put({
        user_id: userId,
        influencer_id: influencerId,
        order_id: orderId,
        amount: wholeRupees(amount),
        clawed_back: 0,
        shortfall: 0,
        credited_at: at,
        clawed_back_at: null,
      });
      return influencerId;
    }
    case 'ReferralRewardClawedBack': {
      const { influencerId, userId, amount, shortfall } = event.data;
      batch.rewards.patch(userId, {
        clawed_back: wholeRupees(amount),
        shortfall: wholeRupees(shortfall),
        clawed_back_at: at,
      });
      return influencerId;
    }
    case 'PayoutRequested': {
      const { data } = event;
      batch.payouts.put({
        id: data.payoutId,
        influencer_id: data.influencerId,
        amount: wholeRupees(data.amount),
        status: 'requested',
        requested_at: at,
        processed_at: null,
        // Personal fields: null once the influencer's key is erased (crypto-shredding).
        payee_name: data.payeeName,
        mobile: data.mobile,
        bank_name: data.bankName,
        upi_id: data.upiId,
        txn_id: null,
        method: data.method,
        account_number: data.accountNumber,
        ifsc: data.ifsc,
        netted: 0,
        reason: null,
      });
      return data.influencerId;
    }
    case 'PayoutApproved': {
      const { payoutId, amount, netted } = event.data;
      // Approvals recorded before netting carry no amount: they kept the held amount.
      batch.payouts.patch(payoutId, {
        status: 'approved',
        processed_at: at,
        netted: wholeRupees(netted),
        ...(amount === null ? {} : { amount: wholeRupees(amount) }),
      });
      return event.data.influencerId;
    }
    case 'PayoutPaid':
      batch.payouts.patch(event.data.payoutId, {
        status: 'paid',
        processed_at: at,
        txn_id: event.data.txnId,
      });
      return event.data.influencerId;
    case 'PayoutRejected':
      batch.payouts.patch(event.data.payoutId, {
        status: 'rejected',
        processed_at: at,
        reason: event.data.reason === '' ? null : event.data.reason,
      });
      return event.data.influencerId;
    default:
      return assertNever(event);
  }
}

function referrerOfOrder(batch: LedgerBatch, orderId: string): string | null {
  const order = batch.referredOrders.current(orderId, batch.storedOrders.get(orderId));
  return order?.influencer_id ?? null;
}

/** Updates a referred order's row; most orders are not referred ones and have none. */
function updateReferredOrder(
  batch: LedgerBatch,
  orderId: string,
  changes: { paid?: true; paid_at?: string; status?: OrderStatus; user_email?: null },
): string | null {
  const influencerId = referrerOfOrder(batch, orderId);
  if (influencerId === null) return null;
  batch.referredOrders.patch(orderId, changes);
  return influencerId;
}

/** The ledger's columns are integers; amounts are whole rupees. */
const wholeRupees = (amount: number): number => Math.trunc(amount);
