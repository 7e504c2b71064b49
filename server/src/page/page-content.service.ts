import type { Kysely } from 'kysely';
import type { PageFaqInput, UpdatePageContentInput } from '../../../shared/page.schema.js';
import type { DB } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import { AppError } from '../errors.js';
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
}

export async function getPageContent(db: Kysely<DB>, pageId: number): Promise<PageContent> {
  const [row, faqs] = await Promise.all([
    repository.findPageWithContent(db, pageId),
    repository.faqsOfPage(db, pageId),
  ]);
  if (!row) throw new AppError('NOT_FOUND', 'Page not found.', { page_id: 'Page not found' });
  return {
    page_id: row.id,
    page_name: row.name,
    heading: row.heading ?? row.name,
    summary: row.summary ?? '',
    body: row.body ?? '',
    faqs,
    updated_at: row.updated_at,
  };
}

/**
 * Replaces a page's text and, when given, its FAQ, together or not at all. Pages are shared by every country site,
 * so only administrators may (the router says so); the change shows on every site at once.
 */
export async function updatePageContent(db: Kysely<DB>, input: UpdatePageContentInput): Promise<PageContent> {
  const { faqs, ...text } = input;
  await inTransaction(db, async (trx) => {
    const saved = await repository.upsertPageContent(trx, text);
    if (!saved) throw new AppError('NOT_FOUND', 'Page not found.', { page_id: 'Page not found' });
    if (faqs) await repository.replacePageFaqs(trx, input.page_id, faqs);
  });
  return getPageContent(db, input.page_id);
}
