import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

/** How the page cache answered a visit to `path` on `countryId`'s site ('hit' or 'miss'). */
export async function cacheStateOf(app: FastifyInstance, path: string, countryId: number) {
  const response = await app.inject({ url: path, headers: { cookie: `site_country=${countryId}` } });
  return response.headers['x-page-cache'];
}

/** Visits `path` until the page cache answers `state`, for up to 3 s (a notification may be on its way). */
async function visitUntil(app: FastifyInstance, path: string, countryId: number, state: 'hit' | 'miss') {
  const deadline = Date.now() + 3_000;
  while ((await cacheStateOf(app, path, countryId)) !== state) {
    if (Date.now() > deadline) throw new Error(`${path} of country ${countryId} never answered ${state}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Waits until the page cache has heard the notifications of every change made so far (on PostgreSQL they arrive a
 * moment after the commit). Notifications arrive in commit order, so once one sent now has been heard (the gallery
 * is rendered again), every earlier one has too.
 */
export async function pageCacheSettled(app: FastifyInstance, countryId: number): Promise<void> {
  const gallery = (
    await app.db.selectFrom('pages').select('id').where('name', '=', 'Gallery').executeTakeFirstOrThrow()
  ).id;
  await visitUntil(app, '/gallery', countryId, 'hit');
  await sql`select pg_notify('page_cache', ${`page:${gallery}`})`.execute(app.db);
  await visitUntil(app, '/gallery', countryId, 'miss');
}
