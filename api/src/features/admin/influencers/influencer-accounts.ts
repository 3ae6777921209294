import { createHash, randomInt, randomUUID } from 'node:crypto';
import {
  type CommandMetadata,
  DomainError,
  INFLUENCER_RESERVATION_MESSAGES,
  influencerEmailStreamName,
  influencerLedgerDecider,
  influencerReservationDecider,
  influencerStreamName,
  referralCodeStreamName,
} from '@shortlist/domain';
import type { EventStore, Position } from '@shortlist/eventstore';
import type { Database } from '@shortlist/projections';
import type { Kysely } from 'kysely';
import { hashPassword } from '../../../auth/passwords';
import { handleCommand } from '../../../commands/handle-command';

/**
 * Creating and removing influencers (admin). Uniqueness of the e-mail and the referral code is
 * claimed on reservation streams before the ledger is written (ARCHITECTURE.md uses the same
 * pattern for customers' e-mails): the store's version check lets only one claimant win.
 */

interface Deps {
  store: EventStore;
  db: Kysely<Database>;
}

/** Hash of the normalised e-mail: the reservation stream's name carries nothing personal. */
function emailKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

// No 0/O or 1/I: codes are read aloud and typed from videos.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** e.g. 'ASHA' + 'K7Q2': recognisable for the influencer, unguessable enough for strangers. */
function referralCodeCandidate(name: string): string {
  const stem = name
    .normalize('NFKD')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 6);
  let suffix = '';
  for (let i = 0; i < 4; i++) suffix += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `${stem || 'SL'}${suffix}`;
}

async function reserve(
  store: EventStore,
  streamName: string,
  influencerId: string,
  value: 'email' | 'referralCode',
  metadata: CommandMetadata,
): Promise<void> {
  await handleCommand({
    store,
    streamName,
    decider: influencerReservationDecider,
    command: { type: 'ReserveInfluencerValue', data: { influencerId, value }, metadata },
  });
}

async function release(
  store: EventStore,
  streamName: string,
  influencerId: string,
  metadata: CommandMetadata,
): Promise<void> {
  await handleCommand({
    store,
    streamName,
    decider: influencerReservationDecider,
    command: { type: 'ReleaseInfluencerValue', data: { influencerId }, metadata },
  });
}

const CODE_ATTEMPTS = 8;

/** Claims a fresh referral code: a taken candidate (rare) is simply replaced by another. */
async function reserveReferralCode(
  deps: Deps,
  influencerId: string,
  name: string,
  metadata: CommandMetadata,
): Promise<string> {
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
    const code = referralCodeCandidate(name);
    // Codes that predate the reservation streams live only in the read model.
    const existing = await deps.db
      .selectFrom('influencers')
      .select('id')
      .where('referral_code', '=', code)
      .executeTakeFirst();
    if (existing !== undefined) continue;
    try {
      await reserve(
        deps.store,
        referralCodeStreamName(code),
        influencerId,
        'referralCode',
        metadata,
      );
      return code;
    } catch (error) {
      if (!(error instanceof DomainError) || error.kind !== 'conflict') throw error;
    }
  }
  throw new DomainError('conflict', INFLUENCER_RESERVATION_MESSAGES.referralCode);
}

export async function createInfluencer(
  deps: Deps,
  input: { name: string; email: string; password: string },
  metadata: CommandMetadata,
): Promise<{ influencerId: string; position: Position | null }> {
  const influencerId = randomUUID();
  const emailStream = influencerEmailStreamName(emailKey(input.email));
  await reserve(deps.store, emailStream, influencerId, 'email', metadata);
  try {
    const referralCode = await reserveReferralCode(deps, influencerId, input.name, metadata);
    const { position } = await handleCommand({
      store: deps.store,
      streamName: influencerStreamName(influencerId),
      decider: influencerLedgerDecider,
      command: {
        type: 'CreateInfluencer',
        data: {
          influencerId,
          name: input.name,
          email: input.email,
          referralCode,
          // Only the argon2id hash is kept; the plain password lives in this request alone.
          passwordHash: await hashPassword(input.password),
        },
        metadata,
      },
    });
    return { influencerId, position };
  } catch (error) {
    // Leave the e-mail free for a retry when the creation itself did not happen.
    await release(deps.store, emailStream, influencerId, metadata).catch(() => undefined);
    throw error;
  }
}

export async function changeInfluencerPassword(
  deps: Deps,
  influencerId: string,
  password: string,
  metadata: CommandMetadata,
): Promise<Position | null> {
  const { position } = await handleCommand({
    store: deps.store,
    streamName: influencerStreamName(influencerId),
    decider: influencerLedgerDecider,
    command: {
      type: 'ChangeInfluencerPassword',
      data: { passwordHash: await hashPassword(password) },
      metadata,
    },
  });
  return position;
}

/** Removes the influencer; its e-mail becomes free, its referral code stays retired. */
export async function removeInfluencer(
  deps: Deps,
  influencerId: string,
  email: string | null,
  metadata: CommandMetadata,
): Promise<Position | null> {
  const { position } = await handleCommand({
    store: deps.store,
    streamName: influencerStreamName(influencerId),
    decider: influencerLedgerDecider,
    command: { type: 'RemoveInfluencer', data: {}, metadata },
  });
  if (email !== null) {
    await release(deps.store, influencerEmailStreamName(emailKey(email)), influencerId, metadata);
  }
  return position;
}
