import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Actor } from '../auth/staff-identity.js';
import { viewerOf } from '../country/country.service.js';
import type { DB } from '../db/schema.js';
import { publicOperation, staffOperation, type Operation } from './operation.js';

/*
 * Shorthands for the staff operations most kinds have, each mapped onto a service function that takes the
 * database, the parsed arguments and the caller. What they declare is enforced by the guard in operation.ts.
 */

/**
 * A staff mutation of the spec's `name(input: NameInput!)` form (the add and update of the staff-area kinds), mapped
 * onto its service. `countries`: those an EDITOR must hold, read from the input (an add: where the new item goes);
 * without them the service checks the countries of the item it changes (an update).
 */
export function inputMutation<TInput, TResult>(
  input: z.ZodType<TInput>,
  save: (db: Kysely<DB>, input: TInput, actor: Actor | undefined) => Promise<TResult>,
  countries?: (input: TInput) => number[],
): Operation<{ input: TInput }, TResult> {
  return staffOperation({
    args: z.object({ input }),
    ...(countries && { countries: (args: { input: TInput }) => countries(args.input) }),
    resolve: (args, ctx) => save(ctx.db, args.input, ctx.actor),
  });
}

/** A service function that takes the operation's arguments as they are, and the caller. */
type ServiceCall<TArgs, TResult> = (db: Kysely<DB>, args: TArgs, actor: Actor | undefined) => Promise<TResult>;

/**
 * A staff operation whose arguments go to its service as they are (a delete's id and `confirm`, a library's list
 * arguments). An EDITOR's countries are checked by the service, from the item the call touches.
 */
export function staffCall<TArgs, TResult>(
  args: z.ZodType<TArgs>,
  call: ServiceCall<TArgs, TResult>,
): Operation<TArgs, TResult> {
  return staffOperation({ args, resolve: (parsed, ctx) => call(ctx.db, parsed, ctx.actor) });
}

/**
 * A staff operation on the content of one country's site (its `country_id` argument: a gallery, a team page, a
 * country's form entries), mapped onto its service: an EDITOR must hold that country.
 */
export function countryOperation<TArgs extends { country_id: number }, TResult>(
  args: z.ZodType<TArgs>,
  call: ServiceCall<TArgs, TResult>,
): Operation<TArgs, TResult> {
  return { ...staffCall(args, call), countries: (parsed) => [parsed.country_id] };
}

/**
 * A public read of one country's site content (its `country_id` argument), mapped onto its service: visitors see an
 * enabled country's only, signed-in staff a disabled one's too (the service decides with the viewer).
 */
export function countryRead<TArgs extends { country_id: number }, TResult>(
  args: z.ZodType<TArgs>,
  read: (db: Kysely<DB>, countryId: number, viewer: Actor | undefined) => Promise<TResult>,
): Operation<TArgs, TResult> {
  return publicOperation({
    args,
    resolve: async (parsed, ctx) => read(ctx.db, parsed.country_id, await viewerOf(ctx.authenticate)),
  });
}
