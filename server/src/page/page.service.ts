import type { Kysely } from 'kysely';
import type {
  AddPageToOtherCountryInput,
  DeletePageFromCountryInput,
  PagesOfCountryPagedInput,
} from '../../../shared/page.schema.js';
import type { Actor } from '../auth/staff-identity.js';
import { assertCountryExists } from '../country/country.repository.js';
import { isCountryVisible } from '../country/country.service.js';
import { linkItems, unlinkItem } from '../db/links.js';
import { pageOf } from '../db/pagination.js';
import type { DB } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import { AppError } from '../errors.js';
import * as repository from './page.repository.js';

export function getPages(db: Kysely<DB>) {
  return repository.listPages(db);
}

/**
 * Every page with the countries whose sites show it, for the staff area: a banner on a page shows in all of them,
 * so an EDITOR is offered only pages of their own countries (decision 024).
 */
export async function getPagesWithCountries(db: Kysely<DB>) {
  const [pages, pairs] = await Promise.all([repository.listPages(db), repository.pageCountryPairs(db)]);
  return pages.map((page) => ({
    ...page,
    country_ids: pairs.filter((pair) => pair.page_id === page.id).map((pair) => pair.country_id),
  }));
}

/** The pages a country site shows; none for a disabled (to visitors) or unknown country. */
export async function getPagesOfCountry(db: Kysely<DB>, countryId: number, viewer: Actor | undefined) {
  if (!(await isCountryVisible(db, countryId, viewer))) return [];
  return repository.pagesOfCountry(db, countryId).execute();
}

/** The admin page-assignment table (spec §2): server-side pages, default size 5. */
export async function getPagesOfCountryPaged(db: Kysely<DB>, input: PagesOfCountryPagedInput) {
  await assertCountryExists(db, input.country_id);
  return pageOf(repository.pagesOfCountry(db, input.country_id), input.paginate);
}

/** Pages that show at least one banner (the banner screen's page choice). */
export function getPagesInBanner(db: Kysely<DB>) {
  return repository.pagesWithBanners(db);
}

/** Enables pages for a country; enabling one twice changes nothing. Answers the country's pages afterwards. */
export function addPageToOtherCountry(db: Kysely<DB>, input: AddPageToOtherCountryInput) {
  return inTransaction(db, async (trx) => {
    await assertCountryExists(trx, input.country_id);
    const missing = await repository.missingPageIds(trx, input.page_ids);
    if (missing.length > 0) {
      throw new AppError('NOT_FOUND', `Page not found: ${missing.join(', ')}.`, { page_ids: 'Page not found' });
    }
    await linkItems(trx, repository.COUNTRY_PAGES, input.page_ids, input.country_id);
    return repository.pagesOfCountry(trx, input.country_id).execute();
  });
}

/** Disables a page for one country only (the page stays, and so do other countries' links). */
export function deletePageFromCountry(db: Kysely<DB>, input: DeletePageFromCountryInput) {
  return unlinkItem(db, repository.COUNTRY_PAGES, input.page_id, input.country_id, 'DELETED_PAGE');
}
