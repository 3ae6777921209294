import { userStreamName } from '@shortlist/domain';
import {
  type ResumeDraftInput,
  resumeDraftSchema,
  type SavedResumeDraft,
} from '@shortlist/domain/contract';
import type { JsonValue } from '@shortlist/eventstore';
import DataLoader from 'dataloader';
import { type Kysely, sql } from 'kysely';
import { isSealedField, openField, sealField } from '../personal-data/field-cipher';
import type { KeyVault } from '../personal-data/key-vault';
import { BATCH_ONLY } from './batch-only';

/** The table of migrations/20261126-0020-resume-drafts.migration.ts. */
// A type alias, not an interface: withTables needs an index-signature-compatible record.
export type ResumeDraftTables = {
  resume_drafts: { user_id: string; sealed: unknown; saved_at: Date };
};

// biome-ignore lint/suspicious/noExplicitAny: any read-model database or transaction will do
type Db = Kysely<any>;
const drafts = (db: Db) => db.withTables<ResumeDraftTables>();

/** Additional data of the seal: a sealed draft cannot be moved to another account's row. */
const aad = (userId: string) => `resume_drafts:${userId}`;

/**
 * The draft is sealed with the key of the account's own stream (`user-{id}`), never stored in
 * clear: erasing the account (crypto-shredding that key) makes the row unreadable, and the next
 * read deletes it.
 */
export async function saveResumeDraft(
  db: Db,
  vault: KeyVault,
  userId: string,
  draft: ResumeDraftInput,
  now: Date,
): Promise<{ saved: boolean }> {
  const subject = userStreamName(userId);
  const key = (await vault.keysFor([subject], { create: true })).get(subject) ?? null;
  // An erased account keeps no draft, whatever a late request of it sends.
  if (key === null) return { saved: false };
  const sealed = sealField(key, aad(userId), draft as unknown as JsonValue);
  await drafts(db)
    .insertInto('resume_drafts')
    .values({ user_id: userId, sealed: JSON.stringify(sealed), saved_at: now })
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet({ sealed: JSON.stringify(sealed), saved_at: now }),
    )
    .execute();
  return { saved: true };
}

export async function readResumeDraft(
  db: Db,
  vault: KeyVault,
  userId: string,
): Promise<{ draft: SavedResumeDraft; savedAt: Date } | null> {
  const row = await drafts(db)
    .selectFrom('resume_drafts')
    .select(['sealed', 'saved_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (row === undefined) return null;
  const subject = userStreamName(userId);
  const key = (await vault.keysFor([subject], { create: false })).get(subject) ?? null;
  if (key === null || !isSealedField(row.sealed)) {
    await deleteResumeDraft(db, userId);
    return null;
  }
  // A draft saved by an older form shape reads as no draft rather than breaking the builder.
  const parsed = resumeDraftSchema.safeParse(openField(key, aad(userId), row.sealed));
  return parsed.success ? { draft: parsed.data, savedAt: row.saved_at } : null;
}

/**
 * When the order is placed (or the account closed): the draft has done its work. Every
 * placed order clears one, so the drafts of requests arriving together are deleted in one
 * statement (DataLoader batches; no cache: each delete runs). One loader per database.
 */
export async function deleteResumeDraft(db: Db, userId: string): Promise<void> {
  await draftDeleterOf(db).load(userId);
}

const draftDeleters = new WeakMap<Db, DataLoader<string, true>>();

function draftDeleterOf(db: Db): DataLoader<string, true> {
  let deleter = draftDeleters.get(db);
  if (deleter === undefined) {
    deleter = new DataLoader<string, true>(async (userIds) => {
      // One statement text whatever the batch's size (`in (…)` would make one per size).
      await sql`delete from resume_drafts where user_id = any(${[...userIds]}::text[])`.execute(db);
      return userIds.map(() => true as const);
    }, BATCH_ONLY);
    draftDeleters.set(db, deleter);
  }
  return deleter;
}
