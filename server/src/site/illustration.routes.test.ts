import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECTION_ILLUSTRATIONS } from '../../../shared/illustrations.js';
import { buildTestApp } from '../../test/app.js';

describe('the inner pages’ pictures (/illustrations/<name>.svg)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('serves each section picture as an SVG that may run and load nothing, kept a day and revalidated', async () => {
    for (const name of Object.keys(SECTION_ILLUSTRATIONS)) {
      const response = await app.inject(`/illustrations/${name}.svg`);
      expect(response.statusCode, name).toBe(200);
      expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(response.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="900" height="600"/);
      expect(response.body).not.toMatch(/<script|on\w+=|href=/i);
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(response.headers['cache-control']).toBe('public, max-age=86400');
      const again = await app.inject({
        url: `/illustrations/${name}.svg`,
        headers: { 'if-none-match': String(response.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
    }
  });

  it('answers 404 for any other name', async () => {
    for (const file of ['nothing.svg', 'visa.png', '..%2Fpackage.json', 'visa']) {
      expect((await app.inject(`/illustrations/${file}`)).statusCode, file).toBe(404);
    }
  });
});
