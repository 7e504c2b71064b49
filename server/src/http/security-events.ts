/**
 * Security events, logged as structured lines a log collector can alert on: `{ security: <event>, ip, … }` with
 * the request id (`reqId`) the request's logger adds. Never pass personal data of visitors or secrets here.
 */
export type SecurityEvent =
  | 'sign_in_succeeded'
  | 'sign_in_failed'
  /** 401: no token, or one that is invalid, expired or revoked. */
  | 'unauthenticated'
  /** 403: a valid caller asked for something their role or countries do not allow. */
  | 'forbidden'
  | 'rate_limited'
  | 'captcha_failed'
  | 'honeypot_filled'
  | 'signed_out';

interface EventLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/** Routine outcomes are `info`; the rest are worth a look and are `warn`. */
const ROUTINE: ReadonlySet<SecurityEvent> = new Set(['sign_in_succeeded', 'signed_out']);

export function securityEvent(
  log: EventLog,
  event: SecurityEvent,
  details: { ip: string | null; [detail: string]: unknown },
): void {
  const line = { security: event, ...details };
  if (ROUTINE.has(event)) log.info(line, `security event: ${event}`);
  else log.warn(line, `security event: ${event}`);
}
