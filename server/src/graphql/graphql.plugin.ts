import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GraphQLError, NoSchemaIntrospectionCustomRule, type GraphQLSchema } from 'graphql';
import { GraphQLUpload } from 'graphql-upload-minimal';
import mercurius, { type IResolvers } from 'mercurius';
import { mercuriusUpload } from 'mercurius-upload';
import { GRAPHQL_PREFLIGHT_HEADER } from '../../../shared/api.js';
import { UPLOAD_MAX_FILE_BYTES, UPLOAD_MAX_FILES } from '../../../shared/media.js';
import { buildRequestContext } from '../http/build-request-context.js';
import { requestAuthenticator } from '../auth/request-authenticator.js';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import { formatGraphqlErrors, graphqlErrorResponse, type GraphqlErrorContext } from './errors.js';
import { acceptedMediaType, GRAPHQL_OVER_HTTP_ROUTE_OPTIONS } from './http-conformance.js';
import { aliasLimitRule, costLimitRule, GRAPHQL_LIMITS } from './limits.js';
import { GRAPHQL_MODULES } from './modules.js';
import { resolverFor, type GraphqlContext } from './operation.js';

/**
 * Upload limits (spec issue: every upload path has size and count limits). A file reaching `maxFileSize` is ended
 * there by busboy as if complete, so the transport passes one byte more than the limit: `readUpload` then sees a
 * file over it and refuses it as too large, and a file of exactly the limit is not mistaken for a cut one.
 */
export const UPLOAD_LIMITS = { maxFileSize: UPLOAD_MAX_FILE_BYTES + 1, maxFiles: UPLOAD_MAX_FILES } as const;

export function graphqlSchemaSource(): string {
  return GRAPHQL_MODULES.map((module) => module.typeDefs.trim()).join('\n\n');
}

function buildResolvers(): IResolvers {
  const resolvers: Record<string, Record<string, unknown>> = { Query: {}, Mutation: {} };
  for (const module of GRAPHQL_MODULES) {
    for (const [name, operation] of Object.entries(module.Query ?? {}))
      resolvers.Query![name] = resolverFor(operation, { keptAs: name });
    for (const [name, operation] of Object.entries(module.Mutation ?? {}))
      resolvers.Mutation![name] = resolverFor(operation, { mutation: true });
    for (const [type, fields] of Object.entries(module.types ?? {}))
      resolvers[type] = { ...resolvers[type], ...fields };
  }
  resolvers.Upload = GraphQLUpload as unknown as Record<string, unknown>;
  return resolvers as IResolvers;
}

/**
 * Headers a browser sends only after a CORS preflight, so a request carrying one cannot come from another site's
 * form. Mercurius' own and Apollo's: external upload clients already send one of them.
 */
const PREFLIGHT_HEADERS = [
  'x-mercurius-operation-name',
  'mercurius-require-preflight',
  GRAPHQL_PREFLIGHT_HEADER,
  'apollo-require-preflight',
];

/**
 * POST /api/graphql: every operation of spec §7 for external callers, over the same services as tRPC.
 * Its own plugin scope, because the multipart parser of uploads must not apply to the rest of the server.
 */
export async function graphqlPlugin(
  app: FastifyInstance,
  { config, exposeSchema }: { config: Config; exposeSchema: (schema: GraphQLSchema) => void },
): Promise<void> {
  const errorContext = (request: FastifyRequest): GraphqlErrorContext => ({
    log: request.log,
    requestId: request.id,
    ip: request.ip,
    suggestions: config.dev,
    accepts: acceptedMediaType(request.headers.accept),
  });
  authenticateUploadsFirst(app, errorContext);
  await app.register(mercuriusUpload, UPLOAD_LIMITS);
  await app.register(mercurius, {
    schema: graphqlSchemaSource(),
    resolvers: buildResolvers(),
    path: '/api/graphql',
    // GraphQL over HTTP (graphql-http's audit in conformance.test.ts): null parameters, parameter types, media type.
    additionalRouteOptions: GRAPHQL_OVER_HTTP_ROUTE_OPTIONS,
    jit: 1,
    graphiql: config.dev,
    queryDepth: GRAPHQL_LIMITS.depth,
    graphql: { parseOptions: { maxTokens: GRAPHQL_LIMITS.tokens } },
    validationRules: [
      aliasLimitRule(GRAPHQL_LIMITS.aliases),
      costLimitRule(GRAPHQL_LIMITS.cost, { freeIntrospection: config.dev }),
      // Introspection describes the published contract (schema.graphql) to external callers' tools, within the same
      // limits as any document; GRAPHQL_INTROSPECTION=0 refuses it (decision 018).
      ...(config.graphqlIntrospection || config.dev ? [] : [NoSchemaIntrospectionCustomRule]),
    ],
    // JSON (which browsers send cross-site only after a preflight) passes; any other request, a multipart upload
    // or a GET included, needs a preflight header. Mercurius refuses mutations over GET itself.
    csrfPrevention: { requiredHeaders: PREFLIGHT_HEADERS },
    context: (request): GraphqlContext => ({
      ...buildRequestContext(request),
      anonymous: request.headers.authorization === undefined,
      pageCache: request.server.pageCache,
    }),
    errorFormatter: (execution, context) => {
      const { retryAfter, ...answer } = graphqlErrorResponse(execution, errorContext(context.reply.request));
      if (retryAfter !== undefined) context.reply.header('Retry-After', String(retryAfter));
      return answer;
    },
  });
  // The scope keeps `app.graphql` to itself; the root gets the schema (for the contract test and tooling).
  exposeSchema(app.graphql.schema);
}

/**
 * Every upload operation is for staff, so a multipart request is authenticated from its headers before
 * mercurius-upload's preValidation hook reads the body: an anonymous caller cannot make the server take in files.
 * The resolver's guard still checks the operation's own access (ADMIN for country flags).
 */
function authenticateUploadsFirst(
  app: FastifyInstance,
  errorContext: (request: FastifyRequest) => GraphqlErrorContext,
): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.headers['content-type']?.toLowerCase().startsWith('multipart/')) return;
    try {
      await requestAuthenticator(request)();
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const errors = formatGraphqlErrors(
        [new GraphQLError(error.message, { originalError: error })],
        errorContext(request),
      );
      // Close the connection instead of draining a body nobody will read.
      return reply
        .code(error.code === 'FORBIDDEN' ? 403 : 401)
        .header('connection', 'close')
        .send({ data: null, errors });
    }
  });
}
