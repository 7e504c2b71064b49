import type { Kysely } from 'kysely';
import { GLOBAL_COUNTRY_ID } from '../../../shared/enums.js';
import { POST_PATH_PREFIX } from '../../../shared/post-address.js';
import { countryPath, siteLocale } from '../../../shared/site-address.js';
import { SITE_PAGES, sitePageOf } from '../../../shared/site-pages.js';
import type { DB } from '../db/schema.js';
import { escapeHtml } from '../http/escape-html.js';
import { listPublishedPostAddresses } from '../post/post.service.js';
import { listSiteAddresses, type SiteAddress } from './site.service.js';

/*
 * The sitemaps (decision 066): an index at /sitemap.xml naming one sitemap per country site (`/sitemap-np.xml`, and
 * `/sitemap-global.xml` for the root), each listing every page and post that site shows at its own address, with
 * when it last changed and its versions on the other sites (`xhtml:link` alternates, as the pages' hreflang).
 */

/** A page or post on one or more country sites. */
interface Entry {
  /** Its path on a site (`/visa/student`, `/blog/<slug>`). */
  path: string;
  /** ISO-8601; absent when nothing says. */
  lastmod: string | undefined;
  /** When a site's own version changed, where it has one (a country's own page text): by site id. */
  lastmodOn?: Map<number, string>;
  /** The sites showing it. */
  sites: SiteAddress[];
}

/** The sites that have an address of their own: Global at the root, and every country with a code. */
function addressedSites(sites: SiteAddress[]): SiteAddress[] {
  return sites.filter((site) => site.code !== null || site.id === GLOBAL_COUNTRY_ID);
}

/** A sitemap's name for a site: its code, or `global`. */
export function sitemapName(site: Pick<SiteAddress, 'code'>): string {
  return site.code ?? 'global';
}

/** Every page and post of every addressed site, read in a few queries. */
async function entriesOf(db: Kysely<DB>): Promise<{ sites: SiteAddress[]; entries: Entry[] }> {
  const sites = addressedSites(await listSiteAddresses(db));
  const changed = new Map(
    (
      await db
        .selectFrom('page_contents')
        .innerJoin('pages', 'pages.id', 'page_contents.page_id')
        .select(['pages.name', 'page_contents.updated_at'])
        .execute()
    ).map((row) => [row.name.toLowerCase(), new Date(row.updated_at).toISOString()]),
  );
  const named = (names: string[], name: string) => names.some((one) => one.toLowerCase() === name.toLowerCase());
  // A page kept from search engines on a site is in no sitemap and no other page's alternates there.
  const shows = (site: SiteAddress, name: string) =>
    named(site.enabledPageNames, name) && !named(site.unlistedPageNames, name);
  const ownChanged = await db
    .selectFrom('country_page_texts')
    .innerJoin('pages', 'pages.id', 'country_page_texts.page_id')
    .select(['pages.name', 'country_page_texts.country_id', 'country_page_texts.updated_at'])
    .execute();
  const entries: Entry[] = SITE_PAGES.map((page) => ({
    path: page.path,
    lastmod: changed.get(page.name.toLowerCase()),
    lastmodOn: new Map(
      ownChanged
        .filter((own) => own.name.toLowerCase() === page.name.toLowerCase())
        .map((own) => [own.country_id, new Date(own.updated_at).toISOString()]),
    ),
    sites: sites.filter((site) => shows(site, page.name)),
  }));
  // Posts: on each site that shows its blog, those published there.
  const blog = sitePageOf('/blog').name;
  const posts = new Map<string, Entry>();
  for (const site of sites.filter((candidate) => shows(candidate, blog))) {
    for (const post of await listPublishedPostAddresses(db, site.id)) {
      const path = `${POST_PATH_PREFIX}${post.slug}`;
      let entry = posts.get(path);
      if (!entry) posts.set(path, (entry = { path, lastmod: new Date(post.updated_at).toISOString(), sites: [] }));
      entry.sites.push(site);
    }
  }
  return { sites, entries: [...entries, ...posts.values()].filter((entry) => entry.sites.length > 0) };
}

/** When a page or post last changed on a site. */
const lastmodOf = (entry: Entry, site: SiteAddress) => entry.lastmodOn?.get(site.id) ?? entry.lastmod;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';
const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** The index of the sites' sitemaps, each with when the newest of its pages and posts changed. */
export async function sitemapIndex(db: Kysely<DB>, publicUrl: string): Promise<string> {
  const { sites, entries } = await entriesOf(db);
  const maps = sites.map((site) => {
    const lastmod = entries
      .filter((entry) => entry.sites.includes(site))
      .map((entry) => lastmodOf(entry, site) ?? '')
      .sort()
      .at(-1);
    return [
      '  <sitemap>',
      `    <loc>${escapeHtml(`${publicUrl}/sitemap-${sitemapName(site)}.xml`)}</loc>`,
      ...(lastmod ? [`    <lastmod>${lastmod}</lastmod>`] : []),
      '  </sitemap>',
    ].join('\n');
  });
  return [XML_HEAD, `<sitemapindex xmlns="${SITEMAP_NAMESPACE}">`, ...maps, '</sitemapindex>', ''].join('\n');
}

/** One site's sitemap (`name`: its code or `global`), or undefined for a name that is no site's. */
export async function siteSitemap(db: Kysely<DB>, publicUrl: string, name: string): Promise<string | undefined> {
  const { sites, entries } = await entriesOf(db);
  const site = sites.find((candidate) => sitemapName(candidate) === name);
  if (!site) return undefined;
  const address = (on: SiteAddress, path: string) => escapeHtml(`${publicUrl}${countryPath(on.code, path)}`);
  const urls = entries
    .filter((entry) => entry.sites.includes(site))
    .map((entry) => {
      const alternates =
        entry.sites.length < 2
          ? []
          : [
              ...entry.sites.map((on) => ({ hreflang: siteLocale(on.code), href: address(on, entry.path) })),
              ...entry.sites
                .filter((on) => on.id === GLOBAL_COUNTRY_ID)
                .map((on) => ({ hreflang: 'x-default', href: address(on, entry.path) })),
            ];
      return [
        '  <url>',
        `    <loc>${address(site, entry.path)}</loc>`,
        ...(lastmodOf(entry, site) ? [`    <lastmod>${lastmodOf(entry, site)}</lastmod>`] : []),
        ...alternates.map(
          ({ hreflang, href }) => `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${href}"/>`,
        ),
        '  </url>',
      ].join('\n');
    });
  return [
    XML_HEAD,
    `<urlset xmlns="${SITEMAP_NAMESPACE}" xmlns:xhtml="http://www.w3.org/1999/xhtml">`,
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
