import type { Kysely } from 'kysely';
import { countryPath } from '../../../shared/site-address.js';
import { SITE_PAGES } from '../../../shared/site-pages.js';
import {
  updatePageContentInput,
  type CountryPageTextArgs,
  type PageFaqInput,
  type PageTextInput,
  type UpdatePageContentInput,
} from '../../../shared/page.schema.js';
import { checkStoredField, type Edit } from '../audit/edit-conflicts.js';
import { listRevisions, revisionOf, textOf } from '../audit/audit.service.js';
import { assertCountriesExist } from '../content/content-refs.js';
import type { DB } from '../db/schema.js';
import { discardDraft, findDraft, saveDraft, type Draft, type DraftKind } from '../drafts/drafts.js';
import { inTransaction } from '../db/transaction.js';
import { AppError } from '../errors.js';
import type { PreviewLink, PreviewLinks } from '../post/post-preview.js';
import * as repository from './page-content.repository.js';

/**
 * A page's text as staff edit it: the text every site shares, or one country's own (decision 067). `updated_at` is
 * null while the page still shows its name and no text.
 */
export interface PageContent extends repository.SearchFields {
  page_id: number;
  page_name: string;
  heading: string;
  summary: string;
  body: string;
  /** The page's FAQ, in order. */
  faqs: PageFaqInput[];
  updated_at: string | null;
  /** Changes saved aside, not on the site yet (decision 041); null when there are none. */
  draft: Draft<PageTextDraft> | null;
  /** The country whose own text this is; null: the shared text (also for a country that has none of its own). */
  country_id: number | null;
  /** The countries that show their own text of this page instead of the shared one. */
  own_text_country_ids: number[];
}

/** A page text's draft: its text and FAQ as the update takes them. */
export type PageTextDraft = Omit<PageTextInput, 'page_id' | 'country_id'>;

/** The draft and history words of page texts: the audit log's (migrations 0018, 0038). */
const SHARED_TEXT: DraftKind = 'page text';
const COUNTRY_TEXT: DraftKind = 'country page text';

const pageNotFound = () => new AppError('NOT_FOUND', 'Page not found.', { page_id: 'Page not found' });
const noOwnText = () =>
  new AppError('NOT_FOUND', 'This country shows the shared text of this page: write its own first.', {
    country_id: 'This country has no text of its own for this page',
  });

/** Which stored text a call is about: the shared text, or a country's own (which must exist). */
async function ownTextOf(db: Kysely<DB>, pageId: number, countryId: number | undefined) {
  if (countryId === undefined) return { kind: SHARED_TEXT, itemId: pageId };
  const own = await repository.findCountryPageText(db, pageId, countryId);
  if (!own) throw noOwnText();
  return { kind: COUNTRY_TEXT, itemId: own.id };
}

export async function getPageContent(db: Kysely<DB>, pageId: number, countryId?: number): Promise<PageContent> {
  const [shared, faqs, own, owners] = await Promise.all([
    repository.findPageWithContent(db, pageId),
    repository.faqsOfPage(db, pageId),
    countryId === undefined ? undefined : repository.findCountryPageText(db, pageId, countryId),
    repository.countriesWithOwnText(db, pageId),
  ]);
  if (!shared) throw pageNotFound();
  const about = { page_id: shared.id, page_name: shared.name, own_text_country_ids: owners };
  if (own) {
    const draft = await findDraft<PageTextDraft>(db, COUNTRY_TEXT, own.id);
    const { heading, summary, body, search_title, search_description, noindex, updated_at } = own;
    const text = { heading, summary, body, faqs: own.faqs, search_title, search_description, noindex, updated_at };
    return { ...about, ...text, draft: draft ?? null, country_id: own.country_id };
  }
  const draft = await findDraft<PageTextDraft>(db, SHARED_TEXT, pageId);
  return {
    ...about,
    heading: shared.heading ?? shared.name,
    summary: shared.summary ?? '',
    body: shared.body ?? '',
    faqs,
    search_title: shared.search_title,
    search_description: shared.search_description,
    noindex: shared.noindex ?? false,
    updated_at: shared.updated_at,
    draft: draft ?? null,
    country_id: null,
  };
}

/** A field the update gives replaces the stored one; left out (undefined), the stored one stays. */
const given = <Value>(change: Value | undefined, stored: Value): Value => (change === undefined ? stored : change);

/**
 * Replaces the fields given of a page's text and, when given, its FAQ, together or not at all; a field left out keeps
 * what is stored. Without `country_id` it is the text every site shares (administrators only: the router says so);
 * with it, that country's own text, made from the shared text the first time. A staff form's `edit` has the FAQ it
 * started from checked (decision 043).
 */
export async function updatePageContent(
  db: Kysely<DB>,
  input: UpdatePageContentInput,
  edit?: Edit,
): Promise<PageContent> {
  const { faqs, page_id, country_id, ...changes } = input;
  await inTransaction(db, async (trx) => {
    // Locked first: a Save merges into what the one before it stored, never into what both read before either wrote.
    if (!(await repository.lockPage(trx, page_id))) throw pageNotFound();
    const stored = await repository.findPageWithContent(trx, page_id);
    if (!stored) throw pageNotFound();
    const sharedText = {
      heading: stored.heading ?? stored.name,
      summary: stored.summary ?? '',
      body: stored.body ?? '',
      search_title: stored.search_title,
      search_description: stored.search_description,
      noindex: stored.noindex ?? false,
    };
    const merged = (from: typeof sharedText) => ({
      heading: changes.heading ?? from.heading,
      summary: changes.summary ?? from.summary,
      body: changes.body ?? from.body,
      search_title: given(changes.search_title, from.search_title),
      search_description: given(changes.search_description, from.search_description),
      noindex: given(changes.noindex, from.noindex),
    });
    if (country_id === undefined) {
      await repository.upsertPageContent(trx, { page_id, ...merged(sharedText) });
      if (faqs) {
        checkStoredField(edit, 'faqs', await repository.faqsOfPage(trx, page_id), true);
        await repository.replacePageFaqs(trx, page_id, faqs);
      }
      // The form showed the draft: saving it published it.
      await discardDraft(trx, SHARED_TEXT, page_id);
      return;
    }
    await assertCountriesExist(trx, [country_id], 'country_id');
    // A country's text starts as the shared one; its FAQ is a column, so the audit log checks it like the rest.
    const own = await repository.findCountryPageText(trx, page_id, country_id, true);
    const from = own ?? { ...sharedText, faqs: await repository.faqsOfPage(trx, page_id) };
    const { id } = await repository.upsertCountryPageText(trx, {
      page_id,
      country_id,
      ...merged(from),
      faqs: faqs ?? from.faqs,
    });
    await discardDraft(trx, COUNTRY_TEXT, id);
  });
  return getPageContent(db, page_id, country_id);
}

/** Takes a country's own text of a page away (with its draft): its site shows the shared text again. */
export async function removeCountryPageText(db: Kysely<DB>, input: CountryPageTextArgs): Promise<PageContent> {
  await getPageContent(db, input.page_id);
  await repository.deleteCountryPageText(db, input.page_id, input.country_id);
  return getPageContent(db, input.page_id, input.country_id);
}

/** Keeps a page's text (and FAQ) aside as its draft: the site goes on showing the published text. */
export async function savePageContentDraft(db: Kysely<DB>, input: PageTextInput): Promise<PageContent> {
  const { page_id, country_id, ...values } = input;
  await getPageContent(db, page_id);
  const { kind, itemId } = await ownTextOf(db, page_id, country_id);
  await saveDraft(db, kind, itemId, values);
  return getPageContent(db, page_id, country_id);
}

/** Throws a page text's draft away; answers the text as published. */
export async function discardPageContentDraft(
  db: Kysely<DB>,
  pageId: number,
  countryId?: number,
): Promise<PageContent> {
  const { kind, itemId } = await ownTextOf(db, pageId, countryId);
  await discardDraft(db, kind, itemId);
  return getPageContent(db, pageId, countryId);
}

/**
 * A link to the page on the site showing its text's draft (or its text, when it has none) to whoever holds it, without
 * a staff session, until it expires: for a colleague to read before Save. A country's own text is shown at the
 * country's address.
 */
export async function pageTextPreviewLink(
  db: Kysely<DB>,
  pageId: number,
  previews: PreviewLinks,
  countryId?: number,
): Promise<PreviewLink> {
  const { page_name } = await getPageContent(db, pageId);
  const path = SITE_PAGES.find((page) => page.name === page_name)?.path;
  if (!path) throw new AppError('NOT_FOUND', 'This page has no address on the site.');
  if (countryId === undefined) return previews.pageTextLinkFor(pageId, path);
  const { itemId } = await ownTextOf(db, pageId, countryId);
  const code = await repository.countryCodeOf(db, countryId);
  if (!code) {
    throw new AppError(
      'BAD_USER_INPUT',
      'Give this country an address code on the Countries screen to preview its text.',
    );
  }
  return previews.countryPageTextLinkFor(itemId, countryPath(code, path));
}

/** A page text's draft as its preview link shows it (the shared text's, or a country's own by its id); null when none. */
export async function pageTextDraftOf(
  db: Kysely<DB>,
  text: { pageId: number } | { countryTextId: number },
): Promise<PageTextDraft | null> {
  const [kind, itemId] = 'pageId' in text ? [SHARED_TEXT, text.pageId] : [COUNTRY_TEXT, text.countryTextId];
  return (await findDraft<PageTextDraft>(db, kind, itemId))?.values ?? null;
}

/** A page text's revisions (the versions its recorded changes left), newest first. */
export async function listPageContentRevisions(db: Kysely<DB>, pageId: number, first: number, countryId?: number) {
  const { kind, itemId } = await ownTextOf(db, pageId, countryId);
  return (await listRevisions(db, kind, itemId, first)).map(({ snapshot, ...revision }) => ({
    ...revision,
    heading: textOf(snapshot, 'heading'),
  }));
}

/** Brings a page's text (heading, summary, body) back to one of its revisions; its FAQ stays as it is. */
export async function restorePageContentRevision(
  db: Kysely<DB>,
  pageId: number,
  revisionId: number,
  countryId?: number,
) {
  const { kind, itemId } = await ownTextOf(db, pageId, countryId);
  const { heading, summary, body } = await revisionOf(db, kind, itemId, revisionId);
  const input = { page_id: pageId, country_id: countryId, heading, summary, body };
  return updatePageContent(db, updatePageContentInput.parse(input));
}
