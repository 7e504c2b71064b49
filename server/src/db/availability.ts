/**
 * Whether an error means the database cannot be reached right now (down, restarting, out of connections, or the
 * network to it is gone) rather than that a query is wrong. Such requests are answered 503 with `Retry-After`,
 * and the pool reconnects by itself once the database is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
    if (typeof message === 'string' && POOL_MESSAGES.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Seconds a client is asked to wait before trying again while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** What a visitor or API caller reads meanwhile. */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The site is briefly unavailable. Please try again in a few seconds.';

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATE class 08 (connection exception), 57P01–57P03 (the server is shutting down or starting) and 53300 (too
 * many connections).
 */
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;

/** node-postgres' own words for a connection that could not be made, was lost, or went silent. */
const POOL_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|connection error|Query read timeout|Cannot use a pool after calling end/i;
