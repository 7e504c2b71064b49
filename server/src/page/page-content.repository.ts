import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

const COLUMNS = ['page_id', 'heading', 'summary', 'body', 'created_at', 'updated_at'] as const;

/** What search engines are told of a page text (migration 0038). */
export interface SearchFields {
  search_title: string | null;
  search_description: string | null;
  noindex: boolean;
}

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
      'page_contents.search_title',
      'page_contents.search_description',
      'page_contents.noindex',
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
  values: { page_id: number; heading: string; summary: string; body: string } & SearchFields,
) {
  return db
    .insertInto('page_contents')
    .columns(['page_id', 'heading', 'summary', 'body', 'search_title', 'search_description', 'noindex'])
    .expression(
      db
        .selectFrom('pages')
        .select([
          'pages.id',
          sql<string>`${values.heading}::text`.as('heading'),
          sql<string>`${values.summary}::text`.as('summary'),
          sql<string>`${values.body}::text`.as('body'),
          sql<string | null>`${values.search_title}::text`.as('search_title'),
          sql<string | null>`${values.search_description}::text`.as('search_description'),
          sql<boolean>`${values.noindex}::boolean`.as('noindex'),
        ])
        .where('pages.id', '=', values.page_id),
    )
    .onConflict((oc) =>
      oc.column('page_id').doUpdateSet({
        heading: (eb) => eb.ref('excluded.heading'),
        summary: (eb) => eb.ref('excluded.summary'),
        body: (eb) => eb.ref('excluded.body'),
        search_title: (eb) => eb.ref('excluded.search_title'),
        search_description: (eb) => eb.ref('excluded.search_description'),
        noindex: (eb) => eb.ref('excluded.noindex'),
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

const COUNTRY_TEXT_COLUMNS = [
  'id',
  'page_id',
  'country_id',
  'heading',
  'summary',
  'body',
  'faqs',
  'search_title',
  'search_description',
  'noindex',
  'updated_at',
] as const;

/** A country's own text for a page (decision 067), if it has one; locked for the transaction when `lock`. */
export function findCountryPageText(db: Kysely<DB>, pageId: number, countryId: number, lock = false) {
  const query = db
    .selectFrom('country_page_texts')
    .select(COUNTRY_TEXT_COLUMNS)
    .where('page_id', '=', pageId)
    .where('country_id', '=', countryId);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

export type CountryPageTextRow = NonNullable<Awaited<ReturnType<typeof findCountryPageText>>>;

/** Writes a country's own text for a page, creating it the first time. */
export function upsertCountryPageText(db: Kysely<DB>, values: Omit<CountryPageTextRow, 'id' | 'updated_at'>) {
  const row = { ...values, faqs: JSON.stringify(values.faqs) };
  return db
    .insertInto('country_page_texts')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['page_id', 'country_id']).doUpdateSet({
        heading: (eb) => eb.ref('excluded.heading'),
        summary: (eb) => eb.ref('excluded.summary'),
        body: (eb) => eb.ref('excluded.body'),
        faqs: (eb) => eb.ref('excluded.faqs'),
        search_title: (eb) => eb.ref('excluded.search_title'),
        search_description: (eb) => eb.ref('excluded.search_description'),
        noindex: (eb) => eb.ref('excluded.noindex'),
        updated_at: sql`now()`,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** Removes a country's own text for a page (its draft goes with it: migration 0038); false when it had none. */
export async function deleteCountryPageText(db: Kysely<DB>, pageId: number, countryId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('country_page_texts')
    .where('page_id', '=', pageId)
    .where('country_id', '=', countryId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The countries that have their own text for a page, for the Page Content screen's site switch. */
export function countriesWithOwnText(db: Kysely<DB>, pageId: number) {
  return db
    .selectFrom('country_page_texts')
    .select('country_id')
    .where('page_id', '=', pageId)
    .execute()
    .then((rows) => rows.map((row) => row.country_id));
}

/** A country's address code (null: it is at the root, like Global). */
export async function countryCodeOf(db: Kysely<DB>, countryId: number): Promise<string | null> {
  const row = await db.selectFrom('countries').select('code').where('id', '=', countryId).executeTakeFirst();
  return row?.code ?? null;
}
