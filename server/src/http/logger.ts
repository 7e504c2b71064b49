import {
  LogController,
  type FastifyBaseLogger,
  type FastifyServerOptions,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { PREVIEW_PATH } from '../../../shared/post-address.js';
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

/** Query parameters that carry one-time codes or tokens (the sign-in callback's `code`, a page's `preview`). */
const SECRET_QUERY =
  /([?&](?:code|state|session_state|token|access_token|refresh_token|id_token_hint|preview)=)[^&#]*/gi;

/** A post's preview link has its token in its path; a preview's API read has it in its input (`"preview":"…"`). */
const PREVIEW_PATH_TOKEN = new RegExp(`^(${PREVIEW_PATH})[^?#]*`, 'i');
const PREVIEW_INPUT = /((?:%22|")preview(?:%22|")(?:%3A|:)(?:%22|"))[^%"&#]*/gi;

/** A request's URL as logged: whoever reads the log can use no code or token of it. */
export function loggedUrl(url: string): string {
  return url
    .replace(SECRET_QUERY, '$1[Redacted]')
    .replace(PREVIEW_PATH_TOKEN, '$1[Redacted]')
    .replace(PREVIEW_INPUT, '$1[Redacted]');
}

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
 * "[Redacted]" wherever they would appear, and one-time codes and preview tokens cut out of logged URLs.
 */
export function loggerOptions(config: Pick<Config, 'logLevel' | 'dev'>) {
  return {
    level: config.logLevel,
    redact: REDACTED_PATHS,
    serializers: {
      req: (request: { method: string; url: string; ip?: string; id?: string }) => ({
        method: request.method,
        url: loggedUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
    // Readable logs while developing; JSON lines (for log collectors) otherwise.
    ...(config.dev
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  };
}

const DEBUG_LEVELS = new Set(['debug', 'trace']);

/** Requests that get no line of their own (pages sent from the page cache, which sums them up once a minute). */
const unlogged = new WeakSet<FastifyRequest>();

export function leaveOutOfLog(request: FastifyRequest): void {
  unlogged.add(request);
}

/**
 * The loggers of answered requests' lines, one per server logger: without redaction, which their fields never need
 * (the request's method, its path with one-time codes already cut by the serializer, its address, the status) and
 * which would cost more than the rest of a quick request.
 */
const requestLineLoggers = new WeakMap<FastifyBaseLogger, FastifyBaseLogger>();

function requestLineLogger(logger: FastifyBaseLogger): FastifyBaseLogger {
  let found = requestLineLoggers.get(logger);
  if (!found) requestLineLoggers.set(logger, (found = logger.child({}, { redact: [] })));
  return found;
}

/**
 * One line per request, when it is answered (method, address, status, time), instead of Fastify's two (one when it
 * arrives, one when it is answered): half the lines for the same facts. The arrival line stays at debug level.
 */
export class RequestLog extends LogController {
  /** At debug level only (the line a request is answered with is the one kept at info). */
  override incomingRequest(request: FastifyRequest): void {
    // Asked of the server's logger: the request's own is made only when it is used.
    if (DEBUG_LEVELS.has(request.server.log.level)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (unlogged.has(request)) return;
    const line = { reqId: request.id, req: request, res: reply, responseTime: reply.elapsedTime };
    // An error may hold anything: its line keeps the redaction.
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else requestLineLogger(request.server.log).info(line, 'request completed');
  }

  /** Fastify's line for an unknown route, with the URL as every other line has it (no token of it). */
  override routeNotFound(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.info(`Route ${request.raw.method}:${loggedUrl(request.raw.url ?? '')} not found`);
  }
}

/** A logger's methods, which the request's logger offers before it is made (Fastify checks they are there). */
const LOGGER_METHODS = new Set<PropertyKey>(['info', 'error', 'debug', 'fatal', 'warn', 'trace', 'silent', 'child']);

/**
 * Each request's logger (its lines carry the request id), made when the request first logs. A page sent from the
 * page cache logs nothing, and making a logger costs about as much as sending the page: the redaction runs over its
 * fields even when nothing is ever written.
 */
export const lazyChildLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) => {
  let child: FastifyBaseLogger | undefined;
  const made = (): FastifyBaseLogger => (child ??= logger.child(bindings, options));
  return new Proxy({} as FastifyBaseLogger, {
    get(_target, property) {
      if (!child && LOGGER_METHODS.has(property)) {
        return (...args: unknown[]) => {
          const target = made();
          return (Reflect.get(target, property) as (...args: unknown[]) => unknown).apply(target, args);
        };
      }
      const value: unknown = Reflect.get(made(), property);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(made()) : value;
    },
    set(_target, property, value) {
      return Reflect.set(made(), property, value);
    },
  });
};
