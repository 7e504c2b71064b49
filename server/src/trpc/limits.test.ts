import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectFailureOnlyInLog, withCountriesTableGone } from '../../test/app.js';
import { staffToken } from '../../test/graphql.js';
import { appRouter } from './router.js';
import { TRPC_LIMITS } from './trpc.plugin.js';

interface TrpcAnswer {
  result?: { data: unknown };
  error?: { message: string; data?: { code?: string; httpStatus?: number } };
}

/** tRPC's request limits and error masking (issue 7: batch size, body size, masking). */
describe('tRPC limits', () => {
  let app: FastifyInstance;
  let admin: string;
  beforeAll(async () => {
    app = await buildTestApp();
    admin = await staffToken(app, 'ADMIN');
  });
  afterAll(() => app.close());

  const video = (name: string) => ({
    video_name: name,
    video_url: `https://videos.example.com/${name}`,
    category: 'GALLERY_VIDEOS',
  });
  const stored = async (prefix: string) =>
    (await app.db.selectFrom('videos').select('id').where('video_name', 'like', `${prefix}%`).execute()).length;

  /** POST /api/trpc/media.addVideo,… as the client's batch link sends mutations. */
  const addVideos = (names: string[]) =>
    app.inject({
      method: 'POST',
      url: `/api/trpc/${names.map(() => 'media.addVideo').join(',')}?batch=1`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      payload: JSON.stringify(Object.fromEntries(names.map((name, index) => [index, video(name)]))),
    });

  describe(`batches (at most ${TRPC_LIMITS.batch} calls)`, () => {
    it('runs a full batch, even of the longest procedure names', async () => {
      const names = Array.from({ length: TRPC_LIMITS.batch }, (_, index) => `full-batch-${index}`);
      const response = await addVideos(names);
      expect(response.statusCode).toBe(200);
      expect(response.json<TrpcAnswer[]>().map((answer) => answer.error)).toEqual(names.map(() => undefined));
      expect(await stored('full-batch-')).toBe(TRPC_LIMITS.batch);
      // A batch names its procedures in one path segment: the longest names still reach tRPC (not a 404).
      const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>;
      const longest = Object.keys(procedures)
        .filter((path) => procedures[path]!._def.type === 'query')
        .sort((a, b) => b.length - a.length)
        .slice(0, TRPC_LIMITS.batch);
      const input = encodeURIComponent(JSON.stringify({}));
      const long = await app.inject(`/api/trpc/${longest.join(',')}?batch=1&input=${input}`);
      const answers = long.json<TrpcAnswer[]>();
      expect(answers).toHaveLength(TRPC_LIMITS.batch);
      for (const answer of answers) expect(answer.error?.data?.code).not.toBe('NOT_FOUND');
    });

    it('refuses a larger batch with 400, running none of its calls', async () => {
      const names = Array.from({ length: TRPC_LIMITS.batch + 1 }, (_, index) => `over-batch-${index}`);
      const response = await addVideos(names);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: { message: 'Batch call exceeds maximum size', data: { code: 'BAD_REQUEST', httpStatus: 400 } },
      });
      expect(await stored('over-batch-')).toBe(0);
    });
  });

  describe(`request bodies (at most ${TRPC_LIMITS.bodyBytes} bytes)`, () => {
    /** A valid input padded with JSON whitespace to `bytes`: only its size can make it fail. */
    const padded = (name: string, bytes: number) => {
      const json = JSON.stringify(video(name));
      return json + ' '.repeat(bytes - Buffer.byteLength(json));
    };
    const send = (payload: string) =>
      app.inject({
        method: 'POST',
        url: '/api/trpc/media.addVideo',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
        payload,
      });

    it('accepts a body up to the limit', async () => {
      const response = await send(padded('body-at-limit', TRPC_LIMITS.bodyBytes));
      expect(response.statusCode).toBe(200);
      expect(await stored('body-at-limit')).toBe(1);
    });

    it('refuses a larger body with 413, storing nothing', async () => {
      const response = await send(padded('body-over-limit', TRPC_LIMITS.bodyBytes + 1));
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ error: 'Payload Too Large', message: 'Request body is too large' });
      expect(await stored('body-over-limit')).toBe(0);
    });
  });

  it('answers an unexpected failure as INTERNAL_SERVER_ERROR with the request id; the detail goes to the log only', async () => {
    // A real database failure: the table the procedure reads is gone.
    await withCountriesTableGone(async (logged, log) => {
      const response = await logged.inject(`/api/trpc/country.getAll?input=${encodeURIComponent('{}')}`);
      const requestId = String(response.headers['x-request-id']);
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        error: {
          message: `Something went wrong (request ${requestId})`,
          code: -32603,
          data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, path: 'country.getAll' },
        },
      });
      expectFailureOnlyInLog(response.body, log, requestId, 'procedure failed');
    });
  });
});
