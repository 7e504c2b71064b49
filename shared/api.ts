/** What the browser client and the server agree on about the two APIs (decision 018). */

/**
 * The most tRPC calls one batched request may carry. The client's batch link splits larger batches; the server
 * refuses them with 400.
 */
export const TRPC_MAX_BATCH = 10;

/**
 * The header a non-JSON GraphQL request (an upload) must carry: browsers send custom headers only after a CORS
 * preflight, so another site cannot post such a request (CSRF prevention).
 */
export const GRAPHQL_PREFLIGHT_HEADER = 'x-apollo-operation-name';

/**
 * The longest URL the client's batch link builds (a batched GET carries its inputs in the query string); a longer
 * batch is split. 2083 is the limit of the most restrictive browsers and proxies in common use.
 */
export const TRPC_MAX_URL_LENGTH = 2083;
