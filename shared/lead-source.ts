import { z } from 'zod';
import { enumeration } from './enumeration.js';

/**
 * Where a lead came from (decision 047): the campaign tags of the link that brought the visitor (`utm_…`), the site
 * that linked to them, the first page of their visit and the page they sent the form from. The public site keeps
 * these for the visit and sends them with a form as `came_from`; staff see them in the lead and, summed up as a
 * channel, on the dashboard.
 */

/** How a visitor reached the site, as the dashboard sums leads up. */
export const [LEAD_CHANNELS, LEAD_CHANNEL_LABELS] = enumeration({
  PAID: 'Paid ads',
  SOCIAL: 'Social media',
  SEARCH: 'Search engines',
  EMAIL: 'E-mail',
  REFERRAL: 'Other websites',
  CAMPAIGN: 'Other campaigns',
  DIRECT: 'Direct or unknown',
});
export type LeadChannel = (typeof LEAD_CHANNELS)[number];

/**
 * One value of `came_from`. What the visitor's browser sends is theirs to make up, and a lead is never refused for
 * it: a value that is not text of the expected shape is dropped (null), not an error.
 */
const tag = (max: number, shape: RegExp) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .max(max)
    .regex(shape)
    .nullish()
    .transform((value) => value || null)
    .catch(null);
/** The longest campaign tag kept (and searched for). */
export const LEAD_CAMPAIGN_MAX = 100;

// Letters and digits of any script, and the punctuation campaign names use; no markup, no control characters.
const campaignTag = tag(LEAD_CAMPAIGN_MAX, /^[\p{L}\p{N} ._~+%:/@|-]*$/u);
/** A host name, nothing more: never the address the visitor came from, which may say who they are. */
const host = tag(253, /^[a-z0-9.-]*$/);
/** A path of this site without its query (which may hold anything): `/study-abroad/australia`. */
const sitePath = z
  .string()
  .trim()
  .max(300)
  // The characters a path may hold (RFC 3986), any script's letters too: no query, no fragment, no space.
  .regex(/^\/[\p{L}\p{N}._~%!$&'()*+,;=:@/-]*$/u)
  .nullish()
  .transform((value) => value ?? null)
  .catch(null);

export const leadSourceInput = z
  .object({
    utm_source: campaignTag,
    utm_medium: campaignTag,
    utm_campaign: campaignTag,
    referrer: host,
    landing_page: sitePath,
    form_page: sitePath,
  })
  .nullish()
  .transform((value) => value ?? null)
  .catch(null);
export type LeadSourceInput = NonNullable<z.output<typeof leadSourceInput>>;

/** A lead's source as staff read it: what was sent, and the channel it sums up to. */
export interface LeadSource extends Partial<LeadSourceInput> {
  channel: LeadChannel;
}

// Kept short on purpose: the sites most visitors of a consultancy arrive from; the rest count as other websites.
const SEARCH_ENGINES = /(^|\.)(google|bing|duckduckgo|yahoo|baidu|yandex|ecosia|naver)\.[a-z.]+$/;
const SOCIAL_SITES =
  /(^|\.)(facebook|fb|instagram|linkedin|lnkd|t|twitter|x|youtube|youtu|tiktok|whatsapp|wa|reddit|pinterest|threads|snapchat)\.[a-z.]+$/;
const PAID_MEDIUMS = /^(cpc|ppc|cpm|paid|paid[-_ ]?(social|search|ads?)|display|banner|ads?)$/;
const EMAIL_MEDIUMS = /^(e-?mail|newsletter)$/;
const SOCIAL_MEDIUMS = /^(social|social[-_ ]?media|sm|organic[-_ ]?social)$/;

/**
 * The channel of a visit: its campaign tags first (a tagged link says what it is: paid, e-mail, social), then the
 * site that linked to it (a search engine, a social network, any other site), else direct. (The site never sends
 * itself as the referrer: a visitor moving between its pages came from where the visit began.)
 */
export function channelOf(source: LeadSourceInput | null): LeadChannel {
  const medium = source?.utm_medium ?? '';
  const tagged = source?.utm_source ?? '';
  if (PAID_MEDIUMS.test(medium)) return 'PAID';
  if (EMAIL_MEDIUMS.test(medium)) return 'EMAIL';
  if (SOCIAL_MEDIUMS.test(medium) || SOCIAL_SITES.test(`${tagged}.com`)) return 'SOCIAL';
  if (medium === 'organic' || SEARCH_ENGINES.test(`${tagged}.com`)) return 'SEARCH';
  if (tagged || medium || source?.utm_campaign) return 'CAMPAIGN';
  const referrer = source?.referrer ?? '';
  if (!referrer) return 'DIRECT';
  if (SEARCH_ENGINES.test(referrer)) return 'SEARCH';
  if (SOCIAL_SITES.test(referrer)) return 'SOCIAL';
  return 'REFERRAL';
}
