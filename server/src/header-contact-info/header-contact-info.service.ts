import type { Kysely } from 'kysely';
import type {
  AddHeaderContactInfosInput,
  UpdateHeaderContactInfosInput,
} from '../../../shared/header-contact-info.schema.js';
import { assertCountryAccess } from '../auth/authenticate.js';
import type { Actor } from '../auth/staff-identity.js';
import { assertCountryExists } from '../country/country.repository.js';
import type { DB } from '../db/schema.js';
import { AppError } from '../errors.js';
import * as repository from './header-contact-info.repository.js';

export function getHeaderContactInfos(db: Kysely<DB>, countryId: number) {
  return repository.findByCountry(db, countryId).then((row) => row ?? null);
}

/** Each country has one contact strip: adding a second is refused (update it instead). */
export async function addHeaderContactInfos(db: Kysely<DB>, input: AddHeaderContactInfosInput) {
  await assertCountryExists(db, input.country_id);
  const row = await repository.insert(db, input);
  if (!row) {
    throw new AppError('CONFLICT', 'This country already has header contact infos; update them instead.', {
      country_id: 'Already has header contact infos',
    });
  }
  return row;
}

export async function updateHeaderContactInfos(
  db: Kysely<DB>,
  input: UpdateHeaderContactInfosInput,
  actor: Actor | undefined,
) {
  const existing = await repository.findById(db, input.id);
  if (!existing) throw new AppError('NOT_FOUND', 'Header contact infos not found.');
  if (actor) assertCountryAccess(actor, [existing.country_id]);
  const { id, ...changes } = input;
  return repository.update(db, id, changes);
}
