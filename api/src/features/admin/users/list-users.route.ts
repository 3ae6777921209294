import { listAdminUsersRoute } from '@shortlist/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoute } from '../../../shared/contract-route';
import { containsPattern, offsetOf } from '../admin-lists';

/**
 * GET /admin/users?q&page&limit: accounts newest first, searched by name or e-mail. Erased
 * accounts are left out: nothing identifies them any more and nobody can act on them, and so
 * `total` without a search equals the dashboard's user count.
 */
export const listUsersRoute: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, listAdminUsersRoute, [400]),
    handler: async (request) => {
      const { q } = request.query;
      let base = app.db.selectFrom('users').where('erased_at', 'is', null);
      if (q !== undefined) {
        const pattern = containsPattern(q);
        base = base.where((eb) =>
          eb.or([eb('name', 'ilike', pattern), eb('email', 'ilike', pattern)]),
        );
      }
      const [rows, count] = await Promise.all([
        base
          .select(['id', 'name', 'email', 'role', 'created_at'])
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(request.query.limit)
          .offset(offsetOf(request.query))
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
      ]);
      return {
        items: rows.map((row) => ({
          id: row.id,
          name: row.name,
          email: row.email,
          // SPEC §6 compares roles case-insensitively; the chip shows one of two.
          role: row.role.toLowerCase() === 'admin' ? ('admin' as const) : ('user' as const),
          createdAt: row.created_at.toISOString(),
        })),
        total: Number(count.count),
      };
    },
  });
};
