import { type DocumentJob, documentJob } from '../document-job';

const MODULE = new URL('./pool-probe.worker.ts', import.meta.url);
const LIMIT = 'Past the limit.';

/** The probe jobs of pool-probe.worker.ts, typed for `pool.run`. */
export const DOCUMENT_POOL_PROBE = {
  echo: documentJob(MODULE, 'echo', LIMIT) as DocumentJob<
    string,
    { input: string; threadId: number }
  >,
  spin: documentJob(MODULE, 'spin', LIMIT) as DocumentJob<number, number>,
  exhaustHeap: documentJob(MODULE, 'exhaustHeap', LIMIT) as DocumentJob<null, never>,
  overflowStack: documentJob(MODULE, 'overflowStack', LIMIT) as DocumentJob<null, number>,
  refuse: documentJob(MODULE, 'refuse', LIMIT) as DocumentJob<null, never>,
  fail: documentJob(MODULE, 'fail', LIMIT) as DocumentJob<null, never>,
  limitMessage: LIMIT,
} as const;
