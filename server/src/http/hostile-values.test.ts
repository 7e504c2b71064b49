import type { FastifyInstance, InjectOptions } from 'fastify';
import { getNamedType, isObjectType, type GraphQLField, type GraphQLObjectType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_PAGES } from '../../../shared/site-pages.js';
import { staffToken } from '../../test/graphql.js';
import { requiredArguments } from '../../test/schema-documents.js';
import { buildTestSiteApp } from '../../test/site.js';
import { INVALID_ADDRESS_MESSAGE } from './invalid-address.js';

/** What hostile callers put in an address: NUL, other controls, encodings that are not UTF-8, long and odd text. */
const IN_ADDRESSES = ['%00', 'a%00b', '%01', '%FF', '%C0%80', '%ED%A0%80', "'%20or%201=1--", 'x'.repeat(3000)];
/** The same in a GraphQL string literal. */
const IN_DOCUMENTS = ['"\\u0000"', '"a\\u0000b"', '"\\uD800"', '"\' or 1=1 --"', `"${'x'.repeat(5000)}"`];

/**
 * Issue 52: every input an API refuses with 4xx, the pages and the identity provider refuse the same way, and
 * nothing a caller sends makes any of them answer 5xx.
 */
describe('hostile values everywhere', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestSiteApp();
  });
  afterAll(() => app?.close());

  /** The status of each request; 5xx ones are listed with their URL. */
  async function serverErrors(requests: (string | InjectOptions)[]) {
    const failed: string[] = [];
    for (const request of requests) {
      const response = await app.inject(request);
      const url = typeof request === 'string' ? request : `${request.method ?? 'GET'} ${request.path as string}`;
      if (response.statusCode >= 500) failed.push(`${response.statusCode} ${url.slice(0, 120)}`);
    }
    return failed;
  }

  it('answers every public page with a hostile value in its path or query without a 5xx', async () => {
    const paths = [
      ...SITE_PAGES.map((page) => page.path),
      '/blog/tag/<v>',
      '/blog/<v>',
      '/blog/preview/<v>',
      '/blog/page/<v>',
      '/<v>',
      '/visa/<v>',
      '/media/<v>',
    ];
    const urls = IN_ADDRESSES.flatMap((value) =>
      paths.map((path) => (path.includes('<v>') ? path.replace('<v>', value) : `${path}?country=${value}`)),
    );
    expect(await serverErrors(urls)).toEqual([]);
    // A NUL or a malformed encoding is refused before anything reads it, as the APIs refuse such text.
    const refused = await app.inject('/blog/tag/%00');
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(INVALID_ADDRESS_MESSAGE);
    expect((await app.inject('/blog/%FF')).statusCode).toBe(400);
  });

  it('answers every identity provider and sign-in endpoint with hostile values without a 5xx', async () => {
    const requests = IN_ADDRESSES.flatMap((v) => [
      `/oidc/auth?client_id=${v}&response_type=code&scope=openid&redirect_uri=${v}&state=${v}`,
      `/oidc/auth?client_id=consultancy-site&response_type=${v}&scope=${v}&code_challenge=${v}`,
      `/oidc/.well-known/openid-configuration?x=${v}`,
      `/oidc/jwks?x=${v}`,
      `/oidc/session/end?id_token_hint=${v}&post_logout_redirect_uri=${v}`,
      `/auth/interaction/${v}`,
      `/api/auth/login?returnTo=${v}`,
      `/api/auth/callback?code=${v}&state=${v}&iss=${v}`,
      {
        method: 'POST' as const,
        path: '/oidc/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `grant_type=${v}&code=${v}&client_id=${v}&code_verifier=${v}`,
      },
      {
        method: 'POST' as const,
        path: `/auth/interaction/${v}/login`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `email=${v}&password=${v}`,
      },
    ]);
    expect(await serverErrors(requests)).toEqual([]);
    expect((await app.inject('/oidc/auth?client_id=%00')).statusCode).toBe(400);
  });

  it('answers every GraphQL operation with hostile text in every required argument without an internal error', async () => {
    const admin = await staffToken(app, 'ADMIN');
    const schema = app.graphqlSchema!;
    const fieldsOf = (kind: 'query' | 'mutation', type: GraphQLObjectType | null | undefined) =>
      Object.values(type?.getFields() ?? {}).map((field) => [kind, field] as const);
    const operations: (readonly ['query' | 'mutation', GraphQLField<unknown, unknown>])[] = [
      ...fieldsOf('query', schema.getQueryType()),
      ...fieldsOf('mutation', schema.getMutationType()),
    ];
    const internal: string[] = [];
    for (const [kind, field] of operations) {
      if (!field.args.some((arg) => /String|ID|Input/.test(String(arg.type)))) continue;
      const selection = isObjectType(getNamedType(field.type)) ? ' { __typename }' : '';
      for (const text of IN_DOCUMENTS) {
        const query = `${kind} { ${field.name}${requiredArguments(field, text)}${selection} }`;
        const response = await app.inject({
          method: 'POST',
          url: '/api/graphql',
          headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
          payload: { query },
        });
        const codes = (response.json<{ errors?: { extensions?: { code?: string } }[] }>().errors ?? []).map(
          (error) => error.extensions?.code,
        );
        if (response.statusCode >= 500 || codes.includes('INTERNAL_SERVER_ERROR')) {
          internal.push(`${field.name} ${text.slice(0, 20)}: ${response.statusCode} ${codes.join(',')}`);
        }
      }
    }
    expect(internal).toEqual([]);
  });
});
