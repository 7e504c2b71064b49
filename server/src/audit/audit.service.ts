import type { Kysely } from 'kysely';
import type { ActivityListInput } from '../../../shared/audit.schema.js';
import { listableCountries } from '../auth/authenticate.js';
import type { Actor } from '../auth/staff-identity.js';
import { connectionOf } from '../db/pagination.js';
import type { DB } from '../db/schema.js';
import { AppError } from '../errors.js';
import * as repository from './audit.repository.js';

/**
 * The Activity screen: what staff (and the site itself) changed, newest first. An ADMIN sees everything; an EDITOR
 * sees the entries of their countries (changes that belong to no country, like settings, are not theirs to see).
 */
export async function listActivity(db: Kysely<DB>, actor: Actor, filters: ActivityListInput) {
  const countryIds = listableCountries(actor, filters.country_id);
  const page = await connectionOf(repository.selectEntries(db, filters, countryIds), 'audit_log.id', filters);
  const countries = await repository.countriesOf(
    db,
    page.edges.map((edge) => edge.node.id),
  );
  return {
    ...page,
    edges: page.edges.map((edge) => ({
      ...edge,
      node: { ...edge.node, countries: countries.get(edge.node.id) ?? [] },
    })),
  };
}

/**
 * The `activity-retention` job: forgets what was changed more than `months` ago, keeping each item's current
 * version (what restoring and the version list start from). Answers how many entries went.
 */
export async function forgetOldActivity(db: Kysely<DB>, months: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return repository.forgetEntriesBefore(db, cutoff);
}

export const listActivityKinds = repository.selectKinds;
export const listActivityStaff = repository.selectStaff;

/** An item's revisions (the versions its recorded changes left), newest first. */
export async function listRevisions(db: Kysely<DB>, kind: string, itemId: number, first: number) {
  return repository.selectRevisions(db, kind, itemId, first);
}

/** The row as one of its revisions left it; NOT_FOUND when that is no revision of this item. */
export async function revisionOf(db: Kysely<DB>, kind: string, itemId: number, revisionId: number) {
  const revision = await repository.findRevision(db, kind, itemId, revisionId);
  if (!revision?.snapshot) throw new AppError('NOT_FOUND', 'That version no longer exists.');
  return revision.snapshot;
}

/** A text field of a revision's row ('' when it has none). */
export function textOf(snapshot: Record<string, unknown> | null, field: string): string {
  const value = snapshot?.[field];
  return typeof value === 'string' ? value : '';
}
