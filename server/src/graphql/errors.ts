import type { FastifyBaseLogger } from 'fastify';
import { GraphQLError, type ExecutionResult, type FormattedExecutionResult, type GraphQLFormattedError } from 'graphql';
import { GRAPHQL_PREFLIGHT_HEADER } from '../../../shared/api.js';
import { AppError } from '../errors.js';

/** Mercurius validation errors carry the individual GraphQL errors in `errors`. */
function flatten(errors: readonly GraphQLError[]): GraphQLError[] {
  return errors.flatMap((error) => {
    if (requestRefusal(error)) return [error];
    const nested = (error.originalError as { errors?: unknown } | undefined)?.errors;
    return Array.isArray(nested) ? (nested as GraphQLError[]) : [error];
  });
}

/**
 * Mercurius' refusals of the HTTP request itself, before any document is read: CSRF prevention (a request a
 * browser could send from another site) and a mutation over GET. They keep their HTTP status.
 */
const REQUEST_REFUSALS: Record<string, { status: number; message: string }> = {
  MER_ERR_GQL_CSRF_PREVENTION: {
    status: 400,
    message:
      'This request could come from another site, so it was refused: send it as application/json, or with the ' +
      `${GRAPHQL_PREFLIGHT_HEADER} header.`,
  },
  MER_ERR_METHOD_NOT_ALLOWED: { status: 405, message: 'Only queries may be sent with GET: send mutations with POST.' },
};

function requestRefusal(error: GraphQLError) {
  const code = (error.originalError as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? REQUEST_REFUSALS[code] : undefined;
}

/** graphql-js' "Did you mean …?" hints, which name parts of the schema a caller did not ask about. */
const SUGGESTION = / ?Did you mean [^?]*\?/g;

export interface GraphqlErrorContext {
  log: FastifyBaseLogger;
  requestId: string;
  /** Keep graphql-js' suggestions in messages (development only). */
  suggestions: boolean;
}

/**
 * The HTTP answer to a failed GraphQL request: 200 with `errors[]` (GraphQL over HTTP) unless the request itself
 * was refused before any document was read.
 */
export function graphqlErrorResponse(
  execution: ExecutionResult & { statusCode?: number },
  context: GraphqlErrorContext,
): { statusCode: number; response: FormattedExecutionResult } {
  const errors = execution.errors ?? [];
  const refusal = errors.length === 1 ? requestRefusal(errors[0]!) : undefined;
  const statusCode = execution.data ? 200 : (execution.statusCode ?? refusal?.status ?? 200);
  return { statusCode, response: { data: execution.data ?? null, errors: formatGraphqlErrors(errors, context) } };
}

/**
 * An HTTP error a library raised about the request itself (e.g. graphql-upload's malformed multipart `map`), with a
 * message meant for the caller (`expose`) and a 4xx status: the client's mistake, not ours.
 */
function isClientRequestError(error: Error): boolean {
  const { status, expose } = error as { status?: unknown; expose?: unknown };
  return expose === true && typeof status === 'number' && status >= 400 && status < 500;
}

/**
 * One mapping from errors to GraphQL's `errors[]`: AppError keeps its message and code (with field messages for
 * forms); errors about the request document keep theirs; anything else becomes INTERNAL_SERVER_ERROR with the
 * request id, its detail going to the log only.
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
      return { ...base, message: original.message, extensions: { code: original.code, fields: original.fields } };
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
