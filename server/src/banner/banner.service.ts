import type { Kysely } from 'kysely';
import type { AddBannerInput, UpdateBannerInput } from '../../../shared/banner.schema.js';
import type { DeleteResult } from '../../../shared/delete-result.js';
import type { PaginateInput } from '../../../shared/pagination.schema.js';
import { deleteSharedItem, linkItems, linkItemToOwners, unlinkItem } from '../db/links.js';
import { pageOf, type PageResult } from '../db/pagination.js';
import type { DB } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import { BANNER_NOT_YOURS_MESSAGE } from '../../../shared/access.js';
import { AppError } from '../errors.js';
import { assertCountryAccess } from '../auth/authenticate.js';
import type { Actor } from '../auth/staff-identity.js';
import { groupCountries, type Country } from '../country/country.repository.js';
import { imageOf, requireImage } from '../content/content-refs.js';
import { imagesByIds, type Image } from '../media/image.repository.js';
import * as repository from './banner.repository.js';

/*
 * Banners belong to pages, and a page shows on the site of every country that has it. So a banner belongs to the
 * countries showing its pages: an EDITOR may change it only when all of them are theirs, before and after the
 * change (decision 024). An ADMIN may change every banner.
 */

type BannerRow = Awaited<ReturnType<typeof repository.findByIds>>[number];

export interface Banner extends BannerRow {
  image: Image;
  pages: repository.BannerPageRef[];
  /** The countries whose sites show it (those that have one of its pages). */
  countries: Country[];
  /** A plain delete succeeds only while the banner is on at most one page. */
  isDeletable: boolean;
}

/** Attaches image and pages to banner rows: one query for each, whatever the number of rows. */
async function withDetails(db: Kysely<DB>, rows: BannerRow[]): Promise<Banner[]> {
  const ids = rows.map((row) => row.id);
  const [images, pages, countries] = await Promise.all([
    imagesByIds(
      db,
      rows.map((row) => row.image_id),
    ),
    repository.pagesByBanner(db, ids),
    repository.bannerCountryPairs(db, ids).then((pairs) => groupCountries(db, pairs, ids)),
  ]);
  return rows.map((row) => {
    const bannerPages = pages.get(row.id) ?? [];
    return {
      ...row,
      image: imageOf(images, row.image_id),
      pages: bannerPages,
      countries: countries.get(row.id) ?? [],
      isDeletable: bannerPages.length <= 1,
    };
  });
}

async function page(db: Kysely<DB>, result: PageResult<BannerRow>): Promise<PageResult<Banner>> {
  return { data: await withDetails(db, result.data), pagination: result.pagination };
}

/** The banners in the given order; unknown ids are refused with NOT_FOUND. */
async function bannersByIds(db: Kysely<DB>, ids: readonly number[]): Promise<Banner[]> {
  const unique = [...new Set(ids)];
  const rows = await repository.findByIds(db, unique);
  if (rows.length !== unique.length) throw new AppError('NOT_FOUND', 'Banner not found.');
  const byId = new Map((await withDetails(db, rows)).map((banner) => [banner.id, banner]));
  return unique.map((id) => byId.get(id)!);
}

async function assertPagesExist(db: Kysely<DB>, pageIds: readonly number[], field: string): Promise<void> {
  const missing = await repository.missingPages(db, pageIds);
  if (missing.length > 0)
    throw new AppError('NOT_FOUND', `Page ${missing.join(', ')} not found.`, { [field]: 'Page not found' });
}

/** An EDITOR must hold every country showing the banners now and every country showing `pageIds` (where they go). */
async function assertMayChangeBanners(
  db: Kysely<DB>,
  actor: Actor | undefined,
  bannerIds: readonly number[],
  pageIds: readonly number[] = [],
): Promise<void> {
  if (!actor || actor.role === 'ADMIN') return;
  const now = bannerIds.length > 0 ? await repository.bannerCountryPairs(db, bannerIds) : [];
  const after = await repository.countriesShowingPages(db, pageIds);
  assertCountryAccess(actor, [...now.map((pair) => pair.country_id), ...after], BANNER_NOT_YOURS_MESSAGE);
}

/** Puts one banner on several pages (a link is per page: banners are the linked items, pages the owners). */
async function linkToPages(db: Kysely<DB>, bannerId: number, pageIds: readonly number[]): Promise<void> {
  await linkItemToOwners(db, repository.BANNER_PAGES, bannerId, pageIds);
}

export async function getAllBanners(db: Kysely<DB>, paginate: PaginateInput) {
  return page(db, await pageOf(repository.selectAll(db), paginate));
}

/** The banners shown on one page (public). */
export async function getBanners(db: Kysely<DB>, pageId: number, paginate: PaginateInput) {
  await assertPagesExist(db, [pageId], 'page_id');
  return page(db, await pageOf(repository.selectOfPage(db, pageId), paginate));
}

export async function addBanner(db: Kysely<DB>, input: AddBannerInput, actor: Actor | undefined): Promise<Banner> {
  await requireImage(db, input.image_id, 'BANNER');
  await assertPagesExist(db, input.page_ids, 'page_ids');
  await assertMayChangeBanners(db, actor, [], input.page_ids);
  const { page_ids, ...values } = input;
  const id = await inTransaction(db, async (trx) => {
    const row = await repository.insert(trx, values);
    await linkToPages(trx, row.id, page_ids);
    return row.id;
  });
  return (await bannersByIds(db, [id]))[0]!;
}

/** Changes the given fields; `page_ids` replaces the banner's pages. */
export async function updateBanner(
  db: Kysely<DB>,
  input: UpdateBannerInput,
  actor: Actor | undefined,
): Promise<Banner> {
  const { id, page_ids, ...changes } = input;
  await bannersByIds(db, [id]);
  if (changes.image_id !== undefined) await requireImage(db, changes.image_id, 'BANNER');
  if (page_ids) await assertPagesExist(db, page_ids, 'page_ids');
  await assertMayChangeBanners(db, actor, [id], page_ids ?? []);
  await inTransaction(db, async (trx) => {
    const row = await repository.update(trx, id, changes);
    if (!row) throw new AppError('NOT_FOUND', 'Banner not found.');
    if (page_ids) {
      await repository.unlinkOtherPages(trx, id, page_ids);
      await linkToPages(trx, id, page_ids);
    }
  });
  return (await bannersByIds(db, [id]))[0]!;
}

/** Deletes a banner; one still on several pages only with `confirm` (otherwise LINKED_WITH_OTHER_PAGES). */
export async function deleteBanner(
  db: Kysely<DB>,
  bannerId: number,
  confirm: boolean,
  actor: Actor | undefined,
): Promise<DeleteResult> {
  await assertMayChangeBanners(db, actor, [bannerId]);
  return deleteSharedItem(db, {
    link: repository.BANNER_PAGES,
    itemId: bannerId,
    confirm,
    linkedCode: 'LINKED_WITH_OTHER_PAGES',
    deletedCode: 'DELETED_BANNER',
    remove: (trx) => repository.remove(trx, bannerId),
  });
}

/** Shows existing banners on another page too (linking twice changes nothing); answers the banners as now linked. */
export async function addBannerToOtherPage(
  db: Kysely<DB>,
  bannerIds: number[],
  pageId: number,
  actor: Actor | undefined,
): Promise<Banner[]> {
  await assertPagesExist(db, [pageId], 'page_id');
  await bannersByIds(db, bannerIds);
  await assertMayChangeBanners(db, actor, bannerIds, [pageId]);
  await linkItems(db, repository.BANNER_PAGES, bannerIds, pageId);
  return bannersByIds(db, bannerIds);
}

/** Takes a banner off one page; the banner itself stays. */
export async function deleteBannerFromPage(
  db: Kysely<DB>,
  bannerId: number,
  pageId: number,
  actor: Actor | undefined,
): Promise<DeleteResult> {
  await assertMayChangeBanners(db, actor, [bannerId]);
  return unlinkItem(db, repository.BANNER_PAGES, bannerId, pageId, 'DELETED_BANNER_FROM_PAGE');
}
