import type { Kysely } from 'kysely';
import { deleteResult } from '../../../shared/delete-result.js';
import type { AddReplyTemplateInput, UpdateReplyTemplateInput } from '../../../shared/reply-template.schema.js';
import { assertCountryAccess } from '../auth/authenticate.js';
import type { Actor } from '../auth/staff-identity.js';
import { assertCountryExists } from '../country/country.repository.js';
import type { DB } from '../db/schema.js';
import { AppError } from '../errors.js';
import * as repository from './reply-template.repository.js';

/**
 * Reply templates (decision 046): a country's saved answers, for its staff only (visitors never see them). An
 * EDITOR reads and changes those of their countries; an ADMIN all.
 */

const notFound = () => new AppError('NOT_FOUND', 'Reply template not found.');

export async function getReplyTemplates(db: Kysely<DB>, countryId: number, actor: Actor) {
  assertCountryAccess(actor, [countryId]);
  return repository.listByCountry(db, countryId);
}

export async function addReplyTemplate(db: Kysely<DB>, input: AddReplyTemplateInput) {
  await assertCountryExists(db, input.country_id);
  return repository.insert(db, input);
}

async function findChangeable(db: Kysely<DB>, id: number, actor: Actor) {
  const existing = await repository.findById(db, id);
  if (!existing) throw notFound();
  assertCountryAccess(actor, [existing.country_id]);
  return existing;
}

export async function updateReplyTemplate(db: Kysely<DB>, input: UpdateReplyTemplateInput, actor: Actor) {
  await findChangeable(db, input.id, actor);
  const { id, ...changes } = input;
  return repository.update(db, id, changes);
}

export async function deleteReplyTemplate(db: Kysely<DB>, id: number, actor: Actor) {
  await findChangeable(db, id, actor);
  if (!(await repository.remove(db, id))) throw notFound();
  return deleteResult('DELETED_REPLY_TEMPLATE');
}
