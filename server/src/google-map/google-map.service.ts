import type { Kysely } from 'kysely';
import type { AddGoogleMapInput, UpdateGoogleMapInput } from '../../../shared/google-map.schema.js';
import { assertCountryAccess } from '../auth/authenticate.js';
import type { Actor } from '../auth/staff-identity.js';
import { assertCountryExists } from '../country/country.repository.js';
import { isCountryVisible } from '../country/country.service.js';
import type { DB } from '../db/schema.js';
import { AppError } from '../errors.js';
import * as repository from './google-map.repository.js';

/** A country's map; null when it has none, or for a disabled country (except to staff). */
export async function getGoogleMap(db: Kysely<DB>, countryId: number, viewer: Actor | undefined) {
  if (!(await isCountryVisible(db, countryId, viewer))) return null;
  return (await repository.findByCountry(db, countryId)) ?? null;
}

/** Each country has one map: adding a second is refused (update it instead). */
export async function addGoogleMap(db: Kysely<DB>, input: AddGoogleMapInput) {
  await assertCountryExists(db, input.country_id);
  const row = await repository.insert(db, input);
  if (!row) {
    throw new AppError('CONFLICT', 'This country already has a Google map; update it instead.', {
      country_id: 'Already has a Google map',
    });
  }
  return row;
}

export async function updateGoogleMap(db: Kysely<DB>, input: UpdateGoogleMapInput, actor: Actor | undefined) {
  const existing = await repository.findById(db, input.id);
  if (!existing) throw new AppError('NOT_FOUND', 'Google map not found.');
  if (actor) assertCountryAccess(actor, [existing.country_id]);
  const { id, ...changes } = input;
  return repository.update(db, id, changes);
}
