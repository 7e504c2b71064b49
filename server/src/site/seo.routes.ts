import type { FastifyInstance } from 'fastify';
import { GLOBAL_COUNTRY_ID } from '../../../shared/enums.js';
import { SITE_PAGES } from '../../../shared/site-pages.js';
import { z } from 'zod';
import { POST_PATH_PREFIX } from '../../../shared/post-address.js';
import type { Config } from '../config.js';
import { isEnabledCountry } from '../content/content-refs.js';
import { pageNamesOfCountry } from '../page/page.repository.js';
import { atomFeed } from '../post/post-feed.js';
import { getPostFeed, listPublishedPostAddresses } from '../post/post.service.js';

const feedQuery = z.object({
  country: z.coerce.number().int().positive().max(2_147_483_647).default(GLOBAL_COUNTRY_ID),
});

/**
 * robots.txt, sitemap.xml and the blogs' feeds. Addresses are the same on every country site and crawlers mostly get the Global
 * site (their IPs are rarely in Nepal, Canada or Australia), so the sitemap lists the pages enabled for Global
 * and Global's published posts.
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

  app.get('/sitemap.xml', async (_request, reply) => {
    const enabled = (await isEnabledCountry(app.db, GLOBAL_COUNTRY_ID))
      ? await pageNamesOfCountry(app.db, GLOBAL_COUNTRY_ID)
      : [];
    const names = new Set(enabled.map((name) => name.toLowerCase()));
    const shown = SITE_PAGES.filter((page) => names.has(page.name.toLowerCase()));
    const urls = shown.map(
      (page) => `  <url><loc>${config.publicUrl}${page.path === '/' ? '/' : page.path}</loc></url>`,
    );
    // The posts while Global shows its blog; a slug is lower-case letters, digits and hyphens: nothing to escape.
    const blogShown = shown.some((page) => `${page.path}/` === POST_PATH_PREFIX);
    for (const post of blogShown ? await listPublishedPostAddresses(app.db, GLOBAL_COUNTRY_ID) : []) {
      urls.push(
        `  <url><loc>${config.publicUrl}${POST_PATH_PREFIX}${post.slug}</loc><lastmod>${post.updated_at}</lastmod></url>`,
      );
    }
    return reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
      );
  });

  // Before the site's catch-all page route, which would answer /blog/<slug> for it.
  app.get('/blog/feed.xml', async (request, reply) => {
    const query = feedQuery.safeParse(request.query);
    const feed = query.success ? await getPostFeed(app.db, query.data.country) : undefined;
    if (!feed) return reply.code(404).type('text/plain; charset=utf-8').send('No such blog');
    return reply
      .type('application/atom+xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=900')
      .send(atomFeed(feed, config.publicUrl));
  });
}
