import { sql, type Kysely } from 'kysely';
import type { TeamCertificationInput } from '../../../shared/team.schema.js';
import { countryLink, linkedToAny } from '../db/links.js';
import type { DB, EditableColumns, TeamMembersTable } from '../db/schema.js';

/** Team members ↔ countries. */
export const TEAM_COUNTRIES = countryLink('team_member_countries', 'team_member_id');

/** What a member's card shows; the public team page reads the same (site-content.repository). */
export const MEMBER_CARD_COLUMNS = [
  'team_members.id',
  'team_members.name',
  'team_members.position',
  'team_members.description',
  'team_members.email',
  'team_members.whatsapp',
] as const;

const MEMBER_COLUMNS = [
  ...MEMBER_CARD_COLUMNS,
  'team_members.image_id',
  'team_members.created_at',
  'team_members.updated_at',
] as const;

const CERTIFICATE_COLUMNS = [
  'country_certificates.id',
  'country_certificates.certificate_name',
  'country_certificates.country_id',
] as const;

/** Every member, newest first (filtered and ordered, ready for `pageOf`). */
export function selectMembers(db: Kysely<DB>) {
  return db.selectFrom('team_members').select(MEMBER_COLUMNS).orderBy('team_members.id', 'desc');
}

/** The staff list: every member, or those linked to `countryId` whether or not it is enabled, newest first. */
export function selectMembersForStaff(db: Kysely<DB>, countryIds: readonly number[] | null = null) {
  const query = selectMembers(db);
  return countryIds === null ? query : query.where(linkedToAny(TEAM_COUNTRIES, 'team_members.id', countryIds));
}

/** The members linked to a country, only while that country is enabled. */
export function selectMembersOfCountry(db: Kysely<DB>, countryId: number) {
  return db
    .selectFrom('team_members')
    .innerJoin('team_member_countries', 'team_member_countries.team_member_id', 'team_members.id')
    .innerJoin('countries', 'countries.id', 'team_member_countries.country_id')
    .where('team_member_countries.country_id', '=', countryId)
    .where('countries.is_enabled', '=', 'ENABLE')
    .select(MEMBER_COLUMNS)
    .orderBy('team_members.id', 'desc');
}

export type MemberRow = Awaited<ReturnType<ReturnType<typeof selectMembers>['execute']>>[number];

export function membersByIds(db: Kysely<DB>, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return selectMembers(db)
    .where('team_members.id', 'in', [...ids])
    .execute();
}

/** Locks a member's row for the transaction, so changes to them take turns; undefined for an unknown member. */
export function lockMember(db: Kysely<DB>, id: number) {
  return db.selectFrom('team_members').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function insertMember(db: Kysely<DB>, values: EditableColumns<TeamMembersTable>): Promise<number> {
  const row = await db.insertInto('team_members').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateMember(
  db: Kysely<DB>,
  id: number,
  changes: {
    name?: string;
    position?: string;
    description?: string;
    email?: string | null;
    whatsapp?: string | null;
    image_id?: number;
  },
): Promise<void> {
  await db
    .updateTable('team_members')
    .set({ ...changes, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function deleteMember(db: Kysely<DB>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('team_members').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function existingCountryIds(db: Kysely<DB>, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('countries')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return rows.map((row) => row.id);
}

export function findImage(db: Kysely<DB>, id: number) {
  return db.selectFrom('images').select(['id', 'category']).where('id', '=', id).executeTakeFirst();
}

export function certificatesByIds(db: Kysely<DB>, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('country_certificates')
    .select(CERTIFICATE_COLUMNS)
    .where('country_certificates.id', 'in', [...ids])
    .execute();
}

/** Certificates of the given countries, by country then name; `enabledOnly` for visitors. */
export function certificatesOfCountries(db: Kysely<DB>, countryIds: readonly number[], enabledOnly: boolean) {
  if (countryIds.length === 0) return Promise.resolve([]);
  let query = db
    .selectFrom('country_certificates')
    .innerJoin('countries', 'countries.id', 'country_certificates.country_id')
    .select(CERTIFICATE_COLUMNS)
    .where('country_certificates.country_id', 'in', [...countryIds]);
  if (enabledOnly) query = query.where('countries.is_enabled', '=', 'ENABLE');
  return query
    .orderBy('country_certificates.country_id')
    .orderBy('country_certificates.certificate_name')
    .orderBy('country_certificates.id')
    .execute();
}

/** The certifications of many members in one query, with their certificate. */
export function certificationsOfMembers(db: Kysely<DB>, memberIds: readonly number[]) {
  if (memberIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('team_certifications')
    .innerJoin('country_certificates', 'country_certificates.id', 'team_certifications.country_certificate_id')
    .select([
      'team_certifications.id',
      'team_certifications.team_member_id',
      'team_certifications.certificate_code',
      'country_certificates.id as certificate_id',
      'country_certificates.certificate_name',
      'country_certificates.country_id',
    ])
    .where('team_certifications.team_member_id', 'in', [...memberIds])
    .orderBy('team_certifications.id')
    .execute();
}

/** Makes the member's certifications exactly `certifications`; kept ones keep their id and take the new code. */
export async function replaceCertifications(
  db: Kysely<DB>,
  memberId: number,
  certifications: readonly TeamCertificationInput[],
): Promise<void> {
  const keep = certifications.map((c) => c.country_certificate_id);
  let removal = db.deleteFrom('team_certifications').where('team_member_id', '=', memberId);
  if (keep.length > 0) removal = removal.where('country_certificate_id', 'not in', keep);
  await removal.execute();
  if (certifications.length === 0) return;
  await db
    .insertInto('team_certifications')
    .values(
      certifications.map((c) => ({
        team_member_id: memberId,
        country_certificate_id: c.country_certificate_id,
        certificate_code: c.certificate_code,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['team_member_id', 'country_certificate_id']).doUpdateSet({
        certificate_code: (eb) => eb.ref('excluded.certificate_code'),
        updated_at: sql`now()`,
      }),
    )
    .execute();
}

/** A member holds only certificates of their countries: drops the others (after the member left a country). */
export async function dropCertificationsOutsideCountries(db: Kysely<DB>, memberId: number): Promise<void> {
  await db
    .deleteFrom('team_certifications')
    .where('team_member_id', '=', memberId)
    .where('country_certificate_id', 'not in', (eb) =>
      eb
        .selectFrom('country_certificates')
        .innerJoin('team_member_countries', 'team_member_countries.country_id', 'country_certificates.country_id')
        .where('team_member_countries.team_member_id', '=', memberId)
        .select('country_certificates.id'),
    )
    .execute();
}
