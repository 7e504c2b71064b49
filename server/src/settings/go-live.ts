import type { Kysely } from 'kysely';
import type { GoLiveCheck, SiteSettings } from '../../../shared/site-settings.js';
import type { Config } from '../config.js';
import type { DB } from '../db/schema.js';
import type { ProxyObservation } from '../http/proxy-warning.js';
import { countUnreviewedAltTexts } from '../media/image.repository.js';
import { SEED_BRANCHES, SEED_COUNTRIES } from '../seed/seed-data.js';
import { countOf } from '../../../shared/words.js';

export interface GoLiveFacts {
  config: Pick<Config, 'publicUrl' | 'mail' | 'captcha' | 'trustProxy'>;
  settings: SiteSettings;
  proxy: ProxyObservation;
}

const SETTINGS_SCREEN = '/admin/settings';
/** Resources → Gallery Picture: the library, where each picture's alternative text is shown and changed. */
const PICTURE_LIBRARY = '/admin/gallery/picture';

/**
 * What a live site still lacks (the ADMIN dashboard's go-live checklist, issue 19): each check says what holds, or
 * what to set and where. Read on demand; nothing here is stored.
 */
export async function goLiveChecklist(db: Kysely<DB>, facts: GoLiveFacts): Promise<GoLiveCheck[]> {
  const { config, settings, proxy } = facts;
  const [placeholders, unreviewedAltTexts] = await Promise.all([placeholderContacts(db), countUnreviewedAltTexts(db)]);
  return [
    check(
      'newsletter',
      'Newsletter sign-up',
      settings.newsletterFormUrl
        ? { detail: `The footer form posts to ${host(settings.newsletterFormUrl)}.` }
        : {
            detail: 'No mailing-list provider is set, so the footer has no sign-up form.',
            fix: { to: SETTINGS_SCREEN, env: 'NEWSLETTER_FORM_URL', label: 'Set the newsletter form URL in Settings' },
          },
    ),
    check(
      'registrationNumbers',
      'Agent registration numbers',
      settings.registrationNumbers
        ? { detail: `The footer lists ${settings.registrationNumbers}.` }
        : {
            detail:
              "The footer names no registered migration agent: regulators expect the agents' numbers on the site.",
            fix: {
              to: SETTINGS_SCREEN,
              env: 'MIGRATION_AGENT_NUMBERS',
              label: 'Add the registration numbers in Settings',
            },
          },
    ),
    check(
      'placeholderContacts',
      'Contact details',
      placeholders.length === 0
        ? { detail: 'No placeholder contact details are left.' }
        : {
            detail: `${placeholders.length} contact ${placeholders.length === 1 ? 'entry still shows' : 'entries still show'} the example addresses or numbers a new site starts with.`,
            fix: { label: 'Replace them with real ones' },
            items: placeholders,
          },
    ),
    check(
      'altText',
      'Images have alternative text',
      unreviewedAltTexts === 0
        ? { detail: 'Every image has alternative text that staff wrote or checked.' }
        : {
            detail: `${countOf(unreviewedAltTexts, 'image')} still ${unreviewedAltTexts === 1 ? 'uses its' : 'use their'} file name as alternative text.`,
            fix: { to: PICTURE_LIBRARY, label: 'Review the alternative text in the picture library' },
          },
    ),
    check(
      'smtp',
      'Outgoing mail',
      config.mail.smtpUrl
        ? { detail: `Mail is sent through ${smtpHost(config.mail.smtpUrl)}.` }
        : {
            detail: 'No SMTP server is set: enquiry notifications and replies wait in the Outbox and reach no one.',
            fix: { env: 'SMTP_URL', label: 'Set SMTP_URL on the server to the SMTP server that sends mail' },
          },
    ),
    // Half-set reCAPTCHA keys stop the server at start, so a running site always has a working captcha.
    check('captcha', 'Spam protection', {
      detail:
        config.captcha.kind === 'recaptcha'
          ? 'The public forms use Google reCAPTCHA (both keys are set).'
          : 'The public forms use the built-in proof-of-work captcha. For Google reCAPTCHA set RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY together.',
    }),
    check(
      'publicUrl',
      'Secure address',
      config.publicUrl.startsWith('https://')
        ? { detail: `The site's address is ${config.publicUrl}.` }
        : {
            detail: `The site's address is ${config.publicUrl}: visitors and staff sign-in need https.`,
            fix: { env: 'PUBLIC_URL', label: "Set PUBLIC_URL on the server to the site's https address" },
          },
    ),
    check(
      'proxy',
      'Visitor addresses',
      proxy.untrusted
        ? {
            detail:
              `Requests arrive through a proxy at ${proxy.untrusted.peer} (${proxy.untrusted.header}) that is not ` +
              'trusted: every visitor gets the Global site and shares one rate limit.',
            fix: { env: 'TRUST_PROXY', label: `Set TRUST_PROXY on the server to ${proxy.untrusted.peer}` },
          }
        : {
            detail:
              config.trustProxy.length > 0
                ? `Visitor addresses are read from the trusted proxy (${config.trustProxy.join(', ')}).`
                : 'No untrusted proxy has been seen in front of this server.',
          },
    ),
  ];
}

/** One check: it passes exactly when there is nothing to fix. */
function check(
  id: GoLiveCheck['id'],
  title: string,
  outcome: Pick<GoLiveCheck, 'detail' | 'fix' | 'items'>,
): GoLiveCheck {
  return { id, title, ok: outcome.fix === undefined, ...outcome };
}

/** Domains reserved for examples (RFC 2606 / 6761): never a real mailbox. */
const RESERVED_DOMAIN = /(^|\.)(example\.(com|net|org)|example|test|invalid|localhost)$/i;

/** The numbers a new site starts with (server/src/seed/seed-data.ts), compared by their digits. */
const SEEDED_NUMBERS = new Set(
  [...SEED_COUNTRIES.map((country) => country.headerContactInfo), ...SEED_BRANCHES].map((entry) =>
    digits(entry.phone_number),
  ),
);

function digits(phone: string): string {
  return phone.replace(/\D/g, '');
}

function isPlaceholderEmail(email: string): boolean {
  return RESERVED_DOMAIN.test(email.split('@').pop() ?? '');
}

function isPlaceholderPhone(phone: string): boolean {
  return SEEDED_NUMBERS.has(digits(phone));
}

function isPlaceholderLink(url: string | null): boolean {
  if (!url) return false;
  try {
    const { hostname, pathname } = new URL(url);
    return RESERVED_DOMAIN.test(hostname) || RESERVED_DOMAIN.test(pathname.replace(/\/+$/, ''));
  } catch {
    return false;
  }
}

/** The header contact strips and branches that still show example addresses, numbers or messenger pages. */
async function placeholderContacts(db: Kysely<DB>): Promise<{ label: string; to: string }[]> {
  const [strips, branches] = await Promise.all([
    db
      .selectFrom('header_contact_infos')
      .innerJoin('countries', 'countries.id', 'header_contact_infos.country_id')
      .select(['countries.name as country', 'header_contact_infos.email', 'header_contact_infos.phone_number'])
      .orderBy('countries.name')
      .execute(),
    db
      .selectFrom('branches')
      .innerJoin('countries', 'countries.id', 'branches.country_id')
      .select([
        'countries.name as country',
        'branches.name',
        'branches.email',
        'branches.phone_number',
        'branches.messenger_url',
      ])
      .orderBy('countries.name')
      .orderBy('branches.name')
      .execute(),
  ]);
  const found: { label: string; to: string }[] = [];
  for (const strip of strips) {
    const what = placeholderParts(strip.email, strip.phone_number, null);
    if (what)
      found.push({ label: `Header contact info of ${strip.country}: ${what}`, to: '/admin/headerContactInfos' });
  }
  for (const branch of branches) {
    const what = placeholderParts(branch.email, branch.phone_number, branch.messenger_url);
    if (what) found.push({ label: `Branch ${branch.name} (${branch.country}): ${what}`, to: '/admin/branch' });
  }
  return found;
}

function placeholderParts(email: string, phone: string, messengerUrl: string | null): string | undefined {
  const parts = [
    isPlaceholderEmail(email) ? email : undefined,
    isPlaceholderPhone(phone) ? phone : undefined,
    isPlaceholderLink(messengerUrl) ? `messenger ${messengerUrl}` : undefined,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : undefined;
}

function host(url: string): string {
  return new URL(url).host;
}

/** The SMTP server's host, never its user or password. */
function smtpHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'the configured SMTP server';
  }
}
