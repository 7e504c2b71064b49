import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { RelyingParty } from './relying-party.js';
import { isAccessTokenRevoked } from './revoked-tokens.repository.js';
import { actorForToken, type Actor } from './staff-identity.js';

export interface AuthenticationDeps {
  db: Kysely<DB>;
  relyingParty: Pick<RelyingParty, 'verifyAccessToken'>;
  /** A token claim carrying ADMIN/EDITOR (external providers), if configured. */
  rolesClaim: string | undefined;
  log: { info(obj: object, msg: string): void };
}

/**
 * The API's only authentication: a bearer access token (never the session cookie, so another site cannot drive the
 * API with a visitor's cookies). Signature, algorithm, issuer, audience and expiry are verified; a token ended by
 * signing out is refused; then the token must belong to an active staff member (checked at every call, so a
 * deactivated person is refused at once).
 */
export async function authenticateBearer(deps: AuthenticationDeps, authorization: string | undefined): Promise<Actor> {
  const match = /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(authorization ?? '');
  if (!match) throw new AppError('UNAUTHENTICATED', 'Sign in to continue.');
  let token;
  try {
    token = await deps.relyingParty.verifyAccessToken(match[1]!);
  } catch (error) {
    deps.log.info({ err: error }, 'bearer token rejected');
    throw new AppError('UNAUTHENTICATED', 'Your session is not valid. Sign in again.');
  }
  if (await isAccessTokenRevoked(deps.db, match[1]!)) {
    throw new AppError('UNAUTHENTICATED', 'You have signed out. Sign in again.');
  }
  const actor = await actorForToken(deps.db, token, deps.rolesClaim);
  if (!actor) throw new AppError('FORBIDDEN', 'Your account does not have access to the staff area.');
  return actor;
}

/**
 * The countries a staff list may show: the one asked for (refused if an EDITOR does not hold it), otherwise every
 * country (null) for an ADMIN and their own for an EDITOR.
 */
export function listableCountries(actor: Actor, countryId: number | null | undefined): number[] | null {
  if (countryId != null) {
    if (actor.role !== 'ADMIN' && !actor.countryIds.includes(countryId)) {
      throw new AppError('FORBIDDEN', 'You may not see content of this country.');
    }
    return [countryId];
  }
  return actor.role === 'ADMIN' ? null : actor.countryIds;
}

/** An EDITOR may change only their countries' content; an ADMIN may change everything. */
export function assertCountryAccess(
  actor: Actor,
  countryIds: readonly number[],
  message = 'You may not change content of this country.',
): void {
  if (actor.role === 'ADMIN') return;
  const outside = countryIds.filter((id) => !actor.countryIds.includes(id));
  if (outside.length > 0) throw new AppError('FORBIDDEN', message);
}
