import type { FileUpload } from 'graphql-upload-minimal';
import { sql, type Kysely } from 'kysely';
import type { StaffRole } from '../../../shared/enums.js';
import type { AddStaffInput, SetStaffActiveInput, UpdateStaffInput } from '../../../shared/staff.schema.js';
import type { Actor } from '../auth/staff-identity.js';
import { isUniqueViolation } from '../country/country.repository.js';
import type { DB } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import { AppError } from '../errors.js';
import { deleteBlobIfUnused, saveBlob, type NewBlob } from '../media/media.repository.js';
import { acceptImageUpload } from '../media/upload.js';
import { hashPassword } from './password.js';
import * as repository from './staff.repository.js';

/** A staff account as administrators see it: never the password hash. */
export interface StaffAccount {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  is_active: boolean;
  /** The countries an EDITOR may change (empty for an ADMIN, who changes every country). */
  country_ids: number[];
  /** Their uploaded picture, if any (the staff list shows it beside the name). */
  picture_url: string | null;
}

/** Serialises changes that could leave the site without an active administrator. */
const STAFF_CHANGES_LOCK = 7_340_004;

function toAccount(staff: repository.StaffMember, countryIds: number[], pictureUrl: string | null): StaffAccount {
  const { id, email, name, role, is_active } = staff;
  return { id, email, name, role, is_active, country_ids: countryIds, picture_url: pictureUrl };
}

async function pictureUrlOf(db: Kysely<DB>, staffId: number): Promise<string | null> {
  return (await repository.pictureUrlsByStaff(db, [staffId])).get(staffId) ?? null;
}

export async function listStaffAccounts(db: Kysely<DB>): Promise<StaffAccount[]> {
  const [staff, countries, pictures] = await Promise.all([
    repository.listStaff(db),
    repository.countryIdsByStaff(db),
    repository.pictureUrlsByStaff(db),
  ]);
  return staff.map((member) => toAccount(member, countries.get(member.id) ?? [], pictures.get(member.id) ?? null));
}

async function assertCountriesExist(db: Kysely<DB>, countryIds: readonly number[]): Promise<void> {
  if (countryIds.length === 0) return;
  const known = await db.selectFrom('countries').select('id').where('id', 'in', countryIds).execute();
  if (known.length !== countryIds.length) {
    throw new AppError('BAD_USER_INPUT', 'Unknown country.', { country_ids: 'Choose countries from the list' });
  }
}

const emailTaken = () =>
  new AppError('CONFLICT', 'A staff member with this e-mail already exists.', {
    email: 'A staff member with this e-mail already exists',
  });

/** The countries kept for a role: an ADMIN changes every country, so none are recorded for them. */
const countriesFor = (role: StaffRole, countryIds: number[]) => (role === 'ADMIN' ? [] : countryIds);

/**
 * Adds a staff member. The optional password is for the site's own sign-in page (the embedded provider); with an
 * external provider people sign in there and are matched by e-mail, so none is needed.
 */
export async function addStaffAccount(db: Kysely<DB>, input: AddStaffInput): Promise<StaffAccount> {
  const countryIds = countriesFor(input.role, input.country_ids);
  await assertCountriesExist(db, countryIds);
  if (await repository.findStaffByEmail(db, input.email)) throw emailTaken();
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  try {
    const staff = await repository.createStaff(db, {
      email: input.email,
      name: input.name,
      role: input.role,
      passwordHash,
      countryIds,
    });
    return toAccount(staff, countryIds, null);
  } catch (error) {
    // Someone added the same e-mail in the meantime.
    throw isUniqueViolation(error) ? emailTaken() : error;
  }
}

/** Runs `work` holding the staff lock, with the account it changes (NOT_FOUND when there is none). */
function changeStaff<T>(
  db: Kysely<DB>,
  id: number,
  work: (trx: Kysely<DB>, staff: repository.StaffMember) => Promise<T>,
): Promise<T> {
  return inTransaction(db, async (trx) => {
    await sql`select pg_advisory_xact_lock(${STAFF_CHANGES_LOCK})`.execute(trx);
    const staff = await repository.findStaffById(trx, id);
    if (!staff) throw new AppError('NOT_FOUND', 'Staff member not found.');
    return work(trx, staff);
  });
}

/** Whether `staff` is the only active ADMIN, whom the site cannot lose. */
async function isLastActiveAdmin(db: Kysely<DB>, staff: repository.StaffMember): Promise<boolean> {
  return staff.role === 'ADMIN' && staff.is_active && (await repository.countActiveAdmins(db)) <= 1;
}

/** Changes name, role and countries. The last active ADMIN stays an ADMIN. */
export async function updateStaffAccount(db: Kysely<DB>, input: UpdateStaffInput): Promise<StaffAccount> {
  const countryIds = countriesFor(input.role, input.country_ids);
  await assertCountriesExist(db, countryIds);
  return changeStaff(db, input.id, async (trx, staff) => {
    if (input.role !== 'ADMIN' && (await isLastActiveAdmin(trx, staff))) {
      throw new AppError('CONFLICT', 'The last active administrator cannot be made an editor.', {
        role: 'The last active administrator must stay an administrator',
      });
    }
    await repository.updateStaff(trx, staff.id, { name: input.name, role: input.role });
    await repository.replaceStaffCountries(trx, staff.id, countryIds);
    return toAccount({ ...staff, name: input.name, role: input.role }, countryIds, await pictureUrlOf(trx, staff.id));
  });
}

/**
 * Deactivates or reactivates a staff member. A deactivated person is refused on their next API call (every call
 * checks the staff row) and cannot sign in. Nobody deactivates themself, and the last active ADMIN stays active.
 */
export async function setStaffActive(db: Kysely<DB>, actor: Actor, input: SetStaffActiveInput): Promise<StaffAccount> {
  return changeStaff(db, input.id, async (trx, staff) => {
    if (!input.is_active) {
      if (staff.id === actor.staffId) throw new AppError('CONFLICT', 'You cannot deactivate your own account.');
      if (await isLastActiveAdmin(trx, staff)) {
        throw new AppError('CONFLICT', 'The last active administrator cannot be deactivated.');
      }
    }
    await repository.updateStaff(trx, staff.id, { isActive: input.is_active });
    return toAccount(
      { ...staff, is_active: input.is_active },
      await repository.staffCountryIds(trx, staff.id),
      await pictureUrlOf(trx, staff.id),
    );
  });
}

/** The signed-in staff member as the staff area shows them: who they are, their role, and their picture. */
export interface StaffProfile extends Actor {
  /** Their uploaded picture; null: the top bar uses the provider's picture claim, else initials. */
  picture_url: string | null;
}

export async function getStaffProfile(db: Kysely<DB>, actor: Actor): Promise<StaffProfile> {
  return { ...actor, picture_url: await pictureUrlOf(db, actor.staffId) };
}

/** A staff member's picture after a change. */
export interface StaffPicture {
  staff_id: number;
  picture_url: string | null;
}

/** Everyone changes their own picture; administrators anyone's. */
function assertMayChangePicture(actor: Actor, staffId: number): void {
  if (actor.role !== 'ADMIN' && actor.staffId !== staffId) {
    throw new AppError('FORBIDDEN', "Only administrators may change another staff member's picture.");
  }
}

/**
 * Makes `picture` (null: none) the staff member's picture, and deletes the bytes it replaces unless something else
 * shows them (identical uploads share one blob).
 */
async function replaceStaffPicture(db: Kysely<DB>, staffId: number, picture: NewBlob | null): Promise<StaffPicture> {
  return inTransaction(db, async (trx) => {
    if (!(await repository.findStaffById(trx, staffId))) throw new AppError('NOT_FOUND', 'Staff member not found.');
    const sha256 = picture ? await saveBlob(trx, picture) : null;
    const previous = await repository.replacePicture(trx, staffId, sha256);
    if (previous && previous !== sha256) await deleteBlobIfUnused(trx, previous);
    return { staff_id: staffId, picture_url: await pictureUrlOf(trx, staffId) };
  });
}

/**
 * Stores an uploaded picture as a staff member's own. The upload is judged and re-encoded by the one function that
 * accepts every untrusted image (decision 017), before any database work, so a refused file changes nothing.
 */
export async function uploadStaffPicture(
  db: Kysely<DB>,
  actor: Actor,
  staffId: number,
  image: Promise<FileUpload>,
): Promise<StaffPicture> {
  assertMayChangePicture(actor, staffId);
  const { blob } = await acceptImageUpload(image, { field: 'image' });
  return replaceStaffPicture(db, staffId, blob);
}

/** Removes a staff member's uploaded picture (the top bar falls back to the provider's picture, else initials). */
export async function removeStaffPicture(db: Kysely<DB>, actor: Actor, staffId: number): Promise<StaffPicture> {
  assertMayChangePicture(actor, staffId);
  return replaceStaffPicture(db, staffId, null);
}
