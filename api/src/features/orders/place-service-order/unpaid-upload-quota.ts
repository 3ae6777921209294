import type { FastifyInstance } from 'fastify';
import type { UploadQuota } from '../../../shared/abuse-limits';
import { HttpError } from '../../../shared/http-error';

// The quota itself (5 files, 25 MB) and why: shared/abuse-limits.ts, as `app.limits`.

/** The refusal, stating the limit in plain words. */
function quotaMessage(quota: UploadQuota): string {
  const megabytes = Math.round(quota.bytes / (1024 * 1024));
  return (
    `Unpaid orders can hold at most ${quota.files} uploaded files (${megabytes} MB in all) ` +
    'per account. Pay for or delete an unpaid order at Checkout, then upload again.'
  );
}

interface Usage {
  files: number;
  bytes: number;
}

/** The files on the account's orders that still wait for a payment (free ones wait for none). */
async function unpaidUploadsOf(app: FastifyInstance, userId: string): Promise<Usage> {
  const rows = await app.db
    .selectFrom('orders')
    .select('customer_uploads')
    .where('user_id', '=', userId)
    .where('payment_status', '=', 'unpaid')
    .where('amount', '>', '0')
    .execute();
  const fileIds = rows.flatMap((row) => row.customer_uploads.map((upload) => upload.fileId));
  let bytes = 0;
  for (const fileId of fileIds) {
    const stored = await app.files.get(fileId);
    if (stored === null) continue;
    // Only the size is wanted: close the read stream get() opened.
    stored.stream.destroy();
    bytes += stored.size;
  }
  return { files: fileIds.length, bytes };
}

/**
 * Before the body is read: an account already at its quota is refused at once, so a full
 * account costs no upload at all.
 */
export async function refuseWhenQuotaFull(app: FastifyInstance, userId: string): Promise<void> {
  const quota = app.limits.unpaidUploads;
  const used = await unpaidUploadsOf(app, userId);
  if (used.files >= quota.files || used.bytes >= quota.bytes) {
    throw new HttpError(409, quotaMessage(quota));
  }
}

// One decision at a time per account in this process, so two uploads finishing together cannot
// both fit under the quota on the same count: the second one is counted with the first's order.
const decisions = new Map<string, Promise<unknown>>();

/**
 * Runs `place` (which places the order and waits until the read model shows it) only if a
 * stored upload of `size` bytes still fits in the account's quota, one account's uploads one
 * after the other. Several API instances (services mode) each admit one at a time, so the quota
 * may be passed by one file per instance at most, and the routes' rate limits bound that too.
 */
export async function withinUploadQuota<T>(
  app: FastifyInstance,
  userId: string,
  size: number,
  place: () => Promise<T>,
): Promise<T> {
  const quota = app.limits.unpaidUploads;
  const previous = decisions.get(userId) ?? Promise.resolve();
  const decision = previous.then(
    () => decide(),
    () => decide(),
  );
  decisions.set(userId, decision);
  async function decide(): Promise<T> {
    const used = await unpaidUploadsOf(app, userId);
    if (used.files + 1 > quota.files || used.bytes + size > quota.bytes) {
      throw new HttpError(409, quotaMessage(quota));
    }
    return place();
  }
  try {
    return await decision;
  } finally {
    if (decisions.get(userId) === decision) decisions.delete(userId);
  }
}
