import type { FastifyInstance } from 'fastify';
import { GLOBAL_COUNTRY_ID } from '../../../shared/enums.js';
import { SITE_PAGES } from '../../../shared/site-pages.js';
import type { Config } from '../config.js';

/**
 * robots.txt and sitemap.xml. Addresses are the same on every country site and crawlers mostly get the Global
 * site (their IPs are rarely in Nepal, Canada or Australia), so the sitemap lists the pages enabled for Global.
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
    const enabled = await app.db
      .selectFrom('country_pages')
      .innerJoin('pages', 'pages.id', 'country_pages.page_id')
      .innerJoin('countries', 'countries.id', 'country_pages.country_id')
      .select('pages.name')
      .where('country_pages.country_id', '=', GLOBAL_COUNTRY_ID)
      .where('countries.is_enabled', '=', 'ENABLE')
      .execute();
    const names = new Set(enabled.map((row) => row.name.toLowerCase()));
    const urls = SITE_PAGES.filter((page) => names.has(page.name.toLowerCase())).map(
      (page) => `  <url><loc>${config.publicUrl}${page.path === '/' ? '/' : page.path}</loc></url>`,
    );
    return reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
      );
  });
}
