import { randomUUID } from 'node:crypto';
import {
  campaignTag,
  referralClickDecider,
  referralClickStreamName,
  singleLineText,
} from '@shortlist/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commandMetadataFor } from '../../commands/command-metadata';
import { handleCommand } from '../../commands/handle-command';

/** Codes are short tokens (the register route takes at most 64 characters). */
const CODE = /^[A-Z0-9_-]{1,64}$/;
/** How long the browser carries the code (SPEC §5: a `ref` cookie), and the click's dedupe. */
const CARRY_SECONDS = 30 * 24 * 60 * 60;
const SEEN_SECONDS = 30 * 60;

function cookie(name: string, value: string, maxAge: number): string {
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAge}; SameSite=Lax`;
}

function cookieOf(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return null;
}

/**
 * GET /r/{code}?c={campaign}: the short referral link. It counts the click (an event with the
 * influencer and the campaign tag, nothing about the visitor), then carries the code the ways
 * SPEC §5 reads it: to /register?ref= (the register screen keeps it in local storage and sends
 * it in the body and X-Ref) and in a `ref` cookie, with the campaign beside it. Counting is
 * bounded: per client IP (abuse limits) and once per browser, code and campaign in half an hour
 * (a `ref_seen` cookie); the visitor is redirected either way. An unknown code still lands on
 * the register page, without a code.
 */
export const referralLinkRoute: FastifyPluginAsyncZod = async (app) => {
  const limit = app.limits.referralClicks;
  const counted = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.timeWindowMs,
    keyGenerator: (request) => request.ip,
  });

  app.route({
    method: 'GET',
    url: '/r/:code',
    schema: {
      summary: 'Short referral link: counts the click and carries the code to registration',
      params: z.object({ code: singleLineText().max(64) }),
      querystring: z.object({ c: singleLineText().max(64).optional() }),
    },
    handler: async (request, reply) => {
      const code = request.params.code.trim().toUpperCase();
      const campaign = campaignTag(request.query.c);
      reply.header('cache-control', 'no-store');
      if (!CODE.test(code)) return reply.redirect('/register', 302);
      const influencer = await app.db
        .selectFrom('influencers')
        .select('id')
        .where('referral_code', '=', code)
        .where('removed_at', 'is', null)
        .executeTakeFirst();
      if (influencer === undefined) return reply.redirect('/register', 302);

      const seenKey = `${code}:${campaign ?? ''}`;
      const seen = cookieOf(request.headers.cookie, 'ref_seen') === encodeURIComponent(seenKey);
      // `isAllowed` means allow-listed (never limited); otherwise the count decides.
      const limited = seen ? null : await counted(request);
      if (limited !== null && (limited.isAllowed || !limited.isExceeded)) {
        await handleCommand({
          store: app.store,
          streamName: referralClickStreamName(randomUUID()),
          decider: referralClickDecider,
          newStream: true,
          command: {
            type: 'RecordReferralClick',
            data: { influencerId: influencer.id, campaign },
            metadata: commandMetadataFor(request),
          },
        });
      }
      reply.header('set-cookie', [
        cookie('ref', code, CARRY_SECONDS),
        campaign === null
          ? cookie('ref_campaign', '', 0)
          : cookie('ref_campaign', campaign, CARRY_SECONDS),
        cookie('ref_seen', seenKey, SEEN_SECONDS),
      ]);
      const query = new URLSearchParams({ ref: code });
      if (campaign !== null) query.set('campaign', campaign);
      return reply.redirect(`/register?${query.toString()}`, 302);
    },
  });
};
