import type { Kysely } from 'kysely';
import type { PaginateInput } from '../../../shared/pagination.schema.js';
import type { AddTestimonialInput, UpdateTestimonialInput } from '../../../shared/testimonial.schema.js';
import { assertCountryAccess } from '../auth/authenticate.js';
import type { Actor } from '../auth/staff-identity.js';
import { linkItemToOwners, ownersOf } from '../db/links.js';
import { pageOf, type PageResult } from '../db/pagination.js';
import type { DB } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import { AppError } from '../errors.js';
import {
  assertCountriesExist,
  inOrderOf,
  isEnabledCountry,
  requireImage,
  withImageAndCountries,
  type CountryLinkedDetails,
} from '../content/content-refs.js';
import { countryLinks } from '../content/country-links.js';
import * as repository from './testimonial.repository.js';

const LINK = repository.TESTIMONIAL_COUNTRIES;

type TestimonialRow = Awaited<ReturnType<typeof repository.findByIds>>[number];

export type Testimonial = TestimonialRow & CountryLinkedDetails;

function withDetails(db: Kysely<DB>, rows: TestimonialRow[], visitor = false): Promise<Testimonial[]> {
  return withImageAndCountries(db, LINK, rows, visitor);
}

/** The testimonials in the given order; unknown ids are refused with NOT_FOUND. */
function testimonialsByIds(db: Kysely<DB>, ids: readonly number[]): Promise<Testimonial[]> {
  return inOrderOf(
    ids,
    async (unique) => withDetails(db, await repository.findByIds(db, unique)),
    'Testimonial not found.',
  );
}

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
export async function addTestimonial(db: Kysely<DB>, input: AddTestimonialInput): Promise<Testimonial> {
  await requireImage(db, input.image_id, 'TESTIMONALS');
  await assertCountriesExist(db, input.country_ids, 'country_ids');
  const { country_ids, ...values } = input;
  const id = await inTransaction(db, async (trx) => {
    const row = await repository.insert(trx, values);
    await linkItemToOwners(trx, LINK, row.id, country_ids);
    return row.id;
  });
  return (await testimonialsByIds(db, [id]))[0]!;
}

/** Changes the given fields; an EDITOR must hold every country the testimonial is shown in. */
export async function updateTestimonial(
  db: Kysely<DB>,
  input: UpdateTestimonialInput,
  actor: Actor | undefined,
): Promise<Testimonial> {
  const { id, ...changes } = input;
  await testimonialsByIds(db, [id]);
  if (actor) assertCountryAccess(actor, await ownersOf(db, LINK, id));
  if (changes.image_id !== undefined) await requireImage(db, changes.image_id, 'TESTIMONALS');
  const row = await repository.update(db, id, changes);
  if (!row) throw new AppError('NOT_FOUND', 'Testimonial not found.');
  return (await testimonialsByIds(db, [id]))[0]!;
}

const links = countryLinks({
  link: LINK,
  deletedCode: 'DELETED_TESTIMONAL',
  removedFromCountryCode: 'DELETED_TESTIMONAL_FROM_COUNTRY',
  itemsByIds: testimonialsByIds,
  remove: repository.remove,
});

/** Deletes a testimonial; one still linked to several countries only with `confirm` (spec §4). */
export const deleteTestimonal = links.delete;
/** Shows existing testimonials in another country too (idempotent); answers the testimonials as now linked. */
export const addTestimonialToOtherCountry = links.addToCountry;
/** Takes a testimonial off one country's site; the testimonial itself stays. */
export const deleteTestimonalFromCountry = links.removeFromCountry;
