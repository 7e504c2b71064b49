import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

/**
 * Scheduled posts go live by the clock: visitors' reads compare `published_at` with now, so a due post shows at
 * once wherever nothing is kept, but the page cache keeps `/blog` and the post's neighbours until a row changes.
 * Every minute one instance (pg-boss's schedule) runs this job, which marks each post whose time has come as live;
 * that update is the row change whose trigger re-renders the post's countries (migration 0017).
 */
export const PUBLISH_DUE_POSTS_CRON = '* * * * *';

/**
 * Marks the posts that became due since their last going live, and answers their ids. One statement, so two
 * instances running it at once mark each post once: the second waits for the first's row lock, then finds the row
 * no longer matches. `asOf` stands in for the database's clock (a test steps time forward instead of waiting).
 */
export async function publishDuePosts(db: Kysely<DB>, asOf?: Date): Promise<number[]> {
  const rows = await db
    .updateTable('posts')
    .set({ went_live_at: sql<string>`published_at` })
    .where('published_at', '<=', asOf ? asOf.toISOString() : sql<string>`now()`)
    .where(sql<boolean>`went_live_at is distinct from published_at`)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}
