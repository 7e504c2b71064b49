import type { Kysely } from 'kysely';
import type { AddBranchInput, UpdateBranchInput } from '../../../shared/branch.schema.js';
import { deleteResult } from '../../../shared/delete-result.js';
import { assertCountryAccess } from '../auth/authenticate.js';
import type { Actor } from '../auth/staff-identity.js';
import { assertCountryExists, countriesByIds, isUniqueViolation } from '../country/country.repository.js';
import type { DB } from '../db/schema.js';
import { AppError } from '../errors.js';
import { moveBranchClosures } from '../branch-closure/branch-closure.repository.js';
import * as repository from './branch.repository.js';

type BranchRow = NonNullable<Awaited<ReturnType<typeof repository.findBranch>>>;

/** Branches with their country (spec §3 "Branch": country{id, name}), in one more query. */
async function withCountries(db: Kysely<DB>, rows: BranchRow[]) {
  const countries = await countriesByIds(
    db,
    rows.map((row) => row.country_id),
  );
  return rows.map((row) => ({ ...row, country: countries.get(row.country_id)! }));
}

async function withCountry(db: Kysely<DB>, row: BranchRow) {
  const [branch] = await withCountries(db, [row]);
  return branch!;
}

const nameTaken = () =>
  new AppError('CONFLICT', 'This country already has a branch with this name.', {
    name: 'This country already has a branch with this name',
  });

const notFound = () => new AppError('NOT_FOUND', 'Branch not found.');

/** Every branch of the enabled countries (staff: of all countries), for the chat dialog and the admin list. */
export async function getAllBranch(db: Kysely<DB>, viewer: Actor | undefined) {
  return withCountries(db, await repository.listBranches(db, { enabledOnly: viewer === undefined }));
}

/** A country's branches; none for an unknown country, or a disabled one (except to staff). */
export async function getCountryBranch(db: Kysely<DB>, countryId: number, viewer: Actor | undefined) {
  return withCountries(db, await repository.listBranches(db, { countryId, enabledOnly: viewer === undefined }));
}

export async function addBranch(db: Kysely<DB>, input: AddBranchInput) {
  await assertCountryExists(db, input.country_id);
  try {
    return await withCountry(db, await repository.insertBranch(db, input));
  } catch (error) {
    throw isUniqueViolation(error) ? nameTaken() : error;
  }
}

/** An EDITOR must hold the branch's country, and the new one when the branch moves. */
export async function updateBranch(db: Kysely<DB>, input: UpdateBranchInput, actor: Actor | undefined) {
  const existing = await repository.findBranch(db, input.id);
  if (!existing) throw notFound();
  const { id, ...changes } = input;
  if (actor) assertCountryAccess(actor, [existing.country_id, ...(changes.country_id ? [changes.country_id] : [])]);
  if (changes.country_id) await assertCountryExists(db, changes.country_id);
  try {
    // A staff change runs in one transaction (the audit log's actor): a branch's own closures move with it.
    return await update(db, id, changes);
  } catch (error) {
    throw isUniqueViolation(error) ? nameTaken() : error;
  }
}

async function update(db: Kysely<DB>, id: number, changes: Partial<Omit<UpdateBranchInput, 'id'>>) {
  const row = await repository.updateBranch(db, id, changes);
  await moveBranchClosures(db, id, row.country_id);
  return withCountry(db, row);
}

/** Deletes a branch; enquiries sent to it are kept, with no branch. */
export async function deleteBranch(db: Kysely<DB>, { branch_id }: { branch_id: number }, actor: Actor | undefined) {
  const existing = await repository.findBranch(db, branch_id);
  if (!existing) throw notFound();
  if (actor) assertCountryAccess(actor, [existing.country_id]);
  if (!(await repository.deleteBranch(db, branch_id))) throw notFound();
  return deleteResult('DELETED_BRANCH');
}
