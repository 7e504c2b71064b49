import type { Kysely } from 'kysely';
import {
  closureDaysProblem,
  type AddBranchClosureInput,
  type UpdateBranchClosureInput,
} from '../../../shared/branch.schema.js';
import { deleteResult } from '../../../shared/delete-result.js';
import { assertCountryAccess } from '../auth/authenticate.js';
import type { Actor } from '../auth/staff-identity.js';
import { assertCountryExists } from '../country/country.repository.js';
import { isCountryVisible } from '../country/country.service.js';
import type { DB } from '../db/schema.js';
import { AppError } from '../errors.js';
import * as repository from './branch-closure.repository.js';

/**
 * Closures (decision 052): days a country's branches, or one of them, are closed besides their week. Public, as
 * the branches are; an EDITOR changes those of their countries, an ADMIN all.
 */

const notFound = () => new AppError('NOT_FOUND', 'Closure not found.');

/** A country's closures, those not over yet first; none for an unknown country, or a disabled one (except to staff). */
export async function getBranchClosures(db: Kysely<DB>, countryId: number, viewer: Actor | undefined) {
  if (!(await isCountryVisible(db, countryId, viewer))) return [];
  return repository.listByCountry(db, countryId);
}

/** The branch named must be one of the closure's country (none: every branch of it). */
async function assertBranchOfCountry(db: Kysely<DB>, branchId: number | null, countryId: number) {
  if (branchId === null) return;
  const branch = await db.selectFrom('branches').select('country_id').where('id', '=', branchId).executeTakeFirst();
  if (branch?.country_id !== countryId) {
    throw new AppError('BAD_USER_INPUT', 'Choose a branch of this country.', {
      branch_id: 'Choose a branch of this country',
    });
  }
}

function assertDays(firstDay: string, lastDay: string) {
  const problem = closureDaysProblem(firstDay, lastDay);
  if (problem) throw new AppError('BAD_USER_INPUT', `${problem}.`, { last_day: problem });
}

export async function addBranchClosure(db: Kysely<DB>, input: AddBranchClosureInput) {
  await assertCountryExists(db, input.country_id);
  await assertBranchOfCountry(db, input.branch_id, input.country_id);
  return repository.insert(db, { ...input, last_day: input.last_day ?? input.first_day });
}

/** The closure, which the actor (when staff) may change: an EDITOR holds its country. */
async function findChangeable(db: Kysely<DB>, id: number, actor: Actor | undefined) {
  const existing = await repository.findById(db, id);
  if (!existing) throw notFound();
  if (actor) assertCountryAccess(actor, [existing.country_id]);
  return existing;
}

export async function updateBranchClosure(db: Kysely<DB>, input: UpdateBranchClosureInput, actor: Actor | undefined) {
  const existing = await findChangeable(db, input.id, actor);
  const { id, last_day, ...changes } = input;
  if (changes.branch_id !== undefined) await assertBranchOfCountry(db, changes.branch_id, existing.country_id);
  const firstDay = changes.first_day ?? existing.first_day;
  // No last day: the first day only; left out: as it was.
  const lastDay = last_day === undefined ? existing.last_day : (last_day ?? firstDay);
  assertDays(firstDay, lastDay);
  return repository.update(db, id, { ...changes, last_day: lastDay });
}

export async function deleteBranchClosure(db: Kysely<DB>, { id }: { id: number }, actor: Actor | undefined) {
  await findChangeable(db, id, actor);
  if (!(await repository.remove(db, id))) throw notFound();
  return deleteResult('DELETED_BRANCH_CLOSURE');
}
