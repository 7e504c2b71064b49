import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  UPLOAD_DAMAGED_MESSAGE,
  UPLOAD_IMAGE_TYPE_MESSAGE,
  UPLOAD_MAX_FILE_BYTES,
  UPLOAD_MAX_FILES,
  UPLOAD_TOO_LARGE_MESSAGE,
  UPLOAD_TOO_MANY_FILES_MESSAGE,
  UPLOAD_TOO_MANY_PIXELS_MESSAGE,
} from '../../../shared/media.js';
import { buildTestApp } from '../../test/app.js';
import { errorCode, expectFieldErrors, staffToken } from '../../test/graphql.js';
import {
  exifGpsTags,
  hashOf,
  pixelAt,
  pixelBombPng,
  rowCount,
  sidewaysPhotoWithGps,
  storedBlob,
  withGifComment,
  withJpegCommentAndIptc,
  withPngText,
} from '../../test/images.js';
import { graphqlMultipartBody, gqlUpload, type UploadedTestFile } from '../../test/multipart.js';
import type { FileUpload } from 'graphql-upload-minimal';
import { AppError } from '../errors.js';
import { rasterFormatOf, readUpload } from './upload.js';

const UPLOAD = `mutation upload($images: [Upload!]!, $category: ImageCategory!) {
  uploadImages(images: $images, category: $category) { id image_name image_url } }`;

interface Uploaded {
  uploadImages: { id: number; image_name: string; image_url: string }[];
}

const SCRIPT = '<script>alert(document.cookie)</script>';

let shade = 0;
/** A small picture whose bytes differ from every other one made here. */
function uniqueImage(format: 'png' | 'jpeg' | 'webp' | 'avif' | 'gif', width = 8, height = 6): Promise<Buffer> {
  shade += 1;
  const background = `#${(shade * 7919).toString(16).padStart(6, '0').slice(-6)}`;
  return sharp({ create: { width, height, channels: 3, background } })
    .toFormat(format)
    .toBuffer();
}

describe('uploads of untrusted images', () => {
  let app: FastifyInstance;
  let admin: string;

  const file = (bytes: Buffer, filename: string, contentType: string, index = 0): UploadedTestFile => ({
    path: `variables.images.${index}`,
    filename,
    contentType,
    bytes,
  });
  const upload = (files: UploadedTestFile[]) =>
    gqlUpload<Uploaded>(app, UPLOAD, { images: files.map(() => null), category: 'GALLERY_IMAGES' }, files, admin);
  /** The rows an upload may add: a refused upload must leave both as they were. */
  const stored = async () => ({
    images: await rowCount(app.db, 'images'),
    blobs: await rowCount(app.db, 'media_blobs'),
  });

  /** Uploads one file that must be accepted; answers what was stored (database row) and what is served. */
  async function accepted(bytes: Buffer, filename: string, contentType: string) {
    const response = await upload([file(bytes, filename, contentType)]);
    expect(response.errors).toEqual([]);
    const url = response.data!.uploadImages[0]!.image_url;
    const row = await storedBlob(app.db, hashOf(url));
    const served = await app.inject(url);
    expect(served.statusCode).toBe(200);
    return { url, row, data: Buffer.from(row.data), served: served.rawPayload };
  }

  beforeAll(async () => {
    app = await buildTestApp();
    admin = await staffToken(app, 'ADMIN');
  });
  afterAll(() => app.close());

  describe('re-encoding', () => {
    it('stores a sideways phone photo upright, with no EXIF (GPS included), XMP, IPTC or comment left', async () => {
      const photo = await sidewaysPhotoWithGps();
      // What the upload carries, so the assertions below are not vacuous.
      const original = await sharp(photo).metadata();
      expect(original).toMatchObject({ format: 'jpeg', width: 60, height: 20, orientation: 6 });
      expect(exifGpsTags(original.exif!)).toEqual(expect.arrayContaining([1, 2, 3, 4, 18]));
      expect(original.xmp).toBeDefined();
      expect(original.iptc).toBeDefined();
      expect(photo.includes('WGS-84')).toBe(true);
      expect(photo.includes('Jane Student')).toBe(true);

      const { url, row, data, served } = await accepted(photo, 'IMG_0001.jpg', 'image/jpeg');
      expect(url).toMatch(/\.jpg$/);
      // The URL names the stored (re-encoded) bytes, and the route serves exactly those.
      expect(createHash('sha256').update(data).digest('hex')).toBe(row.sha256);
      expect(served.equals(data)).toBe(true);
      expect(data.equals(photo)).toBe(false);
      expect(row).toMatchObject({ content_type: 'image/jpeg', width: 20, height: 60, byte_size: data.length });

      const kept = await sharp(served).metadata();
      expect(kept).toMatchObject({ format: 'jpeg', width: 20, height: 60 });
      expect(kept.exif).toBeUndefined();
      expect(kept.xmp).toBeUndefined();
      expect(kept.iptc).toBeUndefined();
      expect(kept.orientation).toBeUndefined();
      expect(kept.comments).toBeUndefined();
      for (const trace of [
        'Exif',
        'WGS-84',
        'PhoneMaker',
        'Jane Student',
        'Our street',
        'Taken at home',
        'Photoshop',
      ]) {
        expect(served.includes(trace), trace).toBe(false);
      }
      // Upright: the left (red) half of the sensor image is now on top, the blue half below.
      const [topRed, , topBlue] = await pixelAt(served, 10, 5);
      const [bottomRed, , bottomBlue] = await pixelAt(served, 10, 55);
      expect(topRed).toBeGreaterThan(200);
      expect(topBlue).toBeLessThan(60);
      expect(bottomBlue).toBeGreaterThan(200);
      expect(bottomRed).toBeLessThan(60);
    });

    it.each([
      ['png', 'image/png', 'png'],
      ['jpeg', 'image/jpeg', 'jpg'],
      ['webp', 'image/webp', 'webp'],
      ['avif', 'image/avif', 'avif'],
      ['gif', 'image/gif', 'gif'],
    ] as const)('keeps a %s a %s', async (format, contentType, extension) => {
      const original = await uniqueImage(format, 12, 9);
      const { url, row, served } = await accepted(original, `picture.${extension}`, contentType);
      expect(url.endsWith(`.${extension}`)).toBe(true);
      expect(row).toMatchObject({ content_type: contentType, width: 12, height: 9 });
      const metadata = await sharp(served).metadata();
      expect(metadata.format).toBe(format === 'avif' ? 'heif' : format);
      expect({ width: metadata.width, height: metadata.height }).toEqual({ width: 12, height: 9 });
    });

    it('keeps every frame of an animated GIF, with its timing and loop count', async () => {
      const frame = (background: string) =>
        sharp({ create: { width: 10, height: 8, channels: 3, background } })
          .png()
          .toBuffer();
      const animation = await sharp([await frame('#ff0000'), await frame('#0000ff'), await frame('#00ff00')], {
        join: { animated: true },
      })
        .gif({ delay: [100, 200, 300], loop: 2 })
        .toBuffer();
      const { row, served } = await accepted(withGifComment(animation, 'made by hand'), 'spinner.gif', 'image/gif');
      expect(row).toMatchObject({ content_type: 'image/gif', width: 10, height: 8 });
      const metadata = await sharp(served, { animated: true }).metadata();
      expect(metadata).toMatchObject({ pages: 3, pageHeight: 8, delay: [100, 200, 300], loop: 2 });
      expect(served.includes('made by hand')).toBe(false);
    });

    it('stores identical uploads once', async () => {
      const bytes = await uniqueImage('png');
      const before = await stored();
      const first = await accepted(bytes, 'a.png', 'image/png');
      const second = await accepted(bytes, 'b.png', 'image/png');
      expect(second.url).toBe(first.url);
      expect(await stored()).toEqual({ images: before.images + 2, blobs: before.blobs + 1 });
    });
  });

  describe('type by content', () => {
    it('reads the signature ("magic bytes") of each kept format, and nothing else', async () => {
      for (const format of ['png', 'jpeg', 'webp', 'avif', 'gif'] as const) {
        expect(rasterFormatOf(await uniqueImage(format))).toBe(format);
      }
      const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic')]);
      for (const other of [
        heic,
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
        Buffer.from('GIF8'),
        Buffer.alloc(0),
      ]) {
        expect(rasterFormatOf(other)).toBeUndefined();
      }
    });

    it('accepts a PNG named .txt and declared text/plain, as a PNG', async () => {
      const { url, row } = await accepted(await uniqueImage('png'), 'notes.txt', 'text/plain');
      expect(url).toMatch(/\.png$/);
      expect(row.content_type).toBe('image/png');
    });

    it.each([
      ['an HTML page named .png', '<!doctype html><html><body><script>alert(1)</script></body></html>'],
      [
        'an SVG named .png',
        `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="9" height="9"/></svg>`,
      ],
      ['a PDF named .png', '%PDF-1.7\n1 0 obj << >> endobj\n'],
    ])('refuses %s, storing nothing', async (_label, content) => {
      const before = await stored();
      const response = await upload([file(Buffer.from(content), 'picture.png', 'image/png')]);
      expectFieldErrors(response, { 'images.0': UPLOAD_IMAGE_TYPE_MESSAGE });
      expect(await stored()).toEqual(before);
    });

    it('refuses an SVG in the library even when it says it is one (only flags take SVG)', async () => {
      const before = await stored();
      const svg = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>',
      );
      const response = await upload([file(svg, 'logo.svg', 'image/svg+xml')]);
      expect(response.errors[0]?.extensions?.fields).toEqual({ 'images.0': UPLOAD_IMAGE_TYPE_MESSAGE });
      expect(await stored()).toEqual(before);
    });

    it('stores no script from polyglots: text chunks, comments and data after the image end', async () => {
      const png = withPngText(await uniqueImage('png'), 'Comment', SCRIPT);
      const gif = withGifComment(await uniqueImage('gif'), SCRIPT);
      const jpeg = withJpegCommentAndIptc(await uniqueImage('jpeg'), SCRIPT, 'caption');
      for (const [bytes, name, type] of [
        [Buffer.concat([png, Buffer.from(SCRIPT)]), 'a.png', 'image/png'],
        [Buffer.concat([gif, Buffer.from(`/*${SCRIPT}*/`)]), 'b.gif', 'image/gif'],
        [Buffer.concat([jpeg, Buffer.from(`<html>${SCRIPT}</html>`)]), 'c.jpg', 'text/html'],
      ] as const) {
        expect(bytes.includes('<script>')).toBe(true);
        const { data, served } = await accepted(bytes, name, type);
        expect(data.includes('<script'), name).toBe(false);
        expect(served.includes('alert('), name).toBe(false);
      }
    });

    it('refuses a GIF header followed by a script (no picture behind the signature)', async () => {
      const before = await stored();
      const response = await upload([file(Buffer.from(`GIF89a=1;${SCRIPT}`), 'x.gif', 'image/gif')]);
      expect(response.errors[0]?.extensions?.fields).toEqual({ 'images.0': UPLOAD_DAMAGED_MESSAGE });
      expect(await stored()).toEqual(before);
    });
  });

  describe('damaged files and decompression bombs', () => {
    it('refuses a small file declaring 20000 × 20000 pixels from its header, storing nothing', async () => {
      const bomb = pixelBombPng();
      expect(bomb.length).toBeLessThan(100_000);
      const before = await stored();
      const started = Date.now();
      const response = await upload([
        file(await uniqueImage('png'), 'fine.png', 'image/png'),
        file(bomb, 'bomb.png', 'image/png', 1),
      ]);
      expectFieldErrors(response, { 'images.1': UPLOAD_TOO_MANY_PIXELS_MESSAGE });
      // Never decoded: 400 megapixels would take seconds and a gigabyte of memory.
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(await stored()).toEqual(before);
    });

    it.each([
      ['a truncated JPEG', async () => (await noisy('jpeg')).subarray(0, 3_000), 'image/jpeg'],
      ['a truncated PNG', async () => (await noisy('png')).subarray(0, 3_000), 'image/png'],
      ['a PNG with damaged image data', async () => damaged(await noisy('png')), 'image/png'],
      ['a truncated GIF', async () => (await noisy('gif')).subarray(0, 2_000), 'image/gif'],
      ['a WebP signature and nothing else', () => Promise.resolve(Buffer.from('RIFF\x10\0\0\0WEBPVP8 ')), 'image/webp'],
    ])('refuses %s, storing nothing', async (_label, make, type) => {
      const before = await stored();
      const response = await upload([file(await make(), 'photo', type)]);
      expectFieldErrors(response, { 'images.0': UPLOAD_DAMAGED_MESSAGE });
      expect(await stored()).toEqual(before);
    });
  });

  describe('size and count limits', () => {
    it('reads no more than the size limit, whatever limit the transport applied', async () => {
      let produced = 0;
      const endless = new Readable({
        read() {
          produced += 1024 * 1024;
          this.push(Buffer.alloc(1024 * 1024));
        },
      });
      const upload = Promise.resolve({
        filename: 'endless.png',
        createReadStream: () => endless,
      } as unknown as FileUpload);
      const error = await readUpload(upload, 'image').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).fields).toEqual({ image: UPLOAD_TOO_LARGE_MESSAGE });
      expect(produced).toBeLessThanOrEqual(UPLOAD_MAX_FILE_BYTES + 3 * 1024 * 1024);
      expect(endless.destroyed).toBe(true);
    });

    it('refuses a file over the size limit, storing nothing of the batch', async () => {
      const before = await stored();
      const response = await upload([
        file(await uniqueImage('png'), 'fine.png', 'image/png'),
        file(Buffer.alloc(UPLOAD_MAX_FILE_BYTES + 1), 'huge.png', 'image/png', 1),
      ]);
      expectFieldErrors(response, { 'images.1': UPLOAD_TOO_LARGE_MESSAGE });
      expect(await stored()).toEqual(before);
    });

    describe('over a real connection (the body arrives in pieces, as from a browser)', () => {
      let origin: string;
      beforeAll(async () => {
        origin = await app.listen({ port: 0, host: '127.0.0.1' });
      });

      /**
       * POST /api/graphql through a socket. `app.inject` hands the parser the whole body at once, so the transport's
       * size limit has already fired when a resolver opens the file; over a network the resolver reads while the
       * body is still arriving, which is where a file over the limit used to be cut short and read as complete.
       */
      async function sent<T>(query: string, variables: Record<string, unknown>, files: UploadedTestFile[]) {
        const { body, contentType } = graphqlMultipartBody(query, variables, files);
        const response = await fetch(`${origin}/api/graphql`, {
          method: 'POST',
          headers: {
            'content-type': contentType,
            'x-apollo-operation-name': 'upload',
            authorization: `Bearer ${admin}`,
          },
          body,
        });
        const answer = (await response.json()) as {
          data?: T | null;
          errors?: { message: string; extensions?: { code?: string; fields?: Record<string, string> } }[];
        };
        return { data: answer.data ?? null, errors: answer.errors ?? [] };
      }
      const sendImages = (files: UploadedTestFile[]) =>
        sent<Uploaded>(UPLOAD, { images: files.map(() => null), category: 'GALLERY_IMAGES' }, files);
      /** A valid PNG followed by zero bytes up to `size`: cut anywhere in the padding, it is still a valid PNG. */
      const paddedPng = async (size: number) => {
        const png = await uniqueImage('png');
        return Buffer.concat([png, Buffer.alloc(size - png.length)]);
      };
      const tooLarge = (field: string): unknown =>
        expect.objectContaining({
          message: `${UPLOAD_TOO_LARGE_MESSAGE}.`,
          extensions: expect.objectContaining({
            code: 'BAD_USER_INPUT',
            fields: { [field]: UPLOAD_TOO_LARGE_MESSAGE },
          }) as unknown,
        });

      it('refuses an 11 MiB picture as too large, naming the limit, storing nothing', async () => {
        // An uncompressed PNG: a real picture, 11 MiB, whose first 10 MB alone read as "damaged or incomplete".
        const picture = await sharp({ create: { width: 2048, height: 1880, channels: 3, background: '#3a6' } })
          .png({ compressionLevel: 0 })
          .toBuffer();
        expect(picture.length).toBeGreaterThan(11 * 1024 * 1024);
        const before = await stored();
        const response = await sendImages([file(picture, 'poster.png', 'image/png')]);
        expect(response.errors).toEqual([tooLarge('images.0')]);
        expect(response.errors[0]?.message).toContain('at most 10 MB');
        expect(await stored()).toEqual(before);
      });

      it.each([
        ['one byte', 1],
        ['64 KiB', 64 * 1024],
      ])('refuses a valid PNG padded %s past the limit, storing nothing of the batch', async (_label, extra) => {
        const before = await stored();
        const response = await sendImages([
          file(await uniqueImage('png'), 'fine.png', 'image/png'),
          file(await paddedPng(UPLOAD_MAX_FILE_BYTES + extra), 'padded.png', 'image/png', 1),
        ]);
        expect(response.errors).toEqual([tooLarge('images.1')]);
        expect(response.data).toBeNull();
        expect(await stored()).toEqual(before);
      });

      it('accepts a file of exactly the limit', async () => {
        const before = await stored();
        const response = await sendImages([file(await paddedPng(UPLOAD_MAX_FILE_BYTES), 'full.png', 'image/png')]);
        expect(response.errors).toEqual([]);
        expect(response.data?.uploadImages).toHaveLength(1);
        expect(await stored()).toEqual({ images: before.images + 1, blobs: before.blobs + 1 });
      });

      it('refuses a country flag padded past the limit, in addCountry and updateCountry, changing nothing', async () => {
        const flag = (bytes: Buffer) => [
          { path: 'variables.image', filename: 'flag.png', contentType: 'image/png', bytes },
        ];
        const countries = await rowCount(app.db, 'countries');
        const blobs = await rowCount(app.db, 'media_blobs');
        const added = await sent(
          `mutation($name: String!, $image: Upload) { addCountry(name: $name, image: $image) { id } }`,
          { name: 'Paddingland', image: null },
          flag(await paddedPng(UPLOAD_MAX_FILE_BYTES + 1)),
        );
        expect(added.errors).toEqual([tooLarge('image')]);
        const country = () => app.db.selectFrom('countries').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
        const before = await country();
        const updated = await sent(
          `mutation($id: Int!, $image: Upload) { updateCountry(id: $id, image: $image) { id } }`,
          { id: 1, image: null },
          flag(await paddedPng(UPLOAD_MAX_FILE_BYTES + 1)),
        );
        expect(updated.errors).toEqual([tooLarge('image')]);
        expect(await country()).toEqual(before);
        expect(await rowCount(app.db, 'countries')).toBe(countries);
        expect(await rowCount(app.db, 'media_blobs')).toBe(blobs);
      });
    });

    it(`refuses more than ${UPLOAD_MAX_FILES} files in one request, storing nothing`, async () => {
      const files = await Promise.all(
        Array.from({ length: UPLOAD_MAX_FILES + 1 }, async (_, index) =>
          file(await uniqueImage('png'), `${index}.png`, 'image/png', index),
        ),
      );
      const before = await stored();
      const response = await upload(files);
      expect(errorCode(response)).toBe('BAD_USER_INPUT');
      expect(response.errors[0]?.message).toMatch(new RegExp(`${UPLOAD_MAX_FILES} max file uploads exceeded`));
      expect(response.data).toBeNull();
      expect(await stored()).toEqual(before);
    });

    it(`refuses one file used more than ${UPLOAD_MAX_FILES} times, storing nothing`, async () => {
      // The endpoint counts files; the map may point one file at many variables.
      const paths = Array.from({ length: UPLOAD_MAX_FILES + 1 }, (_, index) => `variables.images.${index}`);
      const { body, contentType } = graphqlMultipartBody(
        UPLOAD,
        { images: paths.map(() => null), category: 'GALLERY_IMAGES' },
        [file(await uniqueImage('png'), 'one.png', 'image/png')],
      );
      const mapped = body.toString('latin1').replace('{"0":["variables.images.0"]}', JSON.stringify({ 0: paths }));
      const before = await stored();
      const response = await app.inject({
        method: 'POST',
        url: '/api/graphql',
        headers: { 'content-type': contentType, 'x-apollo-operation-name': 'upload', authorization: `Bearer ${admin}` },
        payload: Buffer.from(mapped, 'latin1'),
      });
      const answer = response.json<{
        errors?: { extensions?: { code?: string; fields?: Record<string, string> } }[];
      }>();
      expect(answer.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(answer.errors?.[0]?.extensions?.fields).toEqual({ images: UPLOAD_TOO_MANY_FILES_MESSAGE });
      expect(await stored()).toEqual(before);
    });

    it(`accepts exactly ${UPLOAD_MAX_FILES} files`, async () => {
      const files = await Promise.all(
        Array.from({ length: UPLOAD_MAX_FILES }, async (_, index) =>
          file(await uniqueImage('png'), `${index}.png`, 'image/png', index),
        ),
      );
      const before = await stored();
      const response = await upload(files);
      expect(response.errors).toEqual([]);
      expect(await stored()).toEqual({
        images: before.images + UPLOAD_MAX_FILES,
        blobs: before.blobs + UPLOAD_MAX_FILES,
      });
    });
  });
});

/** A picture of noise: it does not compress, so cutting it anywhere cuts image data. */
function noisy(format: 'png' | 'jpeg' | 'gif'): Promise<Buffer> {
  const noise = { type: 'gaussian', mean: 128, sigma: 40 } as const;
  return sharp({ create: { width: 120, height: 90, channels: 3, background: '#000', noise } })
    .toFormat(format)
    .toBuffer();
}

/** A PNG whose compressed image data is overwritten in the middle (its chunk checksum no longer matches). */
function damaged(png: Buffer): Buffer {
  const copy = Buffer.from(png);
  copy.fill(0x55, Math.floor(copy.length / 2), Math.floor(copy.length / 2) + 64);
  return copy;
}
