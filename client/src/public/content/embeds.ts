/**
 * Turning stored links into what a page shows: privacy-friendly video embeds, embeddable maps, and tel:, mailto:
 * and WhatsApp links. Pure functions, so the server's HTML and the browser's render agree.
 */

export interface VideoEmbedSource {
  provider: 'youtube' | 'vimeo';
  /** The iframe's src: youtube-nocookie.com or player.vimeo.com. */
  src: string;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);

function parseUrl(value: string): URL | null {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

function youtubeId(url: URL): string | null {
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  let id: string | null | undefined = null;
  if (host === 'youtu.be') id = segments[0];
  else if (YOUTUBE_HOSTS.has(host)) {
    if (segments[0] === 'watch') id = url.searchParams.get('v');
    else if (['embed', 'shorts', 'live', 'v'].includes(segments[0] ?? '')) id = segments[1];
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

function vimeoSource(url: URL): string | null {
  if (!VIMEO_HOSTS.has(url.hostname.toLowerCase())) return null;
  const segments = url.pathname.split('/').filter(Boolean);
  const index = segments.findIndex((segment) => /^\d{4,12}$/.test(segment));
  if (index < 0) return null;
  const id = segments[index]!;
  // Unlisted videos carry a hash, either as the next path segment or as ?h=.
  const hash = url.searchParams.get('h') ?? segments[index + 1];
  const player = new URL(`https://player.vimeo.com/video/${id}`);
  player.searchParams.set('dnt', '1');
  if (hash && /^[0-9a-f]{6,20}$/i.test(hash)) player.searchParams.set('h', hash);
  return player.href;
}

/** The embed of a YouTube or Vimeo link (watch, share or embed URL); null for anything else. */
export function videoEmbedOf(value: string): VideoEmbedSource | null {
  const url = parseUrl(value);
  if (!url) return null;
  const id = youtubeId(url);
  if (id) return { provider: 'youtube', src: `https://www.youtube-nocookie.com/embed/${id}` };
  const vimeo = vimeoSource(url);
  return vimeo ? { provider: 'vimeo', src: vimeo } : null;
}

/** A still of a YouTube video (for staff choosing one); null for other links, Vimeo included (no still URL). */
export function videoThumbnailOf(value: string): string | null {
  const url = parseUrl(value);
  const id = url && youtubeId(url);
  return id ? `https://i.ytimg.com/vi/${id}/hqdefault.jpg` : null;
}

/**
 * The link itself when Google Maps allows it in an iframe (an `/maps/embed` URL, or a `/maps` URL with
 * `output=embed`); null otherwise (then the page shows a plain link).
 */
export function googleMapEmbedOf(value: string | null): string | null {
  const url = value ? parseUrl(value) : null;
  if (!url || url.protocol !== 'https:') return null;
  const host = url.hostname.toLowerCase();
  if (host !== 'www.google.com' && host !== 'maps.google.com' && host !== 'google.com') return null;
  if (url.pathname.startsWith('/maps/embed')) return url.href;
  if (url.pathname.startsWith('/maps') && url.searchParams.get('output') === 'embed') return url.href;
  return null;
}

/** A safe http(s) link to show as "Open in Google Maps"; null for anything else. */
export function externalLinkOf(value: string | null): string | null {
  const url = value ? parseUrl(value) : null;
  return url ? url.href : null;
}

/** `tel:` with only the digits and a leading + (what dialers accept); null when there are too few digits. */
export function telHref(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 3) return null;
  return `tel:${phone.trim().startsWith('+') ? '+' : ''}${digits}`;
}

/** A WhatsApp chat link (https://wa.me/<digits>, international format without +); null for too few digits. */
export function whatsappHref(number: string): string | null {
  const digits = number.replace(/\D/g, '');
  return digits.length >= 6 ? `https://wa.me/${digits}` : null;
}

export function mailtoHref(email: string): string {
  return `mailto:${email.trim()}`;
}

/** A map search for an address (Google Maps' documented search URL: it opens the place, in the app on a phone). */
export function mapSearchHref(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address.trim())}`;
}

/** Where a staff-entered button or link may point: a path of this site, or an http(s), mailto: or tel: URL. */
export type SafeLink = { kind: 'internal'; to: string } | { kind: 'external'; href: string };

export function safeLinkOf(value: string | null): SafeLink | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  // "/path" but not "//host" (a protocol-relative link to another site).
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) return { kind: 'internal', to: trimmed };
  try {
    const url = new URL(trimmed);
    return ['http:', 'https:', 'mailto:', 'tel:'].includes(url.protocol) ? { kind: 'external', href: url.href } : null;
  } catch {
    return null;
  }
}
