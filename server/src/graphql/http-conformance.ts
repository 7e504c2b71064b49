import type { onSendHookHandler, preValidationHookHandler } from 'fastify';
import { GraphqlParameterError } from './errors.js';

/** The GraphQL over HTTP spec's own response media type. */
export const GRAPHQL_RESPONSE_MEDIA_TYPE = 'application/graphql-response+json';

/**
 * What a caller's Accept header asks for. `graphql-response`: the spec's media type (request errors are 4xx without
 * `data`); `json`: application/json named explicitly (the spec's legacy rules: 200 for every well-formed request);
 * `unstated`: no Accept, a wildcard or anything else, answered application/json as this endpoint always has been.
 */
export type AcceptedMediaType = 'graphql-response' | 'json' | 'unstated';

export function acceptedMediaType(accept: string | undefined): AcceptedMediaType {
  let graphqlResponse = 0;
  let json = 0;
  for (const range of (accept ?? '').split(',')) {
    const [type, ...parameters] = range.split(';').map((part) => part.trim().toLowerCase());
    const qValue = parameters.find((parameter) => parameter.startsWith('q='));
    const quality = qValue === undefined ? 1 : Number(qValue.slice(2));
    if (!(quality > 0)) continue;
    if (type === GRAPHQL_RESPONSE_MEDIA_TYPE) graphqlResponse = Math.max(graphqlResponse, quality);
    else if (type === 'application/json') json = Math.max(json, quality);
  }
  if (graphqlResponse > 0 && graphqlResponse >= json) return 'graphql-response';
  return json > 0 ? 'json' : 'unstated';
}

const isMap = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The spec's request parameters and the JSON type each must have. */
const PARAMETERS = [
  { name: 'query', valid: (value: unknown) => typeof value === 'string', expected: 'a string' },
  { name: 'operationName', valid: (value: unknown) => typeof value === 'string', expected: 'a string or null' },
  { name: 'variables', valid: isMap, expected: 'an object (a map of variable names to values) or null' },
  { name: 'extensions', valid: isMap, expected: 'an object or null' },
] as const;

/**
 * Before Mercurius' body schema: `null` for an optional parameter means absent (the spec; the schema refuses
 * `extensions: null`), and a parameter of the wrong type is refused with 400 (the schema's type coercion would
 * otherwise read `variables: 0` or `false` as null, and `query: 0` as no query at all).
 */
const checkParameters: preValidationHookHandler = (request, _reply, done) => {
  const body = request.body;
  // A batch (an array) or another body is left to the schema, which refuses it.
  if (request.method !== 'POST' || !isMap(body)) return done();
  for (const { name, valid, expected } of PARAMETERS) {
    if (!(name in body)) continue;
    if (body[name] === null && name !== 'query') delete body[name];
    else if (!valid(body[name])) return done(new GraphqlParameterError(`The request's "${name}" must be ${expected}.`));
  }
  done();
};

/** The spec's media type to a caller who asks for it; the answer differs by Accept, so caches must know. */
const answerMediaType: onSendHookHandler = (request, reply, payload, done) => {
  const vary = reply.getHeader('vary');
  reply.header('vary', vary === undefined ? 'Accept' : `${String(vary)}, Accept`);
  const contentType = String(reply.getHeader('content-type') ?? '');
  if (contentType.startsWith('application/json') && acceptedMediaType(request.headers.accept) === 'graphql-response') {
    reply.header('content-type', `${GRAPHQL_RESPONSE_MEDIA_TYPE}; charset=utf-8`);
  }
  done(null, payload);
};

/** Route options for Mercurius' GET and POST routes (after the scope's hooks, so after mercurius-upload's). */
export const GRAPHQL_OVER_HTTP_ROUTE_OPTIONS = { preValidation: checkParameters, onSend: answerMediaType };
