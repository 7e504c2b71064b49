import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.js';

const PARTNER = 'https://partner.example';
const OTHER = 'https://other.example';

const graphqlPost = (origin: string | undefined): InjectOptions => ({
  method: 'POST',
  url: '/api/graphql',
  headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
  payload: JSON.stringify({ query: '{ __typename }' }),
});

const preflight = (url: string, origin: string): InjectOptions => ({
  method: 'OPTIONS',
  url,
  headers: {
    origin,
    'access-control-request-method': 'POST',
    'access-control-request-headers': 'content-type,authorization,x-apollo-operation-name',
  },
});

/** Every Access-Control-* header of a response. */
function corsHeaders(headers: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => name.startsWith('access-control-')));
}

describe('CORS, closed by default', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers no origin on the GraphQL endpoint, its preflight or anywhere else', async () => {
    const post = await app.inject(graphqlPost(PARTNER));
    expect(post.statusCode, post.body).toBe(200);
    expect(corsHeaders(post.headers)).toEqual({});

    const options = await app.inject(preflight('/api/graphql', PARTNER));
    expect(corsHeaders(options.headers)).toEqual({});
    expect(options.statusCode).not.toBe(204);

    for (const url of ['/api/trpc/site.layout?input=%7B%22countryId%22%3A1%7D', '/api/my/session', '/healthz']) {
      const response = await app.inject({ url, headers: { origin: PARTNER } });
      expect(corsHeaders(response.headers), url).toEqual({});
    }
  });
});

describe('CORS with CORS_ORIGINS set', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp({ config: { corsOrigins: [PARTNER] } });
    await app.ready();
  });
  afterAll(() => app.close());

  it('lets a listed origin preflight POST /api/graphql with a token and the CSRF-prevention headers', async () => {
    const response = await app.inject(preflight('/api/graphql', PARTNER));
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(response.headers['access-control-allow-origin']).toBe(PARTNER);
    expect(response.headers['access-control-allow-methods']).toBe('POST');
    const allowed = String(response.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/);
    expect(allowed).toEqual(
      expect.arrayContaining([
        'content-type',
        'authorization',
        'apollo-require-preflight',
        'x-apollo-operation-name',
        'x-mercurius-operation-name',
        'mercurius-require-preflight',
      ]),
    );
    expect(response.headers['access-control-max-age']).toBe('600');
    // Bearer tokens only: the browser never sends the site's cookies along.
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    expect(response.headers.vary).toMatch(/\bOrigin\b/);
  });

  it("gives a listed origin's POST the answer, readable by its page", async () => {
    const response = await app.inject(graphqlPost(PARTNER));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { __typename: 'Query' } });
    expect(response.headers['access-control-allow-origin']).toBe(PARTNER);
    expect(response.headers['access-control-expose-headers']).toBe('X-Request-Id, Retry-After');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    expect(response.headers.vary).toMatch(/\bOrigin\b/);
  });

  it('answers an origin that is not listed (or differs by scheme or port) without CORS headers', async () => {
    for (const origin of [OTHER, 'http://partner.example', 'https://partner.example:8443', 'null']) {
      const options = await app.inject(preflight('/api/graphql', origin));
      expect(corsHeaders(options.headers), origin).toEqual({});
      expect(options.statusCode, origin).not.toBe(204);
      const post = await app.inject(graphqlPost(origin));
      expect(corsHeaders(post.headers), origin).toEqual({});
      // A cache must not hand this answer to the listed origin, or the other way round.
      expect(post.headers.vary, origin).toMatch(/\bOrigin\b/);
    }
    // Same-origin and server-to-server calls send no Origin and are served as before.
    const plain = await app.inject(graphqlPost(undefined));
    expect(plain.statusCode).toBe(200);
    expect(corsHeaders(plain.headers)).toEqual({});
  });

  it('never opens the other endpoints, nor GraphQL over GET, to the listed origin', async () => {
    const requests: InjectOptions[] = [
      { url: '/api/trpc/site.layout?input=%7B%22countryId%22%3A1%7D', headers: { origin: PARTNER } },
      { method: 'POST', url: '/api/trpc/me.get', headers: { origin: PARTNER, 'content-type': 'application/json' } },
      { url: '/api/my/session', headers: { origin: PARTNER } },
      { url: '/api/auth/login', headers: { origin: PARTNER } },
      { url: '/api/graphql?query=%7B__typename%7D', headers: { origin: PARTNER } },
      { url: '/api/graphql/extra', method: 'POST', headers: { origin: PARTNER } },
      preflight('/api/trpc/me.get', PARTNER),
      preflight('/api/my/session', PARTNER),
    ];
    for (const request of requests) {
      const response = await app.inject(request);
      expect(corsHeaders(response.headers), JSON.stringify(request)).toEqual({});
    }
  });
});
