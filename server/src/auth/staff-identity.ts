import type { Kysely } from 'kysely';
import type { StaffRole } from '../../../shared/enums.js';
import type { DB } from '../db/schema.js';
import {
  findStaffByEmail,
  findStaffBySubject,
  staffCountryIds,
  updateStaff,
  type StaffMember,
} from '../staff/staff.repository.js';
import type { IdentityClaims } from './relying-party.js';

/** Who is calling an API operation. */
export interface Actor {
  staffId: number;
  email: string;
  name: string;
  role: StaffRole;
  /** The countries an EDITOR may change; ADMIN may change all. */
  countryIds: number[];
}

export type SignInRefusal = 'unknown' | 'inactive' | 'subject-mismatch';

/**
 * Matches a signed-in identity to a staff row: by the provider's subject once known, otherwise by a verified e-mail,
 * recording the subject for next time. A row already tied to another subject is never taken over by e-mail.
 */
export async function staffForSignIn(
  db: Kysely<DB>,
  claims: IdentityClaims,
): Promise<{ staff: StaffMember } | { refused: SignInRefusal }> {
  const bySubject = await findStaffBySubject(db, claims.sub);
  if (bySubject) return bySubject.is_active ? { staff: bySubject } : { refused: 'inactive' };
  if (typeof claims.email !== 'string' || claims.email_verified !== true) return { refused: 'unknown' };
  const byEmail = await findStaffByEmail(db, claims.email);
  if (!byEmail) return { refused: 'unknown' };
  if (!byEmail.is_active) return { refused: 'inactive' };
  if (byEmail.oidc_subject && byEmail.oidc_subject !== claims.sub) return { refused: 'subject-mismatch' };
  await updateStaff(db, byEmail.id, { oidcSubject: claims.sub });
  return { staff: { ...byEmail, oidc_subject: claims.sub } };
}

/**
 * The actor behind a verified access token, or why there is none. `rolesClaim` lets an external provider's roles
 * decide between ADMIN and EDITOR; the staff row must exist and be active either way.
 */
export async function actorForToken(
  db: Kysely<DB>,
  token: { sub: string; [claim: string]: unknown },
  rolesClaim: string | undefined,
): Promise<Actor | undefined> {
  const staff = await findStaffBySubject(db, token.sub);
  if (!staff?.is_active) return undefined;
  return {
    staffId: staff.id,
    email: staff.email,
    name: staff.name,
    role: (rolesClaim && roleFromClaim(token[rolesClaim])) || staff.role,
    countryIds: await staffCountryIds(db, staff.id),
  };
}

function roleFromClaim(value: unknown): StaffRole | undefined {
  const roles = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[\s,]+/) : [];
  if (roles.includes('ADMIN')) return 'ADMIN';
  if (roles.includes('EDITOR')) return 'EDITOR';
  return undefined;
}
