import { z } from 'zod';
import { pageOf, pagingSchema } from './paging';
import { defineRoute } from './route';

/** SPEC §3 "User (admin view)". */
export const adminUserSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  role: z.enum(['user', 'admin']),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** GET /admin/users?q&page&limit: accounts newest first, searched by name or e-mail. */
export const listAdminUsersRoute = defineRoute({
  method: 'GET',
  path: '/admin/users',
  audience: 'admin',
  summary: 'List accounts, searched by name or e-mail',
  query: pagingSchema,
  response: pageOf(adminUserSchema),
});
