import { getInfluencerStatementRoute } from '@shortlist/domain/contract';
import type { EventStore } from '@shortlist/eventstore';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { influencerLedgers } from '../../../commands/aggregates';
import { contractRoute } from '../../../shared/contract-route';
import { currentInfluencer } from '../influencer-guard';
import { ledgerStatement } from './ledger-statement';
import { referredCustomerNames } from './referred-customer-names';

/** GET /influencer/statement: the caller's ledger lines with a running balance. */
export const influencerStatementRoute: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, getInfluencerStatementRoute),
    handler: async (request) => {
      const me = await currentInfluencer(app, request);
      const lines = await statementFromLedgerStream(app.store, me.id, request.query.before);
      const names = await referredCustomerNames(
        app.db,
        me.id,
        lines.flatMap((line) => (line.orderId === null ? [] : [line.orderId])),
      );
      const entries = lines.map((line) => ({
        ...line,
        customerName: line.orderId === null ? null : (names.get(line.orderId) ?? null),
      }));
      return { ok: true as const, entries, balance: entries.at(-1)?.balance ?? 0 };
    },
  });
};

/**
 * A stream query: read from the ledger stream itself, not a read model, because the read model
 * keeps each payout's latest status only and the statement shows every step.
 */
async function statementFromLedgerStream(
  store: EventStore,
  influencerId: string,
  before: string | undefined,
) {
  const { history } = await influencerLedgers(store).load(influencerId);
  return ledgerStatement(history, before);
}
