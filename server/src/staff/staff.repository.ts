import { sql, type Kysely } from 'kysely';
import type { StaffRole } from '../../../shared/enums.js';
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
  changes: { passwordHash?: string; isActive?: boolean; oidcSubject?: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable('staff_users')
    .set({
      ...(changes.passwordHash !== undefined ? { password_hash: changes.passwordHash } : {}),
      ...(changes.isActive !== undefined ? { is_active: changes.isActive } : {}),
      ...(changes.oidcSubject !== undefined ? { oidc_subject: changes.oidcSubject } : {}),
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
