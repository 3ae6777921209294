import { describe, it } from 'vitest';
import type { CommandMetadata } from '../core/decider';
import { DeciderSpecification } from '../core/decider-spec';
import {
  INFLUENCER_QUERY_MESSAGES,
  INFLUENCER_RESERVATION_MESSAGES,
  type InfluencerQueryEvent,
  influencerQueryDecider,
  influencerReservationDecider,
} from './index';

const metadata: CommandMetadata = {
  actor: 'influencer:i1',
  correlationId: 'c1',
  causationId: null,
  now: '2026-11-22T10:00:00.000Z',
};
const opened: InfluencerQueryEvent = {
  type: 'InfluencerQueryOpened',
  data: { queryId: 'q1', influencerId: 'i1', subject: 'General Issue', message: 'Link broken' },
};
const queries = DeciderSpecification.for(influencerQueryDecider);
const open = (message: string, subject = 'General Issue') => ({
  type: 'OpenInfluencerQuery' as const,
  data: { queryId: 'q1', influencerId: 'i1', subject, message },
  metadata,
});

describe('influencer query', () => {
  it('opens with trimmed text and the default subject', () => {
    queries.given([]).when(open('  Link broken ', ' ')).then([opened]);
  });

  it('needs text', () => {
    queries
      .given([])
      .when(open('   '))
      .thenThrows('invalid', INFLUENCER_QUERY_MESSAGES.messageRequired);
    queries.given([opened]).when(open('again')).thenThrows('conflict');
  });

  it('takes replies with a status, and needs reply text', () => {
    const reply = (text: string) => ({
      type: 'ReplyToInfluencerQuery' as const,
      data: { reply: text, status: 'resolved' as const, by: 'admin:a1' },
      metadata,
    });
    queries
      .given([opened])
      .when(reply(' Fixed now '))
      .then([
        {
          type: 'InfluencerQueryReplied',
          data: { queryId: 'q1', reply: 'Fixed now', status: 'resolved', by: 'admin:a1' },
        },
      ]);
    queries
      .given([opened])
      .when(reply('  '))
      .thenThrows('invalid', INFLUENCER_QUERY_MESSAGES.replyRequired);
    queries.given([]).when(reply('x')).thenThrows('not_found');
  });
});

describe('influencer reservations', () => {
  const reservations = DeciderSpecification.for(influencerReservationDecider);
  const reserve = (influencerId: string) => ({
    type: 'ReserveInfluencerValue' as const,
    data: { influencerId, value: 'email' as const },
    metadata,
  });
  const release = (influencerId: string) => ({
    type: 'ReleaseInfluencerValue' as const,
    data: { influencerId },
    metadata,
  });
  const reserved = { type: 'InfluencerValueReserved' as const, data: { influencerId: 'i1' } };
  const released = { type: 'InfluencerValueReleased' as const, data: { influencerId: 'i1' } };

  it('lets one influencer hold a value; the holder may ask again', () => {
    reservations.given([]).when(reserve('i1')).then([reserved]);
    reservations.given([reserved]).when(reserve('i1')).then([]);
    reservations
      .given([reserved])
      .when(reserve('i2'))
      .thenThrows('conflict', INFLUENCER_RESERVATION_MESSAGES.email);
  });

  it('frees a value only when its holder releases it', () => {
    reservations.given([reserved]).when(release('i2')).then([]);
    reservations.given([reserved]).when(release('i1')).then([released]);
    reservations
      .given([reserved, released])
      .when(reserve('i2'))
      .then([{ type: 'InfluencerValueReserved', data: { influencerId: 'i2' } }]);
  });
});
