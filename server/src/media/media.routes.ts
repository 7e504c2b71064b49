import type { FastifyInstance } from 'fastify';
import { MEDIA_EXTENSIONS, isMediaContentType } from '../../../shared/media.js';
import { findBlob } from './media.repository.js';

const FILE_NAME = /^([0-9a-f]{64})\.([a-z]+)$/;

/**
 * GET /media/<sha256>.<ext>: stored image bytes. The name is the content hash, so a URL never changes
 * meaning and browsers and CDNs may keep it for a year.
 */
export function mediaRoutes(app: FastifyInstance): void {
  app.get<{ Params: { file: string } }>('/media/:file', async (request, reply) => {
    const match = FILE_NAME.exec(request.params.file);
    // The bytes behind a hash never change, so a cached copy is always current.
    if (match && request.headers['if-none-match'] === `"${match[1]}"`) return reply.code(304).send();
    const blob = match ? await findBlob(app.db, match[1]!) : undefined;
    if (!match || !blob || !isMediaContentType(blob.content_type) || MEDIA_EXTENSIONS[blob.content_type] !== match[2]) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    return (
      reply
        .header('Content-Type', blob.content_type)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('ETag', `"${blob.sha256}"`)
        .header('X-Content-Type-Options', 'nosniff')
        // Even an image opened directly can never run script or load anything.
        .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .send(Buffer.from(blob.data))
    );
  });
}
