import { z } from 'zod';
import { asStaff, namingStaff } from '../audit/audit-actor.js';
import { assertCountryAccess } from '../auth/authenticate.js';
import type { Actor } from '../auth/staff-identity.js';
import { AppError, assertValidText, badInput } from '../errors.js';
import type { RateBucket } from '../rate-limit/rate-limiter.js';
import { ANY_CHANGE, PUBLIC_READS, type PageCache } from '../site/page-cache.js';
import type { RequestContext } from '../http/request-context.js';

/** What every GraphQL resolver may use. */
export interface GraphqlContext extends RequestContext {
  /** Whether the caller sent no credentials (no bearer token): a visitor, whose public reads may be kept. */
  anonymous: boolean;
  /** Where public reads are kept until content changes (none when the page cache is off). */
  pageCache: PageCache | undefined;
}

export type Access = 'public' | 'staff' | 'admin';

/**
 * One GraphQL query or mutation: who may call it, the zod schema its arguments must pass, the countries an
 * EDITOR must hold (from the parsed arguments), the rate-limit bucket each call counts in, and the resolver. The
 * guard in `resolverFor` is the only place any of this is enforced.
 */
export interface Operation<TArgs = unknown, TResult = unknown> {
  access: Access;
  rateLimit?: RateBucket;
  args: z.ZodType<TArgs>;
  countries?: (args: TArgs) => number[];
  /**
   * It receives files (uploads): it must not hold a transaction while they arrive, so only the transactions it opens
   * itself name the staff member in the audit log (audit-actor.ts).
   */
  receivesFiles?: boolean;
  resolve: (args: TArgs, ctx: GraphqlContext & { actor: Actor | undefined }) => Promise<TResult> | TResult;
}

/** An operation of any argument and result types, as modules list them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each operation is typed where it is defined
export type AnyOperation = Operation<any, unknown>;

/** A domain's part of the schema: SDL, its operations, and resolvers for its types' fields. */
export interface GraphqlModule {
  typeDefs: string;
  Query?: Record<string, AnyOperation>;
  Mutation?: Record<string, AnyOperation>;
  /** Field resolvers of object types (e.g. `Banner.pages`). */
  types?: Record<string, Record<string, (parent: never, args: never, ctx: GraphqlContext) => unknown>>;
}

function define(access: Access) {
  return <TArgs, TResult>(definition: Omit<Operation<TArgs, TResult>, 'access'>): Operation<TArgs, TResult> => ({
    access,
    ...definition,
  });
}

/** Anyone may call it. */
export const publicOperation = define('public');
/** Active staff only (an EDITOR limited by `countries`). */
export const staffOperation = define('staff');
/** ADMIN only. */
export const adminOperation = define('admin');

/** No arguments. */
export const noArgs = z.object({}).strict();

/**
 * The guard: parses arguments, authenticates and authorizes as the operation declares, then resolves. A public query
 * asked without credentials is answered from the page cache's values while nothing has changed since it was read
 * (`keptAs` names it; decision 025), so a burst of the same read costs one database round trip. A write made here
 * drops those reads at once (db/after-writes.ts); other instances drop them when the database's notification arrives.
 */
export function resolverFor(
  op: AnyOperation,
  { keptAs, mutation = false }: { keptAs?: string; mutation?: boolean } = {},
) {
  return async (_root: unknown, rawArgs: unknown, ctx: GraphqlContext) => {
    // Counted per call, so aliases of one mutation in a document count once each.
    if (op.rateLimit) await ctx.rateLimit(op.rateLimit);
    let actor: Actor | undefined;
    if (op.access !== 'public') {
      actor = await ctx.authenticate();
      if (op.access === 'admin' && actor.role !== 'ADMIN') {
        throw new AppError('FORBIDDEN', 'Only administrators may do this.');
      }
    }
    assertValidText(rawArgs);
    const parsed = op.args.safeParse(rawArgs);
    if (!parsed.success) throw badInput(parsed.error);
    if (actor && op.countries) assertCountryAccess(actor, op.countries(parsed.data));
    if (actor && mutation) {
      // A staff change is all or nothing, and the audit log records it as theirs (decision 040).
      if (op.receivesFiles) return op.resolve(parsed.data, { ...ctx, db: namingStaff(ctx.db, actor.staffId), actor });
      return asStaff(ctx.db, actor.staffId, (db) => Promise.resolve(op.resolve(parsed.data, { ...ctx, db, actor })));
    }
    const resolve = () => Promise.resolve(op.resolve(parsed.data, { ...ctx, actor }));
    if (keptAs && op.access === 'public' && ctx.anonymous && ctx.pageCache) {
      return ctx.pageCache.remember(`${PUBLIC_READS}${keptAs} ${JSON.stringify(parsed.data)}`, [ANY_CHANGE], resolve);
    }
    return resolve();
  };
}
