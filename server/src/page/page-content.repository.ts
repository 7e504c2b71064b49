import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

const COLUMNS = ['page_id', 'heading', 'summary', 'body', 'created_at', 'updated_at'] as const;

/** A page with its text; the text columns are null while the page has none. */
export function findPageWithContent(db: Kysely<DB>, pageId: number) {
  return db
    .selectFrom('pages')
    .leftJoin('page_contents', 'page_contents.page_id', 'pages.id')
    .select([
      'pages.id',
      'pages.name',
      'page_contents.heading',
      'page_contents.summary',
      'page_contents.body',
      'page_contents.updated_at',
    ])
    .where('pages.id', '=', pageId)
    .executeTakeFirst();
}

/** Locks a page's row for the transaction, so Saves of its text take turns; answers undefined for an unknown page. */
export function lockPage(db: Kysely<DB>, pageId: number) {
  return db.selectFrom('pages').select('id').where('id', '=', pageId).forUpdate().executeTakeFirst();
}

/**
 * Writes a page's text, creating the row the first time. Inserts from the page row itself, so an unknown (or just
 * deleted) page writes nothing and answers undefined instead of breaking the foreign key.
 */
export function upsertPageContent(
  db: Kysely<DB>,
  values: { page_id: number; heading: string; summary: string; body: string },
) {
  return db
    .insertInto('page_contents')
    .columns(['page_id', 'heading', 'summary', 'body'])
    .expression(
      db
        .selectFrom('pages')
        .select([
          'pages.id',
          sql<string>`${values.heading}::text`.as('heading'),
          sql<string>`${values.summary}::text`.as('summary'),
          sql<string>`${values.body}::text`.as('body'),
        ])
        .where('pages.id', '=', values.page_id),
    )
    .onConflict((oc) =>
      oc.column('page_id').doUpdateSet({
        heading: (eb) => eb.ref('excluded.heading'),
        summary: (eb) => eb.ref('excluded.summary'),
        body: (eb) => eb.ref('excluded.body'),
        updated_at: sql`now()`,
      }),
    )
    .returning(COLUMNS)
    .executeTakeFirst();
}

/** A page's FAQ in order. */
export function faqsOfPage(db: Kysely<DB>, pageId: number) {
  return db
    .selectFrom('page_faqs')
    .select(['question', 'answer'])
    .where('page_id', '=', pageId)
    .orderBy('position')
    .execute();
}

/** Replaces a page's FAQ with `faqs`, in their order (call inside a transaction: it deletes, then inserts). */
export async function replacePageFaqs(
  db: Kysely<DB>,
  pageId: number,
  faqs: readonly { question: string; answer: string }[],
): Promise<void> {
  await db.deleteFrom('page_faqs').where('page_id', '=', pageId).execute();
  if (faqs.length === 0) return;
  await db
    .insertInto('page_faqs')
    .values(faqs.map((faq, position) => ({ page_id: pageId, position, question: faq.question, answer: faq.answer })))
    .execute();
}
