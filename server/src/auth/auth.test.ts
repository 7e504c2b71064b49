import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.js';
import { signIn, sessionToken } from '../../test/auth.js';

describe('staff sign-in through the embedded provider', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('signs in, calls the API with the bearer token, and signs out', async () => {
    const { jar, landedOn } = await signIn(app, undefined, '/admin/countries');
    expect(landedOn).toBe('/admin/countries');
    const token = await sessionToken(app, jar);
    const me = await app.inject({ url: '/api/trpc/me.get', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ result: { data: { email: 'admin@example.com', role: 'ADMIN' } } });
  });
});
