import {
  createInfluencerRoute,
  deleteInfluencerRoute,
  type InfluencerView,
  listInfluencersRoute,
  INFLUENCER_ROUTE_MESSAGES as M,
  updateInfluencerPasswordRoute,
} from '@shortlist/domain/contract';
import type { Database } from '@shortlist/projections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { sessionSubject } from '../../../auth/auth-token';
import { commandMetadataFor } from '../../../commands/command-metadata';
import { contractRoute } from '../../../shared/contract-route';
import { HttpError } from '../../../shared/http-error';
import { NO_FIGURES, referralLink, statsOf } from '../../../shared/influencers/influencer-read';
import { containsPattern } from '../admin-lists';
import {
  changeInfluencerPassword,
  createInfluencer,
  removeInfluencer,
} from './influencer-accounts';

async function influencerItems(
  db: Kysely<Database>,
  publicOrigin: string,
  filter: { q?: string; id?: string },
): Promise<InfluencerView[]> {
  let query = db
    .selectFrom('influencers as i')
    .leftJoin('influencer_ledgers as l', 'l.influencer_id', 'i.id')
    .select([
      'i.id',
      'i.name',
      'i.email',
      'i.referral_code',
      'i.created_at',
      'l.registrations',
      'l.orders',
      'l.balance',
      'l.pending',
      'l.debt',
    ])
    .where('i.removed_at', 'is', null)
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id')
    .limit(500);
  const q = filter.q?.trim() ?? '';
  if (q !== '') {
    const pattern = containsPattern(q);
    query = query.where((eb) =>
      eb.or([
        eb('i.name', 'ilike', pattern),
        eb('i.email', 'ilike', pattern),
        eb('i.referral_code', 'ilike', pattern),
      ]),
    );
  }
  if (filter.id !== undefined) query = query.where('i.id', '=', filter.id);
  const rows = await query.execute();
  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    email: row.email,
    referralCode: row.referral_code,
    referralLink: referralLink(publicOrigin, row.referral_code),
    stats: statsOf({
      registrations: row.registrations ?? NO_FIGURES.registrations,
      orders: row.orders ?? NO_FIGURES.orders,
      balance: row.balance ?? NO_FIGURES.balance,
      pending: row.pending ?? NO_FIGURES.pending,
      debt: row.debt ?? NO_FIGURES.debt,
    }),
    createdAt: row.created_at.toISOString(),
  }));
}

/**
 * Admin: /admin/influencers list, create, password reset and delete (SPEC §7). The password is
 * answered once, in the create or reset answer (`plainPassword`), and stored only as argon2id
 * (ARCHITECTURE.md: never a plain password, although the SPEC's admin screen shows one).
 */
export const adminInfluencersRoute: FastifyPluginAsyncZod = async (app) => {
  const deps = { store: app.store, db: app.db };
  const one = async (id: string) => {
    const [item] = await influencerItems(app.db, app.config.publicOrigin, { id });
    if (item === undefined) throw new HttpError(404, M.notFound);
    return item;
  };

  app.route({
    ...contractRoute(app, listInfluencersRoute, [400]),
    handler: async (request) => ({
      items: await influencerItems(app.db, app.config.publicOrigin, { q: request.query.q }),
    }),
  });

  app.route({
    ...contractRoute(app, createInfluencerRoute, [400, 409]),
    handler: async (request, reply) => {
      const { influencerId, position } = await createInfluencer(
        deps,
        request.body,
        commandMetadataFor(request),
      );
      await app.waitForProjections(position, ['influencers', 'influencer-ledger']);
      return reply.code(201).send({
        message: M.created,
        item: await one(influencerId),
        plainPassword: request.body.password,
      });
    },
  });

  app.route({
    ...contractRoute(app, updateInfluencerPasswordRoute, [400, 404, 410]),
    handler: async (request) => {
      const position = await changeInfluencerPassword(
        deps,
        request.params.id,
        request.body.password,
        commandMetadataFor(request),
      );
      // The influencer's open sessions end with the old password (their tokens answer 401).
      await app.revocations.endSessionsOf(
        sessionSubject({ id: request.params.id, role: 'influencer' }),
      );
      await app.waitForProjections(position, ['influencers']);
      return { message: M.passwordUpdated, plainPassword: request.body.password };
    },
  });

  app.route({
    ...contractRoute(app, deleteInfluencerRoute, [400, 404, 410]),
    handler: async (request) => {
      const row = await app.db
        .selectFrom('influencers')
        .select('email')
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      const position = await removeInfluencer(
        deps,
        request.params.id,
        row?.email ?? null,
        commandMetadataFor(request),
      );
      await app.waitForProjections(position, ['influencers', 'influencer-ledger']);
      return { message: M.deleted };
    },
  });
};
