/**
 * DataLoader options for lookups that concurrent requests each make (a session check, the
 * caller's e-mail, a new stream's key): batching only, never a cache, since each must read the
 * tables as they are now. The batch is dispatched on setImmediate, after the event loop has
 * taken in every request that arrived together (each comes in its own I/O callback, so
 * DataLoader's default, the end of the current tick, would batch nothing); it adds well under
 * a millisecond.
 */
export const BATCH_ONLY = {
  cache: false,
  batchScheduleFn: (dispatch: () => void) => setImmediate(dispatch),
} as const;
