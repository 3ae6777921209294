import type { Command } from '../core/decider';
import type { QueryOpened, QueryReplied } from './query.events';

/** The support query's commands (stream `query-{queryId}`) and what `decide` answers with. */

export const BRAND = 'Shortlist';
/** SPEC §5: "The default subject is 'Re: your message to {brand}'". */
export const DEFAULT_REPLY_SUBJECT = `Re: your message to ${BRAND}`;

export const QUERY_MESSAGES = {
  emailAndMessageRequired: 'Please enter your email and message.',
  alreadyOpened: 'This query already exists.',
  notFound: 'Query not found.',
  deleted: 'This query was deleted.',
  replyRequired: 'Please enter a reply message.',
} as const;

export type OpenQuery = Command<'OpenQuery', QueryOpened['data']>;
export type ReplyToQuery = Command<
  'ReplyToQuery',
  Omit<QueryReplied['data'], 'queryId' | 'at'> & {
    /** Blank: the address the query came from. */
    to: string;
    /** Blank: DEFAULT_REPLY_SUBJECT. */
    subject: string;
    /** "Send & Close" (SPEC §2 Queries). */
    close: boolean;
  }
>;
export type CloseQuery = Command<'CloseQuery', Record<string, never>>;
export type DeleteQuery = Command<'DeleteQuery', Record<string, never>>;

export type QueryCommand = OpenQuery | ReplyToQuery | CloseQuery | DeleteQuery;
