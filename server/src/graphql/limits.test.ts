import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.js';
import { errorCode, gql } from '../../test/graphql.js';
import { GRAPHQL_LIMITS } from './limits.js';

/** Document limits (issue 7: depth with fragments, aliases, tokens, batches, introspection) before any resolver. */
describe('GraphQL document limits', () => {
  let app: FastifyInstance;
  let devApp: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
    devApp = await buildTestApp({ config: { dev: true } });
  });
  afterAll(async () => {
    await app.close();
    await devApp.close();
  });

  it('answers a document within the limits', async () => {
    const response = await gql(app, 'query { getCountries { id name } }');
    expect(response.errors).toEqual([]);
  });

  // Introspection types nest without end, so they make valid documents of any depth (allowed in development).
  const ofTypes = (levels: number) => `${'ofType { '.repeat(levels)}name${' }'.repeat(levels)}`;

  it('refuses a document nested deeper than the limit, counting named fragments', async () => {
    const within = await gql(devApp, `query { __schema { queryType { name } } }`);
    expect(within.errors).toEqual([]);
    const inline = await gql(
      devApp,
      `query { __schema { types { fields { type { ${ofTypes(GRAPHQL_LIMITS.depth)} } } } } }`,
    );
    expect(inline.data ?? null).toBeNull();
    expect(errorCode(inline)).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(inline.errors[0]?.message).toMatch(/depth/i);
    // The same depth hidden in named fragments.
    const fragments = `query { __schema { types { ...TypeFields } } }
      fragment TypeFields on __Type { fields { type { ...Deep } } }
      fragment Deep on __Type { ${ofTypes(GRAPHQL_LIMITS.depth)} }`;
    const viaFragments = await gql(devApp, fragments);
    expect(viaFragments.data ?? null).toBeNull();
    expect(errorCode(viaFragments)).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it(`refuses more than ${GRAPHQL_LIMITS.aliases} aliases`, async () => {
    const many = Array.from({ length: GRAPHQL_LIMITS.aliases + 1 }, (_, index) => `a${index}: getCountries { id }`);
    const response = await gql(app, `query { ${many.join(' ')} }`);
    expect(response.data ?? null).toBeNull();
    expect(errorCode(response)).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(response.errors[0]?.message).toBe(`Too many aliases: at most ${GRAPHQL_LIMITS.aliases} are allowed.`);
  });

  it(`refuses a document of more than ${GRAPHQL_LIMITS.tokens} tokens`, async () => {
    const huge = `query { getCountries { ${'id '.repeat(GRAPHQL_LIMITS.tokens)}} }`;
    const response = await gql(app, huge);
    expect(response.data ?? null).toBeNull();
    expect(errorCode(response)).toBe('GRAPHQL_PARSE_FAILED');
    expect(response.errors[0]?.message).toMatch(/contains more th\w+ 2000 tokens/);
  });

  it('refuses a batch (an array of operations) in one request', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify([{ query: 'query { getCountries { id } }' }, { query: 'query { getPages { id } }' }]),
    });
    const body = response.json<{ data: unknown; errors: { message: string }[] }>();
    expect(body.data).toBeNull();
    expect(body.errors[0]?.message).toBe('body must be object');
    expect(response.body).not.toContain('getCountries');
  });

  it('refuses introspection in production and allows it in development', async () => {
    const production = await gql(app, 'query { __schema { queryType { name } } }');
    expect(production.data ?? null).toBeNull();
    expect(errorCode(production)).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(production.errors[0]?.message).toMatch(/introspection has been disabled/);
    const development = await gql(devApp, 'query { __schema { queryType { name } } }');
    expect(development.errors).toEqual([]);
  });
});
