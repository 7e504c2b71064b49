import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { auditServer } from 'graphql-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.js';
import { acceptedMediaType } from './http-conformance.js';

/**
 * Audits whose document asks for `__type` (utf-8: `{ __type(name: "Run🏃Swim🏊") { name } }`; map variables:
 * `query Type($name: String!) { __type(name: $name) { name } }`): with GRAPHQL_INTROSPECTION=0 they get the
 * refusal instead (decision 018). The GET audits that our preflight-header rule fails are all MAYs.
 */
const INTROSPECTION_MUSTS = ['28B9', 'BF61'];
const INTROSPECTION_SHOULDS = ['2EA1'];

interface Outcome {
  id: string;
  level: string;
  line: string;
  ok: boolean;
  body: string;
}

/** graphql-http's audit of the GraphQL over HTTP spec against the app, over a real socket. */
async function audit(app: FastifyInstance): Promise<Outcome[]> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const results = await auditServer({ url: `http://127.0.0.1:${port}/api/graphql` });
  return Promise.all(
    results.map(async (result) => {
      const level = result.name.split(' ')[0]!;
      if (result.status === 'ok') return { id: result.id, level, line: '', ok: true, body: '' };
      const body = await result.response.text().catch(() => '(body already read)');
      const line = `${result.id} ${result.name}: ${result.reason} (${result.response.status} ${body.slice(0, 300)})`;
      return { id: result.id, level, line, ok: false, body };
    }),
  );
}

const failing = (outcomes: Outcome[], level: string) => outcomes.filter((o) => o.level === level && !o.ok);
const report = (outcomes: Outcome[]) => `\n${outcomes.map((o) => o.line).join('\n')}`;

describe('GraphQL over HTTP conformance (graphql-http audit)', () => {
  let production: FastifyInstance;
  let closed: FastifyInstance;
  let audited: Outcome[];
  let auditedClosed: Outcome[];

  beforeAll(async () => {
    [production, closed] = await Promise.all([
      buildTestApp(),
      buildTestApp({ config: { graphqlIntrospection: false } }),
    ]);
    [audited, auditedClosed] = await Promise.all([audit(production), audit(closed)]);
  });
  afterAll(async () => {
    await Promise.all([production?.close(), closed?.close()]);
  });

  it('passes all 13 MUST audits with the production settings', () => {
    expect(audited.filter((o) => o.level === 'MUST')).toHaveLength(13);
    const failed = failing(audited, 'MUST');
    expect(failed, report(failed)).toEqual([]);
  });

  it('passes every SHOULD audit', () => {
    expect(audited.filter((o) => o.level === 'SHOULD').length).toBeGreaterThan(20);
    const failed = failing(audited, 'SHOULD');
    expect(failed, report(failed)).toEqual([]);
  });

  it('fails only the audits whose document uses introspection when an operator turns it off', () => {
    const musts = failing(auditedClosed, 'MUST');
    expect(musts.map((o) => o.id).sort(), report(musts)).toEqual(INTROSPECTION_MUSTS);
    const shoulds = failing(auditedClosed, 'SHOULD');
    expect(shoulds.map((o) => o.id).sort(), report(shoulds)).toEqual(INTROSPECTION_SHOULDS);
    for (const outcome of [...musts, ...shoulds]) {
      expect(outcome.body, outcome.line).toContain('introspection has been disabled');
    }
  });

  it.each([
    ['application/json', 200, false, 'Json'],
    ['application/graphql-response+json', 400, false, 'GraphqlResponse'],
    ['', 400, true, 'Unstated'],
  ])(
    'answers a repeated request with bad variables alike (Accept %s), compiled or not',
    async (accept, status, data, operation) => {
      // Mercurius compiles a document on its second run, and the compiled query checks variables itself. A document
      // of its own per case, so that each case sees the run that compiles it.
      const query = `query ${operation}($c: ImageCategory!) { getImagesOfCategory(category: $c) { edges { cursor } } }`;
      for (let run = 0; run < 3; run++) {
        const response = await production.inject({
          method: 'POST',
          url: '/api/graphql',
          headers: { 'content-type': 'application/json', ...(accept ? { accept } : {}) },
          payload: { query, variables: { c: 'NOT_A_CATEGORY' } },
        });
        expect([response.statusCode, 'data' in response.json<object>()], `run ${run}`).toEqual([status, data]);
      }
    },
  );

  it.each([
    ['POST {}', 'POST', {}],
    ['GET without query', 'GET', undefined],
  ] as const)('refuses a request with no document as BAD_REQUEST, not as our failure (%s)', async (_, method, body) => {
    const response = await production.inject({
      method,
      url: '/api/graphql',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      ...(body ? { payload: body } : {}),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: [
        {
          message: 'The request has no GraphQL document: send it as a string in "query".',
          extensions: { code: 'BAD_REQUEST' },
        },
      ],
    });
  });

  it('gives the spec’s media type to a caller preferring it, and application/json otherwise', () => {
    expect(acceptedMediaType('application/graphql-response+json, application/json;q=0.9')).toBe('graphql-response');
    expect(acceptedMediaType('application/graphql-response+json;q=0.5, application/json')).toBe('json');
    expect(acceptedMediaType('application/graphql-response+json;q=0, */*')).toBe('unstated');
    expect(acceptedMediaType(undefined)).toBe('unstated');
  });
});
