import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaUrl } from '../../../shared/media.js';
import { buildTestApp } from '../../test/app.js';
import { saveBlob } from './media.repository.js';

describe('stored media', () => {
  let app: FastifyInstance;
  let png: Buffer;
  let sha256: string;

  beforeAll(async () => {
    app = await buildTestApp();
    png = await sharp({ create: { width: 4, height: 3, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    sha256 = await saveBlob(app.db, { bytes: png, contentType: 'image/png', width: 4, height: 3 });
  });
  afterAll(() => app.close());

  it('names bytes by their SHA-256 and stores identical bytes once', async () => {
    expect(sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await saveBlob(app.db, { bytes: png, contentType: 'image/png' })).toBe(sha256);
    const rows = await app.db.selectFrom('media_blobs').select('sha256').where('sha256', '=', sha256).execute();
    expect(rows).toHaveLength(1);
  });

  it('serves the exact bytes at a content-hashed URL, cached for a year', async () => {
    const response = await app.inject(mediaUrl(sha256, 'image/png'));
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(png)).toBe(true);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(response.headers.etag).toBe(`"${sha256}"`);
  });

  describe('headers of every answer', () => {
    const SVG_FLAG =
      '<svg xmlns="http://www.w3.org/2000/svg" width="6" height="4"><rect width="6" height="4" fill="#d52b1e"/></svg>';
    let svgSha256: string;

    beforeAll(async () => {
      svgSha256 = await saveBlob(app.db, {
        bytes: Buffer.from(SVG_FLAG),
        contentType: 'image/svg+xml',
        width: 6,
        height: 4,
      });
    });

    /** The stored type exactly (never sniffed, no charset added), nosniff, and the media CSP with nothing else. */
    function expectMediaHeaders(response: { headers: Record<string, unknown> }, contentType: string) {
      expect(response.headers['content-type']).toBe(contentType);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    }

    it('an SVG flag is served as image/svg+xml, at any requested width, byte for byte', async () => {
      for (const url of [mediaUrl(svgSha256, 'image/svg+xml'), `${mediaUrl(svgSha256, 'image/svg+xml')}?w=320`]) {
        const response = await app.inject(url);
        expect(response.statusCode).toBe(200);
        expectMediaHeaders(response, 'image/svg+xml');
        expect(response.body).toBe(SVG_FLAG);
      }
    });

    it('a resized variant is served as WebP', async () => {
      const response = await app.inject(`${mediaUrl(sha256, 'image/png')}?w=160`);
      expect(response.statusCode).toBe(200);
      expectMediaHeaders(response, 'image/webp');
      expect((await sharp(response.rawPayload).metadata()).format).toBe('webp');
    });

    it('refusals carry them too: 404, 400 and 304', async () => {
      const notFound = await app.inject(`/media/${'0'.repeat(64)}.svg`);
      expect(notFound.statusCode).toBe(404);
      expectMediaHeaders(notFound, 'text/plain; charset=utf-8');
      const wrongType = await app.inject(`/media/${svgSha256}.png`);
      expect(wrongType.statusCode).toBe(404);
      expectMediaHeaders(wrongType, 'text/plain; charset=utf-8');
      const badWidth = await app.inject(`${mediaUrl(sha256, 'image/png')}?w=161`);
      expect(badWidth.statusCode).toBe(400);
      expectMediaHeaders(badWidth, 'text/plain; charset=utf-8');
      const notModified = await app.inject({
        url: mediaUrl(svgSha256, 'image/svg+xml'),
        headers: { 'if-none-match': `"${svgSha256}"` },
      });
      expect(notModified.statusCode).toBe(304);
      expect(notModified.headers['x-content-type-options']).toBe('nosniff');
      expect(notModified.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    });
  });

  it('answers a revalidation with 304', async () => {
    const response = await app.inject({
      url: mediaUrl(sha256, 'image/png'),
      headers: { 'if-none-match': `"${sha256}"` },
    });
    expect(response.statusCode).toBe(304);
    expect(response.body).toBe('');
  });

  it.each([
    ['a wrong extension', () => `/media/${sha256}.jpg`],
    ['an unknown hash', () => `/media/${'0'.repeat(64)}.png`],
    ['a malformed name', () => '/media/..%2f..%2fetc%2fpasswd'],
    ['an upper-case hash', () => `/media/${sha256.toUpperCase()}.png`],
  ])('answers 404 for %s', async (_label, url) => {
    const response = await app.inject(url());
    expect(response.statusCode).toBe(404);
  });
});
