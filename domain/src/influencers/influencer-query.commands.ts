import type { Command } from '../core/decider';
import type { InfluencerQueryOpened, InfluencerQueryReplied } from './influencer-query.events';

/** An influencer's support query: its commands (stream `influencer-query-{id}`) and refusals. */

/** The subject the influencer screen sends (SPEC §7). */
export const DEFAULT_INFLUENCER_QUERY_SUBJECT = 'General Issue';

export const INFLUENCER_QUERY_MESSAGES = {
  messageRequired: 'Enter your issue',
  replyRequired: 'Please write a reply.',
  notFound: 'Query not found.',
  alreadyOpened: 'This query already exists.',
} as const;

export type OpenInfluencerQuery = Command<'OpenInfluencerQuery', InfluencerQueryOpened['data']>;
export type ReplyToInfluencerQuery = Command<
  'ReplyToInfluencerQuery',
  Omit<InfluencerQueryReplied['data'], 'queryId'>
>;
export type InfluencerQueryCommand = OpenInfluencerQuery | ReplyToInfluencerQuery;
