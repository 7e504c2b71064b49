import type { FastifyBaseLogger } from 'fastify';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
} from '../db/availability.js';
import { AppError } from '../errors.js';
import { securityEvent } from '../http/security-events.js';

/** Mercurius validation errors carry the individual GraphQL errors in `errors`. */
function flatten(errors: readonly GraphQLError[]): GraphQLError[] {
  return errors.flatMap((error) => {
    const nested = (error.originalError as { errors?: unknown } | undefined)?.errors;
    return Array.isArray(nested) ? (nested as GraphQLError[]) : [error];
  });
}

/** The 4xx status an error carries, if any (http-errors use `status`, Fastify `statusCode`). */
function clientStatusOf(error: Error | undefined): number | undefined {
  const { status, statusCode } = (error ?? {}) as { status?: unknown; statusCode?: unknown };
  const value = typeof statusCode === 'number' ? statusCode : status;
  return typeof value === 'number' && value >= 400 && value < 500 ? value : undefined;
}

/**
 * An HTTP error raised about the request itself, before GraphQL ran, with a message meant for the caller: graphql-
 * upload's malformed multipart `map` (`expose`), or Fastify refusing the body (a `FST_` code, or the JSON parser's
 * SyntaxError, e.g. a `__proto__` key). The client's mistake, not ours.
 */
function isClientRequestError(error: Error): boolean {
  if (clientStatusOf(error) === undefined) return false;
  const { expose, code } = error as { expose?: unknown; code?: unknown };
  return expose === true || (typeof code === 'string' && code.startsWith('FST_')) || error instanceof SyntaxError;
}

/**
 * The HTTP status of an answer: 200 when anything was executed (GraphQL over HTTP); otherwise the 4xx status the
 * single error carries (a refused document, variables or body), else 200.
 */
export function statusOf(execution: { data?: unknown; errors?: readonly GraphQLError[] }): number {
  if (execution.data) return 200;
  const errors = execution.errors ?? [];
  return (errors.length === 1 && clientStatusOf(errors[0]!.originalError)) || 200;
}

/**
 * Whether the answer must wait and be retried, and how long: a rate limit refused an operation (429) or the
 * database is out of reach (503). Undefined when neither.
 */
export function retryOf(errors: readonly GraphQLError[]): { status: 429 | 503; seconds: number } | undefined {
  let retry: { status: 429 | 503; seconds: number } | undefined;
  for (const { originalError: original } of flatten(errors)) {
    if (isDatabaseUnavailable(original)) {
      retry = { status: 503, seconds: Math.max(retry?.seconds ?? 0, DATABASE_RETRY_AFTER_SECONDS) };
    } else if (original instanceof AppError && original.code === 'TOO_MANY_REQUESTS') {
      retry = { status: retry?.status ?? 429, seconds: Math.max(retry?.seconds ?? 0, original.retryAfterSeconds ?? 1) };
    }
  }
  return retry;
}

/**
 * One mapping from errors to GraphQL's `errors[]`: AppError keeps its message and code (with field messages for
 * forms); errors about the request document keep theirs; anything else becomes INTERNAL_SERVER_ERROR with the
 * request id, its detail going to the log only.
 */
export function formatGraphqlErrors(
  errors: readonly GraphQLError[],
  context: { log: FastifyBaseLogger; requestId: string; ip: string },
): GraphQLFormattedError[] {
  return flatten(errors).map((error) => {
    const original = error.originalError;
    const base = { message: error.message, locations: error.locations, path: error.path } as GraphQLFormattedError;
    if (original instanceof AppError) {
      if (original.code === 'UNAUTHENTICATED' || original.code === 'FORBIDDEN') {
        securityEvent(context.log, original.code === 'UNAUTHENTICATED' ? 'unauthenticated' : 'forbidden', {
          ip: context.ip,
          api: 'graphql',
          reason: original.message,
        });
      }
      const extensions = { code: original.code, fields: original.fields, retryAfter: original.retryAfterSeconds };
      return { ...base, message: original.message, extensions };
    }
    if (!original || original instanceof GraphQLError) {
      // Raised by GraphQL itself about the document or the variables: safe and useful to show.
      const code = error.message.startsWith('Syntax Error')
        ? 'GRAPHQL_PARSE_FAILED'
        : error.message.startsWith('Variable "$') || error.message.includes('got invalid value')
          ? 'BAD_USER_INPUT'
          : 'GRAPHQL_VALIDATION_FAILED';
      return { ...base, extensions: { ...error.extensions, code } };
    }
    if (isDatabaseUnavailable(original)) {
      context.log.warn({ err: original }, 'database unreachable: answered 503');
      return { ...base, message: DATABASE_UNAVAILABLE_MESSAGE, extensions: { code: 'SERVICE_UNAVAILABLE' } };
    }
    if (isClientRequestError(original)) {
      return { ...base, message: original.message, extensions: { code: 'BAD_USER_INPUT' } };
    }
    context.log.error({ err: original }, 'GraphQL resolver failed');
    return {
      ...base,
      message: `Something went wrong (request ${context.requestId})`,
      extensions: { code: 'INTERNAL_SERVER_ERROR', requestId: context.requestId },
    };
  });
}
