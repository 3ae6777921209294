import { singleLineText } from '@shortlist/domain';
import type { Database } from '@shortlist/projections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { HttpError, sessionSubject } from '../../../auth/auth-token';
import { commandMetadataFor } from '../../../commands/command-metadata';
import {
  INFLUENCER_API_MESSAGES as M,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
} from '../../../shared/influencers/influencer.messages';
import {
  formField,
  idParamsSchema,
  isEmail,
  messageSchema,
  statsSchema,
} from '../../../shared/influencers/influencer.schemas';
import { NO_FIGURES, referralLink, statsOf } from '../../../shared/influencers/influencer-read';
import {
  changeInfluencerPassword,
  createInfluencer,
  removeInfluencer,
} from './influencer-accounts';

const influencerItemSchema = z.object({
  _id: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  referralCode: z.string(),
  referralLink: z.string(),
  stats: statsSchema,
  createdAt: z.string(),
});
type InfluencerItem = z.infer<typeof influencerItemSchema>;

const createBodySchema = z
  .object({ name: formField(100), email: formField(254), password: formField(MAX_PASSWORD_LENGTH) })
  .transform((body, ctx) => {
    const name = body.name.trim();
    const email = body.email.trim().toLowerCase();
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (name === '' || email === '' || body.password === '') return fail(M.fillAllFields);
    if (!isEmail(email)) return fail(M.invalidEmail);
    if (body.password.length < MIN_PASSWORD_LENGTH) return fail(M.adminPasswordTooShort);
    return { name, email, password: body.password };
  });

const passwordBodySchema = z
  .object({ password: formField(MAX_PASSWORD_LENGTH) })
  .transform((body, ctx) => {
    if (body.password.trim() === '') {
      ctx.addIssue({ code: 'custom', message: M.enterPassword });
      return z.NEVER;
    }
    if (body.password.length < MIN_PASSWORD_LENGTH) {
      ctx.addIssue({ code: 'custom', message: M.adminPasswordTooShort });
      return z.NEVER;
    }
    return body;
  });

/** Escapes LIKE's wildcards so a search for "50%" finds "50%", not everything. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

async function influencerItems(
  db: Kysely<Database>,
  publicOrigin: string,
  filter: { q?: string; id?: string },
): Promise<InfluencerItem[]> {
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
    ])
    .where('i.removed_at', 'is', null)
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id')
    .limit(500);
  const q = filter.q?.trim() ?? '';
  if (q !== '') {
    const pattern = likePattern(q);
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

  app.get(
    '/influencers',
    {
      schema: {
        querystring: z.object({ q: singleLineText().max(200).optional() }),
        response: { 200: z.object({ items: z.array(influencerItemSchema) }) },
      },
    },
    async (request) => ({
      items: await influencerItems(app.db, app.config.publicOrigin, { q: request.query.q }),
    }),
  );

  app.post(
    '/influencers',
    {
      schema: {
        body: createBodySchema,
        response: {
          201: z.object({
            message: z.string(),
            item: influencerItemSchema,
            plainPassword: z.string(),
          }),
          400: messageSchema,
          409: messageSchema,
        },
      },
    },
    async (request, reply) => {
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
  );

  app.patch(
    '/influencers/:id/password',
    {
      schema: {
        params: idParamsSchema,
        body: passwordBodySchema,
        response: {
          200: z.object({ message: z.string(), plainPassword: z.string() }),
          400: messageSchema,
          404: messageSchema,
          410: messageSchema,
        },
      },
    },
    async (request) => {
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
  );

  app.delete(
    '/influencers/:id',
    {
      schema: {
        params: idParamsSchema,
        response: { 200: messageSchema, 404: messageSchema, 410: messageSchema },
      },
    },
    async (request) => {
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
  );
};
