import type { Kysely } from 'kysely';
import type {
  AddBannerInput,
  AddBannerToOtherPageArgs,
  DeleteBannerArgs,
  DeleteBannerFromPageArgs,
  UpdateBannerInput,
} from '../../../shared/banner.schema.js';
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
import { assertCountriesExist, imageOf, requireImage } from '../content/content-refs.js';
import { imagesByIds, type Image } from '../media/image.repository.js';
import { discardDraft, draftedItems, findDraft, saveDraft } from '../drafts/drafts.js';
import * as repository from './banner.repository.js';
import { SITE_PAGES } from '../../../shared/site-pages.js';
import type { PreviewLinks } from '../post/post-preview.js';

/*
 * Banners belong to pages, and a page shows on the site of every country that has it. So a banner belongs to the
 * countries showing its pages: an EDITOR may change it only when all of them are theirs, before and after the
 * change (decision 024). An ADMIN may change every banner. A banner kept to some countries (`only_country_ids`,
 * decision 037) shows, and so belongs, only to those of them that have its pages: Nepal's editor can give Nepal's
 * home page its own hero.
 */

type BannerRow = Awaited<ReturnType<typeof repository.findByIds>>[number];

export interface Banner extends BannerRow {
  image: Image;
  pages: repository.BannerPageRef[];
  /** The countries whose sites show it (those that have one of its pages, among `only_country_ids` if any). */
  countries: Country[];
  /** The countries it is kept to; empty: every country that has one of its pages. */
  only_country_ids: number[];
  /** A plain delete succeeds only while the banner is on at most one page. */
  isDeletable: boolean;
}

/** Attaches image and pages to banner rows: one query for each, whatever the number of rows. */
async function withDetails(db: Kysely<DB>, rows: BannerRow[]): Promise<Banner[]> {
  // No banners (a new site, a page beyond the last): nothing to ask for (`in ()` is not SQL).
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [images, pages, countries, onlyCountries] = await Promise.all([
    imagesByIds(
      db,
      rows.map((row) => row.image_id),
    ),
    repository.pagesByBanner(db, ids),
    repository.bannerCountryPairs(db, ids).then((pairs) => groupCountries(db, pairs, ids)),
    repository.onlyCountryIdsOf(db, ids),
  ]);
  return rows.map((row) => {
    const bannerPages = pages.get(row.id) ?? [];
    return {
      ...row,
      image: imageOf(images, row.image_id),
      pages: bannerPages,
      countries: countries.get(row.id) ?? [],
      only_country_ids: onlyCountries.filter((pair) => pair.item_id === row.id).map((pair) => pair.country_id),
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

/**
 * An EDITOR must hold every country showing the banners now and every country that will show them: those of
 * `pageIds` (where they go), among `onlyCountryIds` when the banner is kept to some, and those themselves.
 */
async function assertMayChangeBanners(
  db: Kysely<DB>,
  actor: Actor | undefined,
  bannerIds: readonly number[],
  pageIds: readonly number[] = [],
  onlyCountryIds: readonly number[] = [],
): Promise<void> {
  if (!actor || actor.role === 'ADMIN') return;
  const now = bannerIds.length > 0 ? await repository.bannerCountryPairs(db, bannerIds) : [];
  const after = await repository.countriesShowingPages(db, pageIds, onlyCountryIds);
  assertCountryAccess(
    actor,
    [...now.map((pair) => pair.country_id), ...after, ...onlyCountryIds],
    BANNER_NOT_YOURS_MESSAGE,
  );
}

/** The countries the banner will be kept to after a change: the new list, or (when not given) the current one. */
async function onlyCountriesAfter(db: Kysely<DB>, bannerId: number | null, given: number[] | undefined) {
  if (given) return given;
  if (bannerId === null) return [];
  return (await repository.onlyCountryIdsOf(db, [bannerId])).map((pair) => pair.country_id);
}

/** Puts one banner on several pages (a link is per page: banners are the linked items, pages the owners). */
async function linkToPages(db: Kysely<DB>, bannerId: number, pageIds: readonly number[]): Promise<void> {
  await linkItemToOwners(db, repository.BANNER_PAGES, bannerId, pageIds);
}

/** Every banner (staff), each marked when it has a draft. */
export async function getAllBanners(db: Kysely<DB>, paginate: PaginateInput) {
  const banners = await page(db, await pageOf(repository.selectAll(db), paginate));
  const drafted = await draftedItems(
    db,
    'banner',
    banners.data.map((banner) => banner.id),
  );
  return { ...banners, data: banners.data.map((banner) => ({ ...banner, has_draft: drafted.has(banner.id) })) };
}

/** The banners shown on one page (public). */
export async function getBanners(db: Kysely<DB>, pageId: number, paginate: PaginateInput) {
  await assertPagesExist(db, [pageId], 'page_id');
  return page(db, await pageOf(repository.selectOfPage(db, pageId), paginate));
}

export async function addBanner(db: Kysely<DB>, input: AddBannerInput, actor: Actor | undefined): Promise<Banner> {
  await requireImage(db, input.image_id, 'BANNER');
  await assertPagesExist(db, input.page_ids, 'page_ids');
  const { page_ids, only_country_ids = [], ...values } = input;
  await assertCountriesExist(db, only_country_ids, 'only_country_ids');
  await assertMayChangeBanners(db, actor, [], page_ids, only_country_ids);
  const id = await inTransaction(db, async (trx) => {
    const row = await repository.insert(trx, values);
    await linkToPages(trx, row.id, page_ids);
    await linkItemToOwners(trx, repository.BANNER_COUNTRIES, row.id, only_country_ids);
    return row.id;
  });
  return (await bannersByIds(db, [id]))[0]!;
}

/** Checks a change of a banner as an update (and a draft) takes it; answers the banner as it is now. */
async function checkedChange(db: Kysely<DB>, input: UpdateBannerInput, actor: Actor | undefined): Promise<Banner> {
  const { id, page_ids, only_country_ids, image_id } = input;
  const [banner] = await bannersByIds(db, [id]);
  if (image_id !== undefined) await requireImage(db, image_id, 'BANNER');
  if (page_ids) await assertPagesExist(db, page_ids, 'page_ids');
  if (only_country_ids) await assertCountriesExist(db, only_country_ids, 'only_country_ids');
  // Where it will show: its new or current pages, among its new or current countries.
  const pagesAfter = page_ids ?? banner!.pages.map((page) => page.id);
  await assertMayChangeBanners(db, actor, [id], pagesAfter, await onlyCountriesAfter(db, id, only_country_ids));
  return banner!;
}

/**
 * Changes the given fields of a banner; `page_ids` and `only_country_ids` replace the banner's. Its draft, if it had
 * one, is gone (the edit form showed it: saving published it).
 */
export async function updateBanner(
  db: Kysely<DB>,
  input: UpdateBannerInput,
  actor: Actor | undefined,
): Promise<Banner> {
  const { id, page_ids, only_country_ids, ...changes } = input;
  await checkedChange(db, input, actor);
  await inTransaction(db, async (trx) => {
    await discardDraft(trx, 'banner', id);
    // The row always changes (updated_at), so its pages' caches are told even when only the countries change.
    const row = await repository.update(trx, id, changes);
    if (!row) throw new AppError('NOT_FOUND', 'Banner not found.');
    if (page_ids) {
      await repository.unlinkOtherPages(trx, id, page_ids);
      await linkToPages(trx, id, page_ids);
    }
    if (only_country_ids) {
      await repository.unlinkOtherCountries(trx, id, only_country_ids);
      await linkItemToOwners(trx, repository.BANNER_COUNTRIES, id, only_country_ids);
    }
  });
  return (await bannersByIds(db, [id]))[0]!;
}

/** A draft's change: the update's fields less the banner's id. */
type BannerDraftValues = Omit<UpdateBannerInput, 'id'>;

/** The banner as its draft would make it, for the edit form: its picture, pages and countries as the draft has them. */
async function drafted(db: Kysely<DB>, banner: Banner, values: BannerDraftValues): Promise<Banner> {
  const { page_ids, only_country_ids, ...own } = values;
  const [images, pages] = await Promise.all([
    imagesByIds(db, [own.image_id ?? banner.image_id]),
    page_ids ? repository.pagesByIds(db, page_ids) : banner.pages,
  ]);
  return {
    ...banner,
    ...own,
    image: imageOf(images, own.image_id ?? banner.image_id),
    pages,
    only_country_ids: only_country_ids ?? banner.only_country_ids,
  };
}

/** A banner's unpublished change (decision 041), checked as an update is; visitors see the banner as it is. */
export async function saveBannerDraft(db: Kysely<DB>, input: UpdateBannerInput, actor: Actor) {
  const { id, ...values } = input;
  await checkedChange(db, input, actor);
  await saveDraft(db, 'banner', id, values);
  return bannerDraftOf(db, actor, id);
}

/** A banner's draft with the banner as it would make it; null when it has none. */
export async function bannerDraftOf(db: Kysely<DB>, actor: Actor, id: number) {
  await assertMayChangeBanners(db, actor, [id]);
  const [banner] = await bannersByIds(db, [id]);
  const draft = await findDraft<BannerDraftValues>(db, 'banner', id);
  if (!draft) return null;
  return { saved_at: draft.saved_at, saved_by: draft.saved_by, banner: await drafted(db, banner!, draft.values) };
}

/**
 * A link to the banner on the site, as its draft (if any) makes it, for whoever holds it until it expires: on `pageId`,
 * one of its pages (the draft's, when it moves the banner), or else the first of them in the site's order. Answers the
 * pages it could be shown on too, so staff can choose another.
 */
export async function bannerPreviewLink(
  db: Kysely<DB>,
  actor: Actor,
  { id, page_id: pageId }: { id: number; page_id?: number | undefined },
  previews: PreviewLinks,
) {
  const draft = await bannerDraftOf(db, actor, id); // which checks the staff member may change the banner
  const banner = draft?.banner ?? (await bannersByIds(db, [id]))[0]!;
  const pages = SITE_PAGES.flatMap((sitePage) => {
    const own = banner.pages.find((page) => page.name === sitePage.name);
    return own ? [{ id: own.id, name: own.name, path: sitePage.path }] : [];
  });
  if (pages.length === 0) throw new AppError('NOT_FOUND', 'This banner is on no page of the site yet.');
  const page = pageId === undefined ? pages[0]! : pages.find((own) => own.id === pageId);
  if (!page) {
    throw new AppError('BAD_USER_INPUT', 'This banner is not on that page.', { page_id: 'Choose one of its pages' });
  }
  return {
    ...previews.bannerLinkFor(id, page.path),
    page_id: page.id,
    pages: pages.map(({ id: pageId, name }) => ({ id: pageId, name })),
  };
}

/** Throws a banner's draft away; the banner stays as it is. */
export async function discardBannerDraft(db: Kysely<DB>, actor: Actor, id: number) {
  await assertMayChangeBanners(db, actor, [id]);
  return { discarded: await discardDraft(db, 'banner', id) };
}

/** Deletes a banner; one still on several pages only with `confirm` (otherwise LINKED_WITH_OTHER_PAGES). */
export async function deleteBanner(
  db: Kysely<DB>,
  args: DeleteBannerArgs,
  actor: Actor | undefined,
): Promise<DeleteResult> {
  await assertMayChangeBanners(db, actor, [args.banner_id]);
  return deleteSharedItem(db, {
    link: repository.BANNER_PAGES,
    itemId: args.banner_id,
    confirm: args.confirm,
    linkedCode: 'LINKED_WITH_OTHER_PAGES',
    deletedCode: 'DELETED_BANNER',
    remove: (trx) => repository.remove(trx, args.banner_id),
  });
}

/** Shows existing banners on another page too (linking twice changes nothing); answers the banners as now linked. */
export async function addBannerToOtherPage(
  db: Kysely<DB>,
  { banner_ids: bannerIds, page_id: pageId }: AddBannerToOtherPageArgs,
  actor: Actor | undefined,
): Promise<Banner[]> {
  await assertPagesExist(db, [pageId], 'page_id');
  const banners = await bannersByIds(db, bannerIds);
  await assertMayChangeBanners(db, actor, bannerIds);
  // On the new page, each banner shows in the countries it is kept to (or all) that have the page.
  for (const banner of banners) {
    await assertMayChangeBanners(db, actor, [], [pageId], banner.only_country_ids);
  }
  await linkItems(db, repository.BANNER_PAGES, bannerIds, pageId);
  return bannersByIds(db, bannerIds);
}

/** Takes a banner off one page; the banner itself stays. */
export async function deleteBannerFromPage(
  db: Kysely<DB>,
  args: DeleteBannerFromPageArgs,
  actor: Actor | undefined,
): Promise<DeleteResult> {
  await assertMayChangeBanners(db, actor, [args.banner_id]);
  return unlinkItem(db, repository.BANNER_PAGES, args.banner_id, args.page_id, 'DELETED_BANNER_FROM_PAGE');
}
