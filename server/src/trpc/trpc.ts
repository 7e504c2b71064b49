import { initTRPC, StandardSchemaV1Error, TRPCError } from '@trpc/server';
import type { Actor } from '../auth/staff-identity.js';
import { assertCountryAccess } from '../auth/authenticate.js';
import { ZodError } from 'zod';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
} from '../db/availability.js';
import { asStaff } from '../audit/audit-actor.js';
import { checkingEdit, editOf, type Edit } from '../audit/edit-conflicts.js';
import { AppError, assertValidText, badInput, type AppErrorCode } from '../errors.js';
import { securityEvent } from '../http/security-events.js';
import type { RateBucket } from '../rate-limit/rate-limiter.js';
import type { GoLiveFacts } from '../settings/go-live.js';
import type { PreviewLinks } from '../post/post-preview.js';
import type { SiteSettingsStore } from '../settings/site-settings.service.js';
import type { RequestContext } from '../http/request-context.js';

/** What every procedure may use. Built per request (HTTP) or per server-side render. */
export interface TrpcContext extends RequestContext {
  /** Links and registration numbers the public layout shows, as staff saved them (decision 034). */
  siteSettings: SiteSettingsStore;
  /** The blog's preview links: staff make them, anyone holding one reads the post. */
  previews: PreviewLinks;
  /** What the go-live checklist checks besides the settings: the server's configuration and what it has seen. */
  goLive: Omit<GoLiveFacts, 'settings'>;
  /** How long Activity keeps changes (ACTIVITY_RETENTION_MONTHS). */
  activityRetentionMonths: number;
  actor?: Actor;
  /** A staff form's update with what it started from (decision 043): services check fields kept in rows of their own. */
  edit?: Edit;
}

/**
 * Who may call a procedure, declared once per procedure and enforced by one guard (below):
 * - `public`: anyone; `staff`: any active staff member; `admin`: ADMIN only;
 * - `countryInput`: the input field holding the country id(s) the call changes; an EDITOR must hold them all;
 * - `rateLimit`: the bucket each call counts in (before its input is even read).
 */
export interface ProcedureMeta {
  /** Set by publicProcedure/staffProcedure/adminProcedure; a procedure without it is refused. */
  access?: 'public' | 'staff' | 'admin';
  countryInput?: string;
  rateLimit?: RateBucket;
}

const t = initTRPC
  .context<TrpcContext>()
  .meta<ProcedureMeta>()
  .create({
    // Never ship stack traces; unexpected errors are reduced to a generic message with the request id.
    isDev: false,
    errorFormatter({ shape, error, ctx }) {
      // Input the procedure's schema refused gets the same per-field messages as a service's own refusal.
      const refused = error.cause instanceof ZodError || error.cause instanceof StandardSchemaV1Error;
      const cause = refused ? badInput(error.cause) : error.cause;
      const fields = cause instanceof AppError ? cause.fields : undefined;
      if ((error.code === 'UNAUTHORIZED' || error.code === 'FORBIDDEN') && ctx) {
        securityEvent(ctx.log, error.code === 'UNAUTHORIZED' ? 'unauthenticated' : 'forbidden', {
          ip: ctx.ip,
          api: 'trpc',
          reason: error.message,
        });
      }
      if (error.code !== 'INTERNAL_SERVER_ERROR') {
        const message = refused && cause instanceof AppError ? cause.message : shape.message;
        return { ...shape, message, data: { ...shape.data, stack: undefined, fields } };
      }
      ctx?.log.error({ err: error.cause ?? error }, 'procedure failed');
      return {
        ...shape,
        message: `Something went wrong (request ${ctx?.requestId ?? 'unknown'})`,
        data: { ...shape.data, stack: undefined },
      };
    },
  });

const TRPC_CODES: Record<AppErrorCode, TRPCError['code']> = {
  BAD_USER_INPUT: 'BAD_REQUEST',
  UNAUTHENTICATED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
};

/**
 * Services throw AppError; callers get the matching tRPC code and the service's message. A database out of reach
 * is SERVICE_UNAVAILABLE (503, with `Retry-After`): worth retrying, unlike an internal error.
 */
const mapErrors = t.middleware(async ({ next, ctx }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: TRPC_CODES[cause.code], message: cause.message, cause });
  }
  if (!result.ok && isDatabaseUnavailable(result.error.cause)) {
    ctx.log.warn({ err: result.error.cause }, 'database unreachable: answered 503');
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE });
  }
  return result;
});

function countryIdsIn(input: unknown, field: string): number[] {
  const value = typeof input === 'object' && input !== null ? (input as Record<string, unknown>)[field] : undefined;
  const values = Array.isArray(value) ? value : [value];
  return values.map((v) => Number(v));
}

/** The access guard: reads the procedure's declared access and lets the call through or refuses it. */
const guard = t.middleware(async ({ ctx, meta, next, getRawInput, type }) => {
  if (!meta?.access)
    throw new Error('Every procedure must declare its access (use publicProcedure, staffProcedure or adminProcedure)');
  if (meta.rateLimit) await ctx.rateLimit(meta.rateLimit);
  if (meta.access === 'public') {
    assertValidText(await getRawInput());
    return next();
  }
  const actor = await ctx.authenticate();
  if (meta.access === 'admin' && actor.role !== 'ADMIN') {
    throw new AppError('FORBIDDEN', 'Only administrators may do this.');
  }
  const input = await getRawInput();
  assertValidText(input);
  if (meta.countryInput) assertCountryAccess(actor, countryIdsIn(input, meta.countryInput));
  if (type !== 'mutation') return next({ ctx: { actor } });
  const edit = editOf(input, actor.staffId);
  // A staff change is all or nothing, and the audit log records it as theirs (decision 040); a form's change that
  // replaced someone else's since the form opened is refused (decision 043).
  return asStaff(ctx.db, actor.staffId, (db) => {
    const run = () => next({ ctx: { actor, db, edit: edit ?? undefined } });
    return edit ? checkingEdit(db, edit, run) : run();
  });
});

/**
 * Response headers of a tRPC call: `Retry-After` when a rate limit refused it (429) or the database is out of
 * reach (503), so clients and proxies can back off without reading the body.
 */
export function trpcResponseMeta({ errors }: { errors: readonly TRPCError[] }): { headers?: Headers } {
  const waits = errors.flatMap(({ code, cause }) => {
    if (code === 'SERVICE_UNAVAILABLE') return [DATABASE_RETRY_AFTER_SECONDS];
    return cause instanceof AppError && cause.code === 'TOO_MANY_REQUESTS' ? [cause.retryAfterSeconds ?? 1] : [];
  });
  return waits.length > 0 ? { headers: new Headers({ 'Retry-After': String(Math.max(...waits)) }) } : {};
}

/** Narrows the context type for procedures the guard has authenticated. */
const withActor = t.middleware(({ ctx, next }) => next({ ctx: { actor: ctx.actor! } }));

const guarded = t.procedure.use(mapErrors).use(guard);

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = guarded.meta({ access: 'public' });
export const staffProcedure = guarded.meta({ access: 'staff' }).use(withActor);
export const adminProcedure = guarded.meta({ access: 'admin' }).use(withActor);
