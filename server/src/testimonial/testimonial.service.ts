import type { Kysely } from 'kysely';
import type { PaginateInput } from '../../../shared/pagination.schema.js';
import { pageOf, type PageResult } from '../db/pagination.js';
import type { DB } from '../db/schema.js';
import { isEnabledCountry } from '../content/content-refs.js';
import { countryLinks } from '../content/country-links.js';
import * as repository from './testimonial.repository.js';

const links = countryLinks({
  idName: 'testimonal_id',
  idsName: 'testimonal_ids',
  link: repository.TESTIMONIAL_COUNTRIES,
  imageCategory: 'TESTIMONALS',
  notFound: 'Testimonial not found.',
  deletedCode: 'DELETED_TESTIMONAL',
  removedFromCountryCode: 'DELETED_TESTIMONAL_FROM_COUNTRY',
  repository,
});

export type Testimonial = Awaited<ReturnType<typeof links.add>>;

const { withDetails } = links;

/**
 * Every testimonial, newest first, or only those shown in `countryIds` (enabled or not): the staff list, where an
 * EDITOR sees their countries' only (see listableCountries).
 */
export async function getAllTestimonals(
  db: Kysely<DB>,
  paginate: PaginateInput,
  countryIds: readonly number[] | null = null,
): Promise<PageResult<Testimonial>> {
  const result = await pageOf(repository.selectAll(db, countryIds), paginate);
  return { data: await withDetails(db, result.data), pagination: result.pagination };
}

/** A country's testimonials for its home page; a disabled or unknown country has none. */
export async function getHomeTestimonials(
  db: Kysely<DB>,
  countryId: number,
  paginate: PaginateInput,
): Promise<PageResult<Testimonial>> {
  if (!(await isEnabledCountry(db, countryId))) {
    return { data: [], pagination: { ...paginate, pageCount: 0, total: 0 } };
  }
  const result = await pageOf(repository.selectOfCountry(db, countryId), paginate);
  return { data: await withDetails(db, result.data, true), pagination: result.pagination };
}

/** Adds a testimonial to its countries (an EDITOR must hold them all: checked by the caller's declaration). */
export const addTestimonial = links.add;
/** Changes the given fields; an EDITOR must hold every country the testimonial is shown in. */
export const updateTestimonial = links.update;

/** Deletes a testimonial; one still linked to several countries only with `confirm` (spec §4). */
export const deleteTestimonal = links.delete;
/** Shows existing testimonials in another country too (idempotent); answers the testimonials as now linked. */
export const addTestimonialToOtherCountry = links.addToCountry;
/** Takes a testimonial off one country's site; the testimonial itself stays. */
export const deleteTestimonalFromCountry = links.removeFromCountry;
