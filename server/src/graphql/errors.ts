import type { FastifyBaseLogger } from 'fastify';
import { GraphQLError, type ExecutionResult, type FormattedExecutionResult, type GraphQLFormattedError } from 'graphql';
import { GRAPHQL_PREFLIGHT_HEADER } from '../../../shared/api.js';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
} from '../db/availability.js';
import { AppError } from '../errors.js';
import { securityEvent } from '../http/security-events.js';
import type { AcceptedMediaType } from './http-conformance.js';

/** Mercurius validation errors carry the individual GraphQL errors in `errors` (its request refusals stay whole). */
function flatten(errors: readonly GraphQLError[]): GraphQLError[] {
  return errors.flatMap((error) => {
    if (requestRefusal(error)) return [error];
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
 * Mercurius' refusals of the HTTP request itself, before any document is read: CSRF prevention (a request a
 * browser could send from another site), a mutation over GET and a request with no document. They keep their HTTP
 * status.
 */
const REQUEST_REFUSALS: Record<string, { status: number; message: string }> = {
  MER_ERR_GQL_CSRF_PREVENTION: {
    status: 400,
    message:
      'This request could come from another site, so it was refused: send it as application/json, or with the ' +
      `${GRAPHQL_PREFLIGHT_HEADER} header.`,
  },
  MER_ERR_METHOD_NOT_ALLOWED: { status: 405, message: 'Only queries may be sent with GET: send mutations with POST.' },
  // Said of a request without a document: this endpoint keeps no persisted queries to look one up in.
  MER_ERR_GQL_PERSISTED_QUERY_NOT_FOUND: {
    status: 400,
    message: 'The request has no GraphQL document: send it as a string in "query".',
  },
};

/** A request parameter of the wrong JSON type (GraphQL over HTTP: `variables` must be a map, …): 400. */
export class GraphqlParameterError extends Error {
  override name = 'GraphqlParameterError';
}

function requestRefusal(error: GraphQLError): { status: number; message: string } | undefined {
  const original = error.originalError;
  if (original instanceof GraphqlParameterError) return { status: 400, message: original.message };
  const code = (original as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? REQUEST_REFUSALS[code] : undefined;
}

/**
 * Errors of a well-formed request whose document could not run: it does not parse, fails validation (limits
 * included) or its variables do not fit. Mercurius wraps these in MER_ERR_GQL_VALIDATION, as it does a body its JSON
 * schema refuses (an error carrying `validation`), which is an ill-formed request instead; the compiled query
 * reports bad variables as graphql-js' own errors.
 */
function areDocumentErrors(errors: readonly GraphQLError[]): boolean {
  return (
    errors.length > 0 &&
    errors.every((error) => {
      const original = error.originalError as { code?: unknown; errors?: unknown } | undefined;
      if (original === undefined) return true;
      return (
        original.code === 'MER_ERR_GQL_VALIDATION' &&
        Array.isArray(original.errors) &&
        original.errors.every((nested) => !(typeof nested === 'object' && nested !== null && 'validation' in nested))
      );
    })
  );
}

/** graphql-js' "Did you mean …?" hints, which name parts of the schema a caller did not ask about. */
const SUGGESTION = / ?Did you mean [^?]*\?/g;

export interface GraphqlErrorContext {
  log: FastifyBaseLogger;
  requestId: string;
  /** The caller's address (for security events). */
  ip: string;
  /** Keep graphql-js' suggestions in messages (development only). */
  suggestions: boolean;
  /** The response media type the caller's Accept asks for (GraphQL over HTTP). */
  accepts: AcceptedMediaType;
}

/**
 * Whether the answer must wait and be retried, and how long: a rate limit refused an operation (429) or the
 * database is out of reach (503). Undefined when neither.
 */
function retryOf(errors: readonly GraphQLError[]): { status: 429 | 503; seconds: number } | undefined {
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
 * The HTTP answer to a failed GraphQL request. 200 with `errors[]` (GraphQL over HTTP) when anything was executed;
 * a request refused before any document was read keeps its status (CSRF 400, GET mutation 405, a refused body or
 * variables their 4xx). A rate limit (429) or a database out of reach (503) comes with `retryAfter` seconds, so
 * clients and proxies can back off without reading the body.
 *
 * A result of nothing executed is 4xx (5xx if it failed on our side), also when it comes from the compiled (JIT)
 * query, which checks variables itself and reports no status. A caller naming a GraphQL over HTTP media type in
 * Accept gets the spec's rules on top: such a result has no `data` entry, and with application/json a document that
 * does not parse, validate or fit its variables is 200. Without one, `data: null` stays, as callers had it.
 */
export function graphqlErrorResponse(
  execution: ExecutionResult & { statusCode?: number },
  context: GraphqlErrorContext,
): { statusCode: number; retryAfter?: number; response: FormattedExecutionResult } {
  const errors = execution.errors ?? [];
  const formatted = formatGraphqlErrors(errors, context);
  // Mercurius' error handler answers a request that never reached execution with no data entry at all.
  const executed = 'data' in execution;
  const response =
    executed || context.accepts === 'unstated'
      ? { data: execution.data ?? null, errors: formatted }
      : { errors: formatted };
  const retry = retryOf(errors);
  if (retry) return { statusCode: retry.status, retryAfter: retry.seconds, response };
  if (execution.data) return { statusCode: 200, response };
  const single = errors.length === 1 ? errors[0]! : undefined;
  const statusCode =
    (single && requestRefusal(single)?.status) ?? execution.statusCode ?? clientStatusOf(single?.originalError) ?? 200;
  if (!executed && context.accepts === 'json' && areDocumentErrors(errors)) return { statusCode: 200, response };
  if (!executed && statusCode < 400) {
    const internal = formatted.some((error) => error.extensions?.code === 'INTERNAL_SERVER_ERROR');
    return { statusCode: internal ? 500 : 400, response };
  }
  return { statusCode, response };
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
 * One mapping from errors to GraphQL's `errors[]`: AppError keeps its message and code (with field messages for
 * forms); errors about the request document keep theirs; a database out of reach is SERVICE_UNAVAILABLE; anything
 * else becomes INTERNAL_SERVER_ERROR with the request id, its detail going to the log only.
 */
export function formatGraphqlErrors(
  errors: readonly GraphQLError[],
  context: GraphqlErrorContext,
): GraphQLFormattedError[] {
  return flatten(errors).map((error) => {
    const original = error.originalError;
    const base = { message: error.message, locations: error.locations, path: error.path } as GraphQLFormattedError;
    const refusal = requestRefusal(error);
    if (refusal) return { message: refusal.message, extensions: { code: 'BAD_REQUEST' } };
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
      const message = context.suggestions ? error.message : error.message.replace(SUGGESTION, '');
      return { ...base, message, extensions: { ...error.extensions, code } };
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
