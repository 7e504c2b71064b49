import type { Kysely } from 'kysely';
import type { AddPopupInput, UpdatePopupInput } from '../../../shared/popup.schema.js';
import { assertCountryAccess } from '../auth/authenticate.js';
import type { Actor } from '../auth/staff-identity.js';
import { linkItemToOwners, ownersOf } from '../db/links.js';
import type { DB } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import { AppError } from '../errors.js';
import {
  assertCountriesExist,
  inOrderOf,
  isEnabledCountry,
  requireImage,
  withImageAndCountries,
  type CountryLinkedDetails,
} from '../content/content-refs.js';
import { countryLinks } from '../content/country-links.js';
import * as repository from './popup.repository.js';

const LINK = repository.POPUP_COUNTRIES;

type PopupRow = Awaited<ReturnType<typeof repository.findByIds>>[number];

export type Popup = PopupRow & CountryLinkedDetails;

function withDetails(db: Kysely<DB>, rows: PopupRow[], visitor = false): Promise<Popup[]> {
  return withImageAndCountries(db, LINK, rows, visitor);
}

/** The popups in the given order; unknown ids are refused with NOT_FOUND. */
function popupsByIds(db: Kysely<DB>, ids: readonly number[]): Promise<Popup[]> {
  return inOrderOf(ids, async (unique) => withDetails(db, await repository.findByIds(db, unique)), 'Popup not found.');
}

/** Every popup, newest first, or only those of one country (whether or not it is enabled). */
export async function getAllPopups(db: Kysely<DB>, countryIds: readonly number[] | null = null): Promise<Popup[]> {
  return withDetails(db, await repository.listAll(db, countryIds));
}

/** What a visitor of a country sees: its popups switched to ENABLE; a disabled or unknown country has none. */
export async function getPopups(db: Kysely<DB>, countryId: number): Promise<Popup[]> {
  if (!(await isEnabledCountry(db, countryId))) return [];
  return withDetails(db, await repository.listEnabledOfCountry(db, countryId), true);
}

/** Adds a popup to its countries (an EDITOR must hold them all: checked by the caller's declaration). */
export async function addPopup(db: Kysely<DB>, input: AddPopupInput): Promise<Popup> {
  await requireImage(db, input.image_id, 'POPUP');
  await assertCountriesExist(db, input.country_ids, 'country_ids');
  const { country_ids, ...values } = input;
  const id = await inTransaction(db, async (trx) => {
    const row = await repository.insert(trx, values);
    await linkItemToOwners(trx, LINK, row.id, country_ids);
    return row.id;
  });
  return (await popupsByIds(db, [id]))[0]!;
}

/** Changes the given fields; an EDITOR must hold every country the popup is shown in. */
export async function updatePopup(db: Kysely<DB>, input: UpdatePopupInput, actor: Actor | undefined): Promise<Popup> {
  const { id, ...changes } = input;
  await popupsByIds(db, [id]);
  if (actor) assertCountryAccess(actor, await ownersOf(db, LINK, id));
  if (changes.image_id !== undefined) await requireImage(db, changes.image_id, 'POPUP');
  const row = await repository.update(db, id, changes);
  if (!row) throw new AppError('NOT_FOUND', 'Popup not found.');
  return (await popupsByIds(db, [id]))[0]!;
}

const links = countryLinks({
  link: LINK,
  deletedCode: 'DELETED_POPUP',
  removedFromCountryCode: 'DELETED_POPUP_FROM_COUNTRY',
  itemsByIds: popupsByIds,
  remove: repository.remove,
});

/** Deletes a popup; one still linked to several countries only with `confirm`. Deleting needs every linked country. */
export const deletePopup = links.delete;
/** Shows existing popups in another country too (idempotent); answers the popups as now linked. */
export const addPopupToOtherCountry = links.addToCountry;
/** Takes a popup off one country's site; the popup itself stays. */
export const deletePopupFromCountry = links.removeFromCountry;
