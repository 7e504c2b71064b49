import type { Kysely } from 'kysely';
import { SITE_PAGES } from '../../../shared/site-pages.js';
import {
  updatePageContentInput,
  type PageFaqInput,
  type PageTextInput,
  type UpdatePageContentInput,
} from '../../../shared/page.schema.js';
import { checkStoredField, type Edit } from '../audit/edit-conflicts.js';
import { listRevisions, revisionOf, textOf } from '../audit/audit.service.js';
import type { DB } from '../db/schema.js';
import { discardDraft, findDraft, saveDraft, type Draft } from '../drafts/drafts.js';
import { inTransaction } from '../db/transaction.js';
import { AppError } from '../errors.js';
import type { PreviewLink, PreviewLinks } from '../post/post-preview.js';
import * as repository from './page-content.repository.js';

/** A page's text as staff edit it. `updated_at` is null while the page still shows its name and no text. */
export interface PageContent {
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
}

/** A page text's draft: its text and FAQ as the update takes them. */
export type PageTextDraft = Omit<PageTextInput, 'page_id'>;

/** The draft word of a page's text: the audit log's (migration 0018). */
const PAGE_TEXT = 'page text';

const pageNotFound = () => new AppError('NOT_FOUND', 'Page not found.', { page_id: 'Page not found' });

export async function getPageContent(db: Kysely<DB>, pageId: number): Promise<PageContent> {
  const [row, faqs, draft] = await Promise.all([
    repository.findPageWithContent(db, pageId),
    repository.faqsOfPage(db, pageId),
    findDraft<PageTextDraft>(db, PAGE_TEXT, pageId),
  ]);
  if (!row) throw pageNotFound();
  return {
    page_id: row.id,
    page_name: row.name,
    heading: row.heading ?? row.name,
    summary: row.summary ?? '',
    body: row.body ?? '',
    faqs,
    updated_at: row.updated_at,
    draft: draft ?? null,
  };
}

/**
 * Replaces the fields given of a page's text and, when given, its FAQ, together or not at all; a field left out keeps
 * what is stored. Pages are shared by every country site, so only administrators may (the router says so); the
 * change shows on every site at once. A staff form's `edit` has the FAQ it started from checked (decision 043).
 */
export async function updatePageContent(
  db: Kysely<DB>,
  input: UpdatePageContentInput,
  edit?: Edit,
): Promise<PageContent> {
  const { faqs, page_id, ...changes } = input;
  await inTransaction(db, async (trx) => {
    // Locked first: a Save merges into what the one before it stored, never into what both read before either wrote.
    if (!(await repository.lockPage(trx, page_id))) throw pageNotFound();
    const stored = await repository.findPageWithContent(trx, page_id);
    if (!stored) throw pageNotFound();
    await repository.upsertPageContent(trx, {
      page_id,
      heading: changes.heading ?? stored.heading ?? stored.name,
      summary: changes.summary ?? stored.summary ?? '',
      body: changes.body ?? stored.body ?? '',
    });
    if (faqs) {
      checkStoredField(edit, 'faqs', await repository.faqsOfPage(trx, page_id), true);
      await repository.replacePageFaqs(trx, page_id, faqs);
    }
    // The form showed the draft: saving it published it.
    await discardDraft(trx, PAGE_TEXT, page_id);
  });
  return getPageContent(db, page_id);
}

/** Keeps a page's text (and FAQ) aside as its draft: the site goes on showing the published text. */
export async function savePageContentDraft(db: Kysely<DB>, input: PageTextInput): Promise<PageContent> {
  const { page_id, ...values } = input;
  await getPageContent(db, page_id);
  await saveDraft(db, PAGE_TEXT, page_id, values);
  return getPageContent(db, page_id);
}

/** Throws a page text's draft away; answers the text as published. */
export async function discardPageContentDraft(db: Kysely<DB>, pageId: number): Promise<PageContent> {
  await discardDraft(db, PAGE_TEXT, pageId);
  return getPageContent(db, pageId);
}

/**
 * A link to the page on the site showing its text's draft (or its text, when it has none) to whoever holds it, without
 * a staff session, until it expires: for a colleague to read before Save.
 */
export async function pageTextPreviewLink(
  db: Kysely<DB>,
  pageId: number,
  previews: PreviewLinks,
): Promise<PreviewLink> {
  const { page_name } = await getPageContent(db, pageId);
  const path = SITE_PAGES.find((page) => page.name === page_name)?.path;
  if (!path) throw new AppError('NOT_FOUND', 'This page has no address on the site.');
  return previews.pageTextLinkFor(pageId, path);
}

/** A page text's draft, as its preview link shows it; null when it has none. */
export async function pageTextDraftOf(db: Kysely<DB>, pageId: number): Promise<PageTextDraft | null> {
  return (await findDraft<PageTextDraft>(db, PAGE_TEXT, pageId))?.values ?? null;
}

/** A page text's revisions (the versions its recorded changes left), newest first. */
export async function listPageContentRevisions(db: Kysely<DB>, pageId: number, first: number) {
  return (await listRevisions(db, PAGE_TEXT, pageId, first)).map(({ snapshot, ...revision }) => ({
    ...revision,
    heading: textOf(snapshot, 'heading'),
  }));
}

/** Brings a page's text (heading, summary, body) back to one of its revisions; its FAQ stays as it is. */
export async function restorePageContentRevision(db: Kysely<DB>, pageId: number, revisionId: number) {
  const snapshot = await revisionOf(db, PAGE_TEXT, pageId, revisionId);
  const { heading, summary, body } = snapshot;
  return updatePageContent(db, updatePageContentInput.parse({ page_id: pageId, heading, summary, body }));
}
