import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

/**
 * Waits until the page cache has heard the notifications of every change made so far (on PostgreSQL they arrive a
 * moment after the commit, and one arriving late would drop what a test has just seen kept). Notifications arrive in
 * commit order, so once one sent now, of a tag nothing else sends, has been heard, every earlier one has too.
 */
export async function pageCacheSettled(app: FastifyInstance): Promise<void> {
  const tag = `settled:${randomUUID()}`;
  await sql`select pg_notify('page_cache', ${tag})`.execute(app.db);
  const deadline = Date.now() + 5_000;
  while (!app.pageCache!.heard(tag)) {
    if (Date.now() > deadline) throw new Error('the page cache never heard its notification');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
