import { DomainError, type DomainErrorKind, TEXT_MESSAGES } from '@shortlist/domain';
import {
  UnstorableEventError,
  type UnstorableReason,
  WrongExpectedVersionError,
} from '@shortlist/eventstore';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  type ZodFastifySchemaValidationError,
} from 'fastify-type-provider-zod';
import { HttpError } from '../shared/http-error';

/**
 * Every error leaves as JSON `{ message }` worded for people; the web apps show `message` as is
 * (SPEC §8). Anything unexpected is logged in full and answered with a generic 500.
 */
export const ERROR_MESSAGES = {
  notFound: 'Not found',
  conflict: 'The record changed while you were saving. Please try again.',
  unexpected: 'Something went wrong. Please try again.',
} as const;

const STATUS_BY_KIND: Record<DomainErrorKind, number> = {
  invalid: 400,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
};

function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(error)) {
    return reply
      .code(400)
      .send({ message: validationMessage(error.validation, error.validationContext) });
  }
  if (error instanceof DomainError) {
    return reply.code(STATUS_BY_KIND[error.kind]).send({ message: error.message });
  }
  if (error instanceof HttpError) {
    return reply.code(error.statusCode).headers(error.headers).send({ message: error.message });
  }
  if (error instanceof WrongExpectedVersionError) {
    // handleCommand already retried; the stream kept changing under us.
    request.log.warn({ err: error }, 'Concurrent writes outlasted the retries');
    return reply.code(409).send({ message: ERROR_MESSAGES.conflict });
  }
  if (error instanceof UnstorableEventError) {
    // The contract refuses such text at the edge; this is what got past it (a multipart field,
    // text copied from elsewhere). The error names the field, never its value.
    request.log.warn({ err: error }, 'The event store refused an un-storable event');
    return reply.code(400).send({ message: UNSTORABLE_MESSAGES[error.reason] });
  }
  const statusCode = statusCodeOf(error);
  if (statusCode !== null && statusCode >= 400 && statusCode < 500) {
    // Fastify's own client errors (bad JSON, body too large, rate limited…) say what went wrong.
    return reply.code(statusCode).send({ message: messageOf(error) });
  }
  request.log.error({ err: error }, 'Unhandled error');
  return reply.code(500).send({ message: ERROR_MESSAGES.unexpected });
}

/** What a caller is told when the store refuses what their request would have recorded. */
const UNSTORABLE_MESSAGES: Record<UnstorableReason, string> = {
  'ill-formed-text': TEXT_MESSAGES.illFormed,
  nul: TEXT_MESSAGES.controlCharacters,
  'too-deep': TEXT_MESSAGES.unstorable,
  'too-large': TEXT_MESSAGES.unstorable,
  'not-json': TEXT_MESSAGES.unstorable,
};

// zod's own messages ("Invalid input: expected string, received undefined") need the field's
// name to make sense; a schema's custom message ("Enter your issue") already reads well alone.
const ZOD_DEFAULT_MESSAGE = /^(Invalid|Too (big|small)|Unrecognized|Expected)/;

export function validationMessage(
  issues: ZodFastifySchemaValidationError[],
  context: string | undefined,
): string {
  const messages = issues.map((issue) => {
    const field = issue.instancePath.split('/').filter(Boolean).join('.') || context || 'request';
    const message = issue.message ?? 'is invalid';
    if (issue.keyword === 'invalid_type' && /received undefined$/.test(message)) {
      return `${field} is required`;
    }
    return ZOD_DEFAULT_MESSAGE.test(message) ? `${field}: ${message}` : message;
  });
  return [...new Set(messages)].join('; ');
}

function statusCodeOf(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('statusCode' in error)) return null;
  const { statusCode } = error as FastifyError;
  return typeof statusCode === 'number' ? statusCode : null;
}

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : ERROR_MESSAGES.unexpected;
}

const errorsPlugin: FastifyPluginAsync = async (app) => {
  app.setErrorHandler(handleError);
};

export default fp(errorsPlugin, { name: 'errors', fastify: '5.x' });
