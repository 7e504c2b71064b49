import { z } from 'zod';
import { countryId, id, idList, optionalText, requiredText } from './fields.js';
import { restoreRevisionInput, revisionsInput } from './audit.schema.js';
import { paginateInput } from './pagination.schema.js';

/** Pages enabled per country (spec §2 "Admin country page-assignment screen", §5 "Add Page modal"). */
export const pagesOfCountryInput = z.object({ country_id: countryId });
export type PagesOfCountryInput = z.infer<typeof pagesOfCountryInput>;

export const pagesOfCountryPagedInput = z.object({ country_id: countryId, paginate: paginateInput });
export type PagesOfCountryPagedInput = z.infer<typeof pagesOfCountryPagedInput>;

export const addPageToOtherCountryInput = z.object({
  page_ids: idList(z.number({ error: '*Page is required' }).int().positive('*Page is required'), {
    required: '*Page is required',
    tooMany: 'Add at most 100 pages at once',
  }),
  country_id: countryId,
});
export type AddPageToOtherCountryInput = z.infer<typeof addPageToOtherCountryInput>;

export const deletePageFromCountryInput = z.object({ page_id: id, country_id: countryId });
export type DeletePageFromCountryInput = z.infer<typeof deletePageFromCountryInput>;

/** A page's text (spec addition: the heading, summary and body every public page shows; see site-content.ts). */
/** A country's id, or none (undefined, also for null): the text every site shares. */
const sharedOrCountry = id.nullish().transform((value) => value ?? undefined);

/**
 * Which page text: a page's shared text, or with `country_id` that country's own (decision 067). Reading a country's
 * answers the shared text while the country has none of its own.
 */
export const pageContentArgs = z.object({ page_id: id, country_id: sharedOrCountry });
export type PageContentArgs = z.infer<typeof pageContentArgs>;

export const PAGE_BODY_MAX = 20_000;

/** About what search results show of a title and a description before cutting them. */
export const PAGE_SEARCH_TITLE_MAX = 70;
export const PAGE_SEARCH_DESCRIPTION_MAX = 160;

/** How many questions a page's FAQ may hold: enough for a service page, few enough to read. */
export const PAGE_FAQS_MAX = 12;

/** One question of a page's FAQ, in plain text (answers may have blank-line paragraphs). */
export const pageFaqInput = z.object({
  question: requiredText('Question', 200),
  answer: z
    .string({ error: 'Answer is required' })
    .transform((value) => value.replace(/\r\n?/g, '\n'))
    .pipe(requiredText('Answer', 2000)),
});
export type PageFaqInput = z.infer<typeof pageFaqInput>;

/** A page's text and FAQ as its form edits them and its draft keeps them: every text field. */
export const pageTextInput = z.object({
  page_id: id,
  heading: requiredText('Heading', 120),
  summary: requiredText('Summary', 300),
  // Plain text in the page text format ("## " subheadings, "- " lists, blank-line paragraphs); may be empty.
  body: z
    .string({ error: 'Body is required' })
    // Line endings as a textarea gives them, whatever the caller sent.
    .transform((value) => value.replace(/\r\n?/g, '\n').trim())
    .pipe(
      z
        .string()
        .max(PAGE_BODY_MAX, `Body must be at most ${PAGE_BODY_MAX} characters`)
        .refine((value) => !value.includes('\u0000'), 'Body contains an invalid character'),
    ),
  // The page's FAQ in order, replacing the one it had; left out, the FAQ stays as it is.
  faqs: z
    .array(pageFaqInput)
    .max(PAGE_FAQS_MAX, `A page can have at most ${PAGE_FAQS_MAX} questions`)
    .refine(
      (faqs) => new Set(faqs.map((faq) => faq.question.toLowerCase())).size === faqs.length,
      'Each question can only be asked once',
    )
    .optional(),
  // What search engines show: empty means the heading and the summary. Left out, they stay as they are.
  search_title: optionalText('Search title', PAGE_SEARCH_TITLE_MAX).optional(),
  search_description: optionalText('Search description', PAGE_SEARCH_DESCRIPTION_MAX).optional(),
  noindex: z.boolean().optional(),
  /** The country whose own text this is; left out (or null, as a read answers it), the text every site shares. */
  country_id: sharedOrCountry,
});
export type PageTextInput = z.infer<typeof pageTextInput>;

/**
 * Publishes a page's text: the fields given replace the page's, a field left out stays as it is, so two people
 * changing different fields of one page both keep theirs (decision 042).
 */
export const updatePageContentInput = pageTextInput.partial({ heading: true, summary: true, body: true });
export type UpdatePageContentInput = z.infer<typeof updatePageContentInput>;

/** A country's own text for a page: made from the shared text, or removed to show the shared text again. */
export const countryPageTextArgs = z.object({ page_id: id, country_id: countryId });
export type CountryPageTextArgs = z.infer<typeof countryPageTextArgs>;

/** A page text's versions: the shared text's, or a country's own (`country_id`). */
export const pageTextRevisionsInput = revisionsInput.extend({ country_id: sharedOrCountry });
export const restorePageTextInput = restoreRevisionInput.extend({ country_id: sharedOrCountry });
