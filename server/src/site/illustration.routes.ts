import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SECTION_ILLUSTRATIONS } from '../../../shared/illustrations.js';
import { MEDIA_CONTENT_SECURITY_POLICY } from '../media/media.routes.js';
import { matchesEtag } from './page-cache-front.js';

/**
 * GET /illustrations/<name>.svg: the inner pages' hero pictures (shared/illustrations.ts), drawn once at start-up.
 * They change only with a release, so browsers keep them a day and revalidate with the ETag after that.
 */
export function illustrationRoutes(app: FastifyInstance): void {
  const files = new Map(
    Object.entries(SECTION_ILLUSTRATIONS).map(([name, draw]) => {
      const body = Buffer.from(draw());
      return [`${name}.svg`, { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` }];
    }),
  );
  app.get<{ Params: { file: string } }>('/illustrations/:file', (request, reply) => {
    const file = files.get(request.params.file);
    if (!file) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    reply
      .header('Cache-Control', 'public, max-age=86400')
      .header('ETag', file.etag)
      .header('X-Content-Type-Options', 'nosniff')
      // An SVG opened on its own is a document: it may run nothing and load nothing.
      .header('Content-Security-Policy', MEDIA_CONTENT_SECURITY_POLICY);
    if (matchesEtag(request.headers['if-none-match'], file.etag)) return reply.code(304).send();
    return reply.type('image/svg+xml; charset=utf-8').send(file.body);
  });
}
