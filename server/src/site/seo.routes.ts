import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { GLOBAL_COUNTRY_ID } from '../../../shared/enums.js';
import type { Config } from '../config.js';
import { countryIdOfCode } from '../country/country.repository.js';
import { atomFeed } from '../post/post-feed.js';
import { getPostFeed } from '../post/post.service.js';
import { siteSitemap, sitemapIndex } from './sitemaps.js';

const feedQuery = z.object({
  country: z.coerce.number().int().positive().max(2_147_483_647).default(GLOBAL_COUNTRY_ID),
});

/**
 * robots.txt, the sitemaps and the blogs' feeds. Every country site has its own address (decision 066): the sitemap
 * index names one sitemap per site, and each site's feed is at its address too (`/np/blog/feed.xml`); the first
 * feed addresses (`/blog/feed.xml?country=<id>`) keep answering for readers subscribed before.
 */
export function seoRoutes(app: FastifyInstance, { config }: { config: Config }): void {
  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(
        [
          'User-agent: *',
          'Disallow: /admin',
          'Disallow: /api/',
          '',
          `Sitemap: ${config.publicUrl}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  );

  const xml = (reply: FastifyReply, body: string) =>
    reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(body);

  app.get('/sitemap.xml', async (_request, reply) => xml(reply, await sitemapIndex(app.db, config.publicUrl)));

  app.get<{ Params: { site: string } }>('/sitemap-:site(^[a-z]+).xml', async (request, reply) => {
    const sitemap = await siteSitemap(app.db, config.publicUrl, request.params.site);
    if (!sitemap) return reply.code(404).type('text/plain; charset=utf-8').send('No such sitemap');
    return xml(reply, sitemap);
  });

  const sendFeed = async (reply: FastifyReply, countryId: number | undefined) => {
    const feed = countryId === undefined ? undefined : await getPostFeed(app.db, countryId);
    if (!feed) return reply.code(404).type('text/plain; charset=utf-8').send('No such blog');
    return reply
      .type('application/atom+xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=900')
      .send(atomFeed(feed, config.publicUrl));
  };
  // Before the site's catch-all page route, which would answer /blog/<slug> for it.
  app.get('/blog/feed.xml', async (request, reply) => {
    const query = feedQuery.safeParse(request.query);
    return sendFeed(reply, query.success ? query.data.country : undefined);
  });
  app.get<{ Params: { code: string } }>('/:code(^[a-z]{2})/blog/feed.xml', async (request, reply) =>
    sendFeed(reply, await countryIdOfCode(app.db, request.params.code)),
  );
}
