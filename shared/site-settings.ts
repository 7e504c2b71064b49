import { z } from 'zod';

/**
 * The settings staff own (decision 034): business facts the public site shows on every page. The environment's
 * values (NEWSLETTER_FORM_URL, MIGRATION_AGENT_NUMBERS, CODE_OF_CONDUCT_URL, APPOINTMENT_URL) apply until an ADMIN
 * saves them on the Settings screen.
 */
export interface SiteSettings {
  /** The mailing-list provider's sign-up form action (the footer form posts to it); hidden when unset. */
  newsletterFormUrl: string | null;
  /** The footer's copyright line lists these (e.g. "MARN 0000001, MARN 0000002"); omitted when unset. */
  registrationNumbers: string | null;
  /** The Code of Conduct the footer links to. */
  codeOfConductUrl: string;
  /** An online booking page shown on /book-an-appointment next to the form; hidden when unset. */
  appointmentUrl: string | null;
}

function link(label: string, protocols: RegExp, protocolMessage: string) {
  return z
    .string()
    .trim()
    .max(2048, `${label} is too long`)
    .pipe(z.union([z.literal(''), z.url({ protocol: protocols, error: protocolMessage })]));
}

const optionalLink = (label: string, protocols: RegExp, protocolMessage: string) =>
  link(label, protocols, protocolMessage)
    .nullish()
    .transform((value) => value || null);

/** What the Settings screen saves; an empty optional field turns the feature off. */
export const siteSettingsInput = z.object({
  // A sign-up form sends visitors' addresses: only over https (as NEWSLETTER_FORM_URL).
  newsletterFormUrl: optionalLink('Newsletter form URL', /^https$/, 'Newsletter form URL must be an https link'),
  registrationNumbers: z
    .string()
    .trim()
    .max(300, 'Registration numbers must be at most 300 characters')
    .refine((value) => !/[\r\n\t\0]/.test(value), 'Registration numbers must be one line')
    .nullish()
    .transform((value) => value || null),
  codeOfConductUrl: link('Code of Conduct link', /^https?$/, 'Code of Conduct link must be an http(s) link').refine(
    (value) => value !== '',
    'Code of Conduct link is required',
  ),
  appointmentUrl: optionalLink('Booking page URL', /^https?$/, 'Booking page URL must be an http(s) link'),
});
export type SiteSettingsInput = z.input<typeof siteSettingsInput>;

/** The Settings screen's view: what applies now, what the environment says, and who last saved. */
export interface SiteSettingsView {
  current: SiteSettings;
  defaults: SiteSettings;
  /** Null while the environment's values apply (nothing saved, or reset). */
  saved: { at: string; by: string | null } | null;
}

/**
 * One line of the go-live checklist (ADMIN dashboard): whether it holds, and if not, what to set and where.
 * `fix.to` is a staff screen; `fix.env` an environment variable of the server.
 */
export interface GoLiveCheck {
  id:
    | 'newsletter'
    | 'registrationNumbers'
    | 'placeholderContacts'
    | 'altText'
    | 'smtp'
    | 'captcha'
    | 'publicUrl'
    | 'proxy';
  title: string;
  ok: boolean;
  /** What holds or what is missing, in a sentence. */
  detail: string;
  /** Where it is fixed (when not ok). */
  fix?: { to?: string; env?: string; label: string };
  /** Examples of what needs attention (e.g. the placeholder contacts and where they are). */
  items?: { label: string; to: string }[];
}
