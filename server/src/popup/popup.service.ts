import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { isEnabledCountry } from '../content/content-refs.js';
import { countryLinks } from '../content/country-links.js';
import * as repository from './popup.repository.js';

const links = countryLinks({
  idName: 'popup_id',
  idsName: 'popup_ids',
  link: repository.POPUP_COUNTRIES,
  imageCategory: 'POPUP',
  notFound: 'Popup not found.',
  deletedCode: 'DELETED_POPUP',
  removedFromCountryCode: 'DELETED_POPUP_FROM_COUNTRY',
  repository,
});

export type Popup = Awaited<ReturnType<typeof links.add>>;

const { withDetails } = links;

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
export const addPopup = links.add;
/** Changes the given fields; an EDITOR must hold every country the popup is shown in. */
export const updatePopup = links.update;

/** Deletes a popup; one still linked to several countries only with `confirm`. Deleting needs every linked country. */
export const deletePopup = links.delete;
/** Shows existing popups in another country too (idempotent); answers the popups as now linked. */
export const addPopupToOtherCountry = links.addToCountry;
/** Takes a popup off one country's site; the popup itself stays. */
export const deletePopupFromCountry = links.removeFromCountry;
