import type { Config } from '../config.js';

/** What visitors type into the public forms (personal data), by names no log line uses for anything else. */
const PERSONAL_FIELDS = ['first_name', 'last_name', 'email_address', 'phone_number', 'contact_number', 'phone_no'];

/**
 * Form fields whose names are common words (an error's `message`): redacted only inside the objects a form's values
 * travel in.
 */
const PERSONAL_FIELDS_IN_INPUT = ['email', 'subject', 'message', 'comment'];
const INPUT_OBJECTS = ['input', 'variables.input', 'body', 'values'];

/** The values bound to a failed SQL statement (the embedded database puts them on its errors). */
const QUERY_VALUES = ['params', 'parameters'];

/** Credentials in any logged object (a session, a token response, a form's captcha solution). */
const SECRET_FIELDS = [
  'password',
  'accessToken',
  'refreshToken',
  'access_token',
  'refresh_token',
  'id_token',
  'token',
  'reCaptcha_token',
];

/** Query parameters that carry one-time codes or tokens (the sign-in callback's `code`, for one). */
const SECRET_QUERY = /([?&](?:code|state|session_state|token|access_token|refresh_token|id_token_hint)=)[^&#]*/gi;

/** A field name at the top of a log line or one or two objects down (`input.email`, `err.input.email`). */
const anywhere = (field: string) => [field, `*.${field}`, `*.*.${field}`];

export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...[...SECRET_FIELDS, ...PERSONAL_FIELDS, ...QUERY_VALUES].flatMap(anywhere),
  ...INPUT_OBJECTS.flatMap((object) =>
    PERSONAL_FIELDS_IN_INPUT.flatMap((field) => [`${object}.${field}`, `*.${object}.${field}`]),
  ),
];

/**
 * The server's logger: JSON lines (pretty in development), with credentials and visitors' personal data replaced by
 * "[Redacted]" wherever they would appear, and one-time codes cut out of logged URLs.
 */
export function loggerOptions(config: Pick<Config, 'logLevel' | 'dev'>) {
  return {
    level: config.logLevel,
    redact: REDACTED_PATHS,
    serializers: {
      req: (request: { method: string; url: string; ip?: string; id?: string }) => ({
        method: request.method,
        url: request.url.replace(SECRET_QUERY, '$1[Redacted]'),
        remoteAddress: request.ip,
      }),
    },
    // Readable logs while developing; JSON lines (for log collectors) otherwise.
    ...(config.dev
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  };
}
