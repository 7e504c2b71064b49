import type { FastifyInstance, FastifyReply } from 'fastify';
import { MEDIA_EXTENSIONS, isImageVariantWidth, isMediaContentType } from '../../../shared/media.js';
import { ImageVariants } from './image-variants.js';
import { findBlob } from './media.repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Resized WebP variants served at `/media/<sha256>.<ext>?w=<width>` (cache and statistics). */
    imageVariants: ImageVariants;
  }
}

const FILE_NAME = /^([0-9a-f]{64})\.([a-z]+)$/;
const NOT_FOUND = 'Not found';

/** Whether an If-None-Match header (one tag or a list, weak tags compared weakly) names `etag`. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const value = candidate.trim();
    return value === etag || value === `W/${etag}`;
  });
}

/**
 * Sent with every answer of the media route (images, 304, 400, 404, errors alike): a file opened directly can
 * never run script, load anything or be read as another type. SVG needs no exception: flags are stored as the
 * sanitiser writes them, with presentation attributes and no CSS (decision 017).
 */
export const MEDIA_CONTENT_SECURITY_POLICY = "default-src 'none'; sandbox";

/** The type is always the stored one, set explicitly: nothing here is ever sniffed. */
function sendImage(reply: FastifyReply, contentType: string, etag: string, bytes: Uint8Array) {
  return reply
    .header('Content-Type', contentType)
    .header('Cache-Control', 'public, max-age=31536000, immutable')
    .header('ETag', etag)
    .send(Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes));
}

/**
 * GET /media/<sha256>.<ext>: stored image bytes. The name is the content hash, so a URL never changes
 * meaning and browsers and CDNs may keep it for a year.
 *
 * `?w=<width>` (one of IMAGE_VARIANT_WIDTHS) serves the image at most that wide as WebP, for srcset. SVG and
 * animated images are served unchanged. Variants are cached in memory (`variants`, default 64 MB).
 */
export function mediaRoutes(app: FastifyInstance, options: { variants?: ImageVariants } = {}): void {
  const variants =
    options.variants ??
    new ImageVariants({
      onRenderError: (error, sha256) => app.log.warn({ err: error, sha256 }, 'image variant failed; serving original'),
    });
  app.decorate('imageVariants', variants);

  app.get<{ Params: { file: string }; Querystring: Record<string, unknown> }>(
    '/media/:file',
    {
      onSend: (_request, reply, payload, done) => {
        reply.header('X-Content-Type-Options', 'nosniff');
        reply.header('Content-Security-Policy', MEDIA_CONTENT_SECURITY_POLICY);
        done(null, payload);
      },
    },
    async (request, reply) => {
      const notFound = () => reply.code(404).type('text/plain; charset=utf-8').send(NOT_FOUND);
      const match = FILE_NAME.exec(request.params.file);
      if (!match) return notFound();
      const sha256 = match[1]!;
      const extension = match[2]!;
      const extensionFits = (contentType: string) =>
        isMediaContentType(contentType) && MEDIA_EXTENSIONS[contentType] === extension;

      const requestedWidth = request.query.w;
      let width: number | undefined;
      if (requestedWidth !== undefined) {
        width =
          typeof requestedWidth === 'string' && /^[1-9][0-9]*$/.test(requestedWidth) ? Number(requestedWidth) : NaN;
        if (!isImageVariantWidth(width)) {
          return reply.code(400).type('text/plain; charset=utf-8').send('Unsupported image width');
        }
      }

      // The bytes behind a hash (and so each width of them) never change, so a cached copy is always current.
      const etag = width === undefined ? `"${sha256}"` : `"${sha256}-w${width}"`;
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();

      if (width !== undefined && extension !== MEDIA_EXTENSIONS['image/svg+xml']) {
        const result = await variants.get(sha256, width, async () => {
          const blob = await findBlob(app.db, sha256);
          return blob && { contentType: blob.content_type, data: blob.data };
        });
        if (!result || !extensionFits(result.sourceContentType)) return notFound();
        if (result.kind === 'variant') return sendImage(reply, 'image/webp', etag, result.bytes);
        // Served as stored (animated or unreadable): fall through to the original.
      }

      const blob = await findBlob(app.db, sha256);
      if (!blob || !extensionFits(blob.content_type)) return notFound();
      return sendImage(reply, blob.content_type, etag, blob.data);
    },
  );
}
