import { sql, type Kysely } from 'kysely';
import type { StaffRole } from '../../../shared/enums.js';
import { mediaUrl } from '../../../shared/media.js';
import type { DB } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';

export interface StaffMember {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  is_active: boolean;
  oidc_subject: string | null;
}

const COLUMNS = ['id', 'email', 'name', 'role', 'is_active', 'oidc_subject'] as const;

export function findStaffById(db: Kysely<DB>, id: number): Promise<StaffMember | undefined> {
  return db.selectFrom('staff_users').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function findStaffByEmail(db: Kysely<DB>, email: string): Promise<StaffMember | undefined> {
  return db
    .selectFrom('staff_users')
    .select(COLUMNS)
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

export function findStaffBySubject(db: Kysely<DB>, subject: string): Promise<StaffMember | undefined> {
  return db.selectFrom('staff_users').select(COLUMNS).where('oidc_subject', '=', subject).executeTakeFirst();
}

export async function findPasswordHash(db: Kysely<DB>, email: string) {
  return db
    .selectFrom('staff_users')
    .select(['id', 'is_active', 'password_hash'])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

export function listStaff(db: Kysely<DB>): Promise<StaffMember[]> {
  return db.selectFrom('staff_users').select(COLUMNS).orderBy('id').execute();
}

export async function countStaff(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('staff_users')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function staffCountryIds(db: Kysely<DB>, staffId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('staff_user_countries')
    .select('country_id')
    .where('staff_user_id', '=', staffId)
    .orderBy('country_id')
    .execute();
  return rows.map((row) => row.country_id);
}

/** Every staff member's countries, by staff id (one query for the whole list). */
export async function countryIdsByStaff(db: Kysely<DB>): Promise<Map<number, number[]>> {
  const rows = await db
    .selectFrom('staff_user_countries')
    .select(['staff_user_id', 'country_id'])
    .orderBy('staff_user_id')
    .orderBy('country_id')
    .execute();
  const byStaff = new Map<number, number[]>();
  for (const row of rows) byStaff.set(row.staff_user_id, [...(byStaff.get(row.staff_user_id) ?? []), row.country_id]);
  return byStaff;
}

/**
 * Makes `countryIds` the staff member's countries: only the links that change are written, so the audit log records
 * what was added and taken away, not every country again.
 */
export async function replaceStaffCountries(db: Kysely<DB>, staffId: number, countryIds: readonly number[]) {
  let removal = db.deleteFrom('staff_user_countries').where('staff_user_id', '=', staffId);
  if (countryIds.length > 0) removal = removal.where('country_id', 'not in', [...countryIds]);
  await removal.execute();
  if (countryIds.length > 0) {
    await db
      .insertInto('staff_user_countries')
      .values(countryIds.map((country_id) => ({ staff_user_id: staffId, country_id })))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }
}

export async function countActiveAdmins(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('staff_users')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('role', '=', 'ADMIN')
    .where('is_active', '=', true)
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function createStaff(
  db: Kysely<DB>,
  staff: { email: string; name: string; role: StaffRole; passwordHash: string | null; countryIds?: number[] },
): Promise<StaffMember> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .insertInto('staff_users')
      .values({ email: staff.email, name: staff.name, role: staff.role, password_hash: staff.passwordHash })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    if (staff.countryIds?.length) {
      await trx
        .insertInto('staff_user_countries')
        .values(staff.countryIds.map((country_id) => ({ staff_user_id: row.id, country_id })))
        .execute();
    }
    return row;
  });
}

export async function updateStaff(
  db: Kysely<DB>,
  id: number,
  changes: {
    name?: string;
    role?: StaffRole;
    passwordHash?: string;
    isActive?: boolean;
    oidcSubject?: string | null;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('staff_users')
    .set({
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.role !== undefined ? { role: changes.role } : {}),
      ...(changes.passwordHash !== undefined ? { password_hash: changes.passwordHash } : {}),
      ...(changes.isActive !== undefined ? { is_active: changes.isActive } : {}),
      ...(changes.oidcSubject !== undefined ? { oidc_subject: changes.oidcSubject } : {}),
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The URLs of staff members' uploaded pictures, by staff id (all of them, or only `staffIds`), in one query. */
export async function pictureUrlsByStaff(db: Kysely<DB>, staffIds?: readonly number[]): Promise<Map<number, string>> {
  if (staffIds?.length === 0) return new Map();
  let query = db
    .selectFrom('staff_users')
    .innerJoin('media_blobs', 'media_blobs.sha256', 'staff_users.picture_sha256')
    .select(['staff_users.id', 'media_blobs.sha256', 'media_blobs.content_type']);
  if (staffIds) query = query.where('staff_users.id', 'in', [...staffIds]);
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.id, mediaUrl(row.sha256, row.content_type)]));
}

/** Sets (or with null removes) a staff member's picture; returns the hash it replaced, if any. */
export async function replacePicture(db: Kysely<DB>, id: number, sha256: string | null): Promise<string | null> {
  const before = await db
    .selectFrom('staff_users')
    .select('picture_sha256')
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  await db
    .updateTable('staff_users')
    .set({ picture_sha256: sha256, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
  return before.picture_sha256;
}
