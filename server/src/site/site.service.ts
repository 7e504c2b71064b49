import { sql, type Kysely } from 'kysely';
import { GLOBAL_COUNTRY_ID } from '../../../shared/enums.js';
import { whatsappLink } from '../../../shared/fields.js';
import type { SiteImage } from '../../../shared/site-content.js';
import { BLOB_COLUMNS } from './site-content.repository.js';
import { siteImage } from './site-content.service.js';
import type { SiteSettings } from '../config.js';
import { findCountry, listEnabledCountries, type Country } from '../country/country.repository.js';
import type { DB } from '../db/schema.js';
import { pageNamesOfCountry } from '../page/page.repository.js';

/** A country as the public site shows it, with its site's address code (decision 066; null: at the root). */
export type SiteCountry = Pick<Country, 'id' | 'name' | 'flag_url' | 'code'>;

/** A branch visitors can chat with through its messenger page (spec §2 chat dialog), and on WhatsApp when it has it. */
export interface ChatBranch {
  id: number;
  /** "Sydney, Australia". */
  label: string;
  /** A branch of the site's own country (listed first, under its name). */
  inSiteCountry: boolean;
  messengerUrl: string;
  /** WhatsApp's chat link for the branch's number (https://wa.me/…), or null. */
  whatsappUrl: string | null;
}

export interface SiteSocialLink {
  id: number;
  url: string;
  /** The network's name from the link (e.g. "Facebook"): the icon's accessible name. */
  label: string;
  image: SiteImage;
}

export interface SiteLayout {
  country: SiteCountry;
  headerContactInfo: { email: string; phone_number: string; address: string } | null;
  /** Names of the pages enabled for the country (navigation shows only these). */
  enabledPageNames: string[];
  /** Every branch with a messenger page, whichever the country: the chat dialog's choices. */
  chatBranches: ChatBranch[];
  socialLinks: SiteSocialLink[];
  settings: SiteSettings;
}

/**
 * Everything the public layout needs for one country, in one round of queries: the country's parts load together
 * with the country. A country that is not enabled (a stale choice) gets the Global site, whose parts load then.
 */
export async function getSiteLayout(db: Kysely<DB>, countryId: number, settings: SiteSettings): Promise<SiteLayout> {
  const [requested, requestedParts] = await Promise.all([findCountry(db, countryId), layoutParts(db, countryId)]);
  if (requested?.is_enabled === 'ENABLE') return { country: toSiteCountry(requested), ...requestedParts, settings };
  const [global, globalParts] = await Promise.all([
    findCountry(db, GLOBAL_COUNTRY_ID),
    layoutParts(db, GLOBAL_COUNTRY_ID),
  ]);
  if (!global) throw new Error('The Global country (id 1) is missing: has the database been seeded?');
  return { country: toSiteCountry(global), ...globalParts, settings };
}

async function layoutParts(db: Kysely<DB>, countryId: number): Promise<Omit<SiteLayout, 'country' | 'settings'>> {
  const [headerContactInfo, pages, chatBranches, socialLinks] = await Promise.all([
    db
      .selectFrom('header_contact_infos')
      .select(['email', 'phone_number', 'address'])
      .where('country_id', '=', countryId)
      .executeTakeFirst(),
    pageNamesOfCountry(db, countryId),
    db
      .selectFrom('branches')
      .innerJoin('countries', 'countries.id', 'branches.country_id')
      .select([
        'branches.id',
        'branches.name',
        'branches.country_id',
        'countries.name as country_name',
        'branches.messenger_url',
        'branches.whatsapp_number',
      ])
      .where('branches.messenger_url', 'is not', null)
      .where('countries.is_enabled', '=', 'ENABLE')
      // The site's own country's branches first: a visitor in Kathmandu finds Kathmandu before Sydney.
      .orderBy(sql`case when branches.country_id = ${countryId} then 0 else 1 end`)
      .orderBy('branches.id')
      .execute(),
    db
      .selectFrom('footer_social_media')
      .innerJoin('images', 'images.id', 'footer_social_media.image_id')
      .innerJoin('media_blobs', 'media_blobs.sha256', 'images.blob_sha256')
      .select(['footer_social_media.id', 'footer_social_media.social_media_link', ...BLOB_COLUMNS])
      .where('footer_social_media.country_id', '=', countryId)
      .orderBy('footer_social_media.id')
      .execute(),
  ]);
  return {
    headerContactInfo: headerContactInfo ?? null,
    enabledPageNames: pages,
    chatBranches: chatBranches.map((branch) => ({
      id: branch.id,
      label: `${branch.name}, ${branch.country_name}`,
      inSiteCountry: branch.country_id === countryId,
      messengerUrl: branch.messenger_url!,
      whatsappUrl: branch.whatsapp_number ? whatsappLink(branch.whatsapp_number) : null,
    })),
    socialLinks: socialLinks.map((row) => ({
      id: row.id,
      url: row.social_media_link,
      label: socialNetworkName(row.social_media_link),
      image: siteImage(row, ''),
    })),
  };
}

const toSiteCountry = ({ id, name, flag_url, code }: Country): SiteCountry => ({ id, name, flag_url, code });

/**
 * The country sites "More Sites" offers. Not part of the layout: a consultancy may run many country sites, and
 * every page would carry the whole list; the list loads when a visitor opens "More Sites".
 */
export async function listSiteCountries(db: Kysely<DB>): Promise<SiteCountry[]> {
  return (await listEnabledCountries(db)).map(toSiteCountry);
}

/** A country site's address and the pages it shows: a page's versions on other sites (hreflang) come from these. */
export interface SiteAddress {
  id: number;
  code: string | null;
  enabledPageNames: string[];
  /** Of those, the pages staff keep out of search engines on this site (noindex): in no sitemap, named by no hreflang. */
  unlistedPageNames: string[];
}

/** Every enabled country site's address with the pages it shows, in one query. */
export async function listSiteAddresses(db: Kysely<DB>): Promise<SiteAddress[]> {
  const rows = await db
    .selectFrom('countries')
    .leftJoin('country_pages', 'country_pages.country_id', 'countries.id')
    .leftJoin('pages', 'pages.id', 'country_pages.page_id')
    .leftJoin('page_contents', 'page_contents.page_id', 'pages.id')
    .leftJoin('country_page_texts as own', (join) =>
      join.onRef('own.page_id', '=', 'pages.id').onRef('own.country_id', '=', 'countries.id'),
    )
    .select(['countries.id', 'countries.code', 'pages.name as page_name'])
    // The country's own text decides, else the shared one (decision 067).
    .select(sql<boolean>`coalesce(own.noindex, page_contents.noindex, false)`.as('noindex'))
    .where('countries.is_enabled', '=', 'ENABLE')
    .orderBy('countries.id')
    .orderBy('pages.id')
    .execute();
  const sites = new Map<number, SiteAddress>();
  for (const { id, code, page_name, noindex } of rows) {
    let site = sites.get(id);
    if (!site) sites.set(id, (site = { id, code, enabledPageNames: [], unlistedPageNames: [] }));
    if (page_name) site.enabledPageNames.push(page_name);
    if (page_name && noindex) site.unlistedPageNames.push(page_name);
  }
  return [...sites.values()];
}

/** "https://www.facebook.com/acme" → "Facebook": a readable name for an icon link. */
export function socialNetworkName(link: string): string {
  try {
    const host = new URL(link).hostname.replace(/^(www|m)\./, '');
    const name = host.split('.')[0] ?? host;
    return name.charAt(0).toUpperCase() + name.slice(1);
  } catch {
    return 'Social media';
  }
}
