import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IMAGE_VARIANT_WIDTHS,
  imageSrcSet,
  imageVariantUrl,
  mediaUrl,
  type MediaContentType,
} from '../../../shared/media.js';
import { buildTestApp } from '../../test/app.js';
import { addImage } from '../../test/fixtures.js';
import { ImageVariants, type VariantSource } from './image-variants.js';
import { saveBlob } from './media.repository.js';

function solid(width: number, height: number, background = '#336699') {
  return sharp({ create: { width, height, channels: 3, background } });
}

describe('resized image variants (?w=)', () => {
  let app: FastifyInstance;
  let pngUrl: string;
  let pngSha: string;
  let jpegUrl: string;
  let svgUrl: string;
  let gifUrl: string;

  async function store(bytes: Buffer, contentType: MediaContentType, width: number | null, height: number | null) {
    const sha256 = await saveBlob(app.db, { bytes, contentType, width, height });
    return { sha256, url: mediaUrl(sha256, contentType) };
  }

  beforeAll(async () => {
    app = await buildTestApp();
    ({ url: pngUrl, sha256: pngSha } = await store(await solid(1200, 800).png().toBuffer(), 'image/png', 1200, 800));
    // A photo as a phone leaves it: EXIF with the owner and GPS position, stored sideways with orientation 6.
    const jpeg = await solid(300, 200, '#aa3300')
      .jpeg()
      .withExif({
        IFD0: { Copyright: 'Secret Owner' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '27/1 42/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const jpegMetadata = await sharp(jpeg).metadata();
    expect(jpegMetadata.exif?.toString('latin1')).toContain('Secret Owner');
    expect(jpegMetadata.orientation).toBe(6);
    ({ url: jpegUrl } = await store(jpeg, 'image/jpeg', 300, 200));
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    ({ url: svgUrl } = await store(svg, 'image/svg+xml', null, null));
    const frames = await Promise.all(
      ['#ff0000', '#0000ff'].map(async (colour) => solid(40, 30, colour).png().toBuffer()),
    );
    const gif = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(2);
    ({ url: gifUrl } = await store(gif, 'image/gif', 40, 30));
  });
  afterAll(() => app.close());

  it('serves a 1200×800 PNG at ?w=640 as a 640×427 WebP with the media headers', async () => {
    const response = await app.inject(`${pngUrl}?w=640`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(response.headers.etag).toBe(`"${pngSha}-w640"`);
    const metadata = await sharp(response.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 640, height: 427 });
  });

  it('answers a revalidation of a variant with 304, and a different width does not revalidate', async () => {
    const same = await app.inject({ url: `${pngUrl}?w=640`, headers: { 'if-none-match': `"${pngSha}-w640"` } });
    expect(same.statusCode).toBe(304);
    const other = await app.inject({ url: `${pngUrl}?w=320`, headers: { 'if-none-match': `"${pngSha}-w640"` } });
    expect(other.statusCode).toBe(200);
    expect((await sharp(other.rawPayload).metadata()).width).toBe(320);
  });

  it('never upscales: ?w=4000 is not allowed, ?w=1920 of a 1200-wide image is 1200 wide', async () => {
    // 4000 is not on the allow-list, so it is refused outright rather than silently capped.
    expect((await app.inject(`${pngUrl}?w=4000`)).statusCode).toBe(400);
    const response = await app.inject(`${pngUrl}?w=1920`);
    expect(response.statusCode).toBe(200);
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1200, height: 800 });
  });

  it('serves an image stored by the fixture (2×2) at its own width', async () => {
    const id = await addImage(app, 'BANNER');
    const row = await app.db
      .selectFrom('images')
      .innerJoin('media_blobs', 'media_blobs.sha256', 'images.blob_sha256')
      .select(['media_blobs.sha256', 'media_blobs.content_type'])
      .where('images.id', '=', id)
      .executeTakeFirstOrThrow();
    const response = await app.inject(`${mediaUrl(row.sha256, row.content_type)}?w=160`);
    expect(response.statusCode).toBe(200);
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 2, height: 2 });
  });

  it.each([['123'], ['0640'], ['640px'], [''], ['-640']])('refuses ?w=%s with 400', async (w) => {
    const response = await app.inject(`${pngUrl}?w=${w}`);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body.length).toBeLessThan(100);
  });

  it('refuses a repeated w with 400 and ignores other query parameters', async () => {
    expect((await app.inject(`${pngUrl}?w=640&w=640`)).statusCode).toBe(400);
    const response = await app.inject(`${pngUrl}?utm_source=x&w=480&v=2`);
    expect(response.statusCode).toBe(200);
    expect((await sharp(response.rawPayload).metadata()).width).toBe(480);
  });

  it('respects EXIF orientation and drops EXIF, GPS and every other metadata', async () => {
    const response = await app.inject(`${jpegUrl}?w=160`);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.toString('latin1')).not.toContain('Secret Owner');
    const metadata = await sharp(response.rawPayload).metadata();
    // Stored 300×200 sideways: upright it is 200×300, so 160 wide is 240 high.
    expect(metadata).toMatchObject({ format: 'webp', width: 160, height: 240 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
  });

  it('serves SVG and animated GIF as stored, even with ?w=', async () => {
    for (const [url, type] of [
      [svgUrl, 'image/svg+xml'],
      [gifUrl, 'image/gif'],
    ] as const) {
      const original = await app.inject(url);
      const response = await app.inject(`${url}?w=160`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(type);
      expect(response.rawPayload.equals(original.rawPayload)).toBe(true);
    }
  });

  it('leaves requests without ?w= unchanged', async () => {
    const response = await app.inject(pngUrl);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers.etag).toBe(`"${pngSha}"`);
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1200 });
  });

  it('answers 404 for a variant of an unknown hash or under the wrong extension', async () => {
    expect((await app.inject(`/media/${'0'.repeat(64)}.png?w=640`)).statusCode).toBe(404);
    // The 640 variant of this PNG is cached by now: the cache must not serve it under .jpg.
    expect((await app.inject(`/media/${pngSha}.jpg?w=640`)).statusCode).toBe(404);
  });

  it('serves the second request for a variant from the cache', async () => {
    const before = app.imageVariants.stats;
    const first = await app.inject(`${pngUrl}?w=960`);
    const second = await app.inject(`${pngUrl}?w=960`);
    const after = app.imageVariants.stats;
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(after.renders - before.renders).toBe(1);
    expect(after.misses - before.misses).toBe(1);
    expect(after.hits - before.hits).toBe(1);
    expect(after.entries).toBeGreaterThan(0);
  });

  it('resizes once for concurrent requests of the same variant', async () => {
    const before = app.imageVariants.stats;
    const responses = await Promise.all([1, 2, 3].map(() => app.inject(`${pngUrl}?w=1280`)));
    const after = app.imageVariants.stats;
    for (const response of responses) {
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(responses[0]!.rawPayload)).toBe(true);
    }
    expect(after.renders - before.renders).toBe(1);
    expect(after.misses - before.misses).toBe(1);
  });
});

describe('ImageVariants', () => {
  let source: VariantSource;

  beforeAll(async () => {
    source = { contentType: 'image/png', data: await solid(400, 300).png().toBuffer() };
  });

  it('shares one load and one sharp run between concurrent callers', async () => {
    const variants = new ImageVariants();
    let loads = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const load = async () => {
      loads++;
      await gate;
      return source;
    };
    const calls = [variants.get('a', 320, load), variants.get('a', 320, load), variants.get('a', 320, load)];
    release();
    const [first, ...rest] = await Promise.all(calls);
    expect(first?.kind).toBe('variant');
    for (const result of rest) expect(result).toBe(first);
    expect(loads).toBe(1);
    expect(variants.stats).toMatchObject({ misses: 1, deduplicated: 2, renders: 1, hits: 0, entries: 1 });
    await variants.get('a', 320, load);
    expect(variants.stats).toMatchObject({ hits: 1, renders: 1 });
    expect(loads).toBe(1);
  });

  it('keeps the total bytes under its bound by dropping the least recently used variant', async () => {
    const probe = new ImageVariants();
    const one = await probe.get('x', 160, () => Promise.resolve(source));
    const size = one?.kind === 'variant' ? one.bytes.byteLength : 0;
    expect(size).toBeGreaterThan(0);
    // Room for two 160-wide variants (plus bookkeeping), not three.
    const variants = new ImageVariants({ maxBytes: 2 * (size + 128) + 10 });
    const load = () => Promise.resolve(source);
    await variants.get('a', 160, load);
    await variants.get('b', 160, load);
    await variants.get('a', 160, load); // a is now the most recently used
    await variants.get('c', 160, load); // evicts b
    expect(variants.stats).toMatchObject({ entries: 2, evictions: 1, hits: 1, renders: 3 });
    expect(variants.stats.bytes).toBeLessThanOrEqual(variants.maxBytes);
    await variants.get('a', 160, load);
    expect(variants.stats).toMatchObject({ hits: 2, renders: 3 });
    await variants.get('b', 160, load);
    expect(variants.stats).toMatchObject({ renders: 4 });
  });

  it('refuses to decode more pixels than allowed and serves the original instead', async () => {
    const errors: unknown[] = [];
    const variants = new ImageVariants({ limitInputPixels: 1000, onRenderError: (error) => errors.push(error) });
    const result = await variants.get('big', 160, () => Promise.resolve(source));
    expect(result).toEqual({ kind: 'original', sourceContentType: 'image/png' });
    expect(String(errors[0])).toMatch(/pixel limit/i);
  });

  it('does not cache a missing original', async () => {
    const variants = new ImageVariants();
    expect(await variants.get('none', 160, () => Promise.resolve(undefined))).toBeUndefined();
    expect(variants.stats.entries).toBe(0);
  });
});

describe('imageSrcSet', () => {
  const url = `/media/${'a'.repeat(64)}.png`;

  it('lists the allowed widths up to the original, the step above it described at the original width', () => {
    expect(imageSrcSet(url, 1200)).toBe(
      [
        `${url}?w=160 160w`,
        `${url}?w=320 320w`,
        `${url}?w=480 480w`,
        `${url}?w=640 640w`,
        `${url}?w=960 960w`,
        `${url}?w=1280 1200w`,
      ].join(', '),
    );
  });

  it('ends at an allowed width the original matches exactly, and at the largest for huge originals', () => {
    expect(imageSrcSet(url, 640)).toBe(`${url}?w=160 160w, ${url}?w=320 320w, ${url}?w=480 480w, ${url}?w=640 640w`);
    const huge = imageSrcSet(url, 6000).split(', ');
    expect(huge).toHaveLength(IMAGE_VARIANT_WIDTHS.length);
    expect(huge.at(-1)).toBe(`${url}?w=1920 1920w`);
  });

  it('offers the smallest step for a tiny original and every step for an unknown width', () => {
    expect(imageSrcSet(url, 100)).toBe(`${url}?w=160 100w`);
    expect(imageSrcSet(url, null).split(', ')).toEqual(IMAGE_VARIANT_WIDTHS.map((w) => `${url}?w=${w} ${w}w`));
  });

  it('gives SVG and GIF no srcset', () => {
    expect(imageSrcSet(`/media/${'a'.repeat(64)}.svg`, 800)).toBe('');
    expect(imageSrcSet(`/media/${'a'.repeat(64)}.gif`, 800)).toBe('');
  });

  it('builds variant URLs on allowed widths only', () => {
    expect(imageVariantUrl(url, 960)).toBe(`${url}?w=960`);
    expect(imageVariantUrl(url, 700)).toBe(`${url}?w=960`);
    expect(imageVariantUrl(url, 5000)).toBe(`${url}?w=1920`);
    expect(imageVariantUrl(`${url}?v=2`, 320)).toBe(`${url}?v=2&w=320`);
    expect(imageVariantUrl(`/media/${'a'.repeat(64)}.svg`, 320)).toBe(`/media/${'a'.repeat(64)}.svg`);
  });
});
