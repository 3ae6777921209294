import { z } from 'zod';
import { singleLineText } from '../text';
import { defineRoute } from './route';

/** GET /admin/stats: the dashboard's users and resumes counts (SPEC §3 "Admin stats"). */
export const getAdminStatsRoute = defineRoute({
  method: 'GET',
  path: '/admin/stats',
  audience: 'admin',
  summary: 'Count users and paid resumes for the dashboard',
  // SPEC §2's web sends limit=1, a leftover of counting through the lists: accepted, ignored.
  query: z.object({ limit: singleLineText().max(20).optional() }),
  response: z.object({ users: z.number().int(), resumes: z.number().int() }),
});
