/** Where staff land after signing in when `returnTo` is missing or unsafe. */
export const DEFAULT_RETURN_TO = '/admin';

const PROBE_ORIGIN = 'https://return-to.invalid';

/**
 * Keeps `returnTo` only when it is a path on this site. Absolute URLs, protocol-relative `//host`, `/\host`
 * (browsers read `\` as `/`), control characters and anything that resolves to another origin become `/admin`.
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.length > 2048) return DEFAULT_RETURN_TO;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[\\\u0000-\u001f\u007f]/.test(value) || value.startsWith('//')) return DEFAULT_RETURN_TO;
  const url = new URL(value, PROBE_ORIGIN);
  if (url.origin !== PROBE_ORIGIN) return DEFAULT_RETURN_TO;
  return `${url.pathname}${url.search}${url.hash}`;
}
