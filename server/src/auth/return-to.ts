/** Where staff land after signing in when `returnTo` is missing or unsafe. */
export const DEFAULT_RETURN_TO = '/admin';

const PROBE_ORIGIN = 'https://return-to.invalid';

/** A path a browser would read as another host: `//host` or `/\host` (browsers read `\` as `/`). */
const OTHER_HOST = /^[/\\]{2}/;

/**
 * Keeps `returnTo` only when it is a path on this site, judged *after* normalising it the way a browser will:
 * `/.//evil`, `/a/..//evil` and `/%2e//evil` all become `//evil`, which a browser reads as another host. Absolute
 * URLs, protocol-relative `//host`, `/\host`, control characters and anything that resolves to another origin
 * become `/admin`.
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.length > 2048) return DEFAULT_RETURN_TO;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[\\\u0000-\u001f\u007f]/.test(value) || OTHER_HOST.test(value)) return DEFAULT_RETURN_TO;
  const url = new URL(value, PROBE_ORIGIN);
  if (url.origin !== PROBE_ORIGIN) return DEFAULT_RETURN_TO;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // What goes into Location is read again by the browser: it must itself be a same-site path, unchanged by reading.
  if (OTHER_HOST.test(path) || new URL(path, PROBE_ORIGIN).href !== url.href) return DEFAULT_RETURN_TO;
  return path;
}
