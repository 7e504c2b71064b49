import { sql, type Kysely } from 'kysely';
import type { HeaderContactInfoInput } from '../../../shared/header-contact-info.schema.js';
import type { DB } from '../db/schema.js';
import { AppError } from '../errors.js';

const COLUMNS = ['id', 'country_id', 'email', 'phone_number', 'address'] as const;

export function getHeaderContactInfo(db: Kysely<DB>, countryId: number) {
  return db.selectFrom('header_contact_infos').select(COLUMNS).where('country_id', '=', countryId).executeTakeFirst();
}

/** The contact strip of one country site: there is one per country, so saving replaces it. */
export async function saveHeaderContactInfo(db: Kysely<DB>, input: HeaderContactInfoInput) {
  const country = await db.selectFrom('countries').select('id').where('id', '=', input.country_id).executeTakeFirst();
  if (!country) throw new AppError('NOT_FOUND', 'Country not found.', { country_id: 'Country not found' });
  return db
    .insertInto('header_contact_infos')
    .values(input)
    .onConflict((oc) =>
      oc.column('country_id').doUpdateSet({
        email: input.email,
        phone_number: input.phone_number,
        address: input.address,
        updated_at: sql`now()`,
      }),
    )
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}
