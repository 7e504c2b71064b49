import type { Kysely } from 'kysely';
import type { UpdatePageContentInput } from '../../../shared/page.schema.js';
import type { DB } from '../db/schema.js';
import { AppError } from '../errors.js';
import * as repository from './page-content.repository.js';

/** A page's text as staff edit it. `updated_at` is null while the page still shows its name and no text. */
export interface PageContent {
  page_id: number;
  page_name: string;
  heading: string;
  summary: string;
  body: string;
  updated_at: string | null;
}

export async function getPageContent(db: Kysely<DB>, pageId: number): Promise<PageContent> {
  const row = await repository.findPageWithContent(db, pageId);
  if (!row) throw new AppError('NOT_FOUND', 'Page not found.', { page_id: 'Page not found' });
  return {
    page_id: row.id,
    page_name: row.name,
    heading: row.heading ?? row.name,
    summary: row.summary ?? '',
    body: row.body ?? '',
    updated_at: row.updated_at,
  };
}

/**
 * Replaces a page's text. Pages are shared by every country site, so only administrators may (the router says
 * so); the change shows on every site at once.
 */
export async function updatePageContent(db: Kysely<DB>, input: UpdatePageContentInput): Promise<PageContent> {
  const saved = await repository.upsertPageContent(db, input);
  if (!saved) throw new AppError('NOT_FOUND', 'Page not found.', { page_id: 'Page not found' });
  return getPageContent(db, saved.page_id);
}
