/**
 * Also run on PostgreSQL (decision 056): row locks between two instances, the real queue, NOTIFY.
 * @module-tag database-engine
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../test/database.js';
import type { Database, Listener } from '../db/database.js';
import { startJobQueue, type JobQueue } from '../jobs/job-queue.js';
import { saveBlob } from '../media/media.repository.js';
import { publishDuePosts } from './post-publishing.js';
import { insert, update } from './post.repository.js';

const quietLog = { error: vi.fn() };

describe('scheduled posts going live', () => {
  let database: Database;
  let countryId: number;
  let imageId: number;
  let listener: Listener;
  const notified: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    countryId = (
      await db.insertInto('countries').values({ name: 'Publishland' }).returning('id').executeTakeFirstOrThrow()
    ).id;
    const blob_sha256 = await saveBlob(db, {
      bytes: new Uint8Array([1, 2, 3]),
      contentType: 'image/png',
      width: 1,
      height: 1,
    });
    imageId = (
      await db
        .insertInto('images')
        .values({ image_name: 'cover.png', category: 'BLOG', blob_sha256 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    listener = await database.listen('page_cache', { onNotify: (payload) => notified.push(payload) });
  }, 60_000);

  afterAll(async () => {
    await listener?.close();
    await database?.close();
  });

  /** A post of Publishland published `secondsFromNow` from now (negative: in the past); answers its id. */
  async function addPost(slug: string, secondsFromNow: number): Promise<number> {
    const { db } = database;
    const { id } = await db
      .insertInto('posts')
      .values({
        title: slug,
        slug,
        excerpt: 'An excerpt.',
        image_id: imageId,
        body_html: '<p>Body</p>',
        published_at: sql<string>`now() + make_interval(secs => ${secondsFromNow})`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('post_countries').values({ post_id: id, country_id: countryId }).execute();
    return id;
  }

  it('puts a due post live once when two instances run the job at the same time, and a scheduled one later', async () => {
    const due = await addPost('due-now', -1);
    const later = await addPost('due-later', 2);
    notified.length = 0;

    const [first, second] = await Promise.all([publishDuePosts(database.db), publishDuePosts(database.db)]);
    expect([...first, ...second]).toEqual([due]);
    // The update's trigger re-renders the post's country site.
    await vi.waitFor(() => expect(notified).toContain(`country:${countryId}`), { timeout: 5_000 });

    expect(await publishDuePosts(database.db)).toEqual([]);
    // Its time, three seconds on: the clock stepped forward instead of waited for.
    expect(await publishDuePosts(database.db, new Date(Date.now() + 3_000))).toEqual([later]);
  }, 30_000);

  it('puts a post live again when its time is moved, and never a draft', async () => {
    const moved = await addPost('moved', -5);
    await publishDuePosts(database.db);
    await database.db
      .updateTable('posts')
      .set({ published_at: sql<string>`now() - interval '1 second'` })
      .where('id', '=', moved)
      .execute();
    const draft = await addPost('draft', -5);
    await database.db.updateTable('posts').set({ published_at: null }).where('id', '=', draft).execute();
    expect(await publishDuePosts(database.db)).toEqual([moved]);
  });

  it('leaves nothing to mark for a post saved with a time that has come (the save re-rendered its pages)', async () => {
    const values = { excerpt: 'An excerpt.', image_id: imageId, body_html: '<p>Body</p>', author_id: null, tags: [] };
    const past = new Date(Date.now() - 60_000).toISOString();
    await insert(database.db, { ...values, title: 'Saved live', slug: 'saved-live', published_at: past });
    const { id } = await insert(database.db, {
      ...values,
      title: 'Saved later',
      slug: 'saved-later',
      published_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(await publishDuePosts(database.db)).toEqual([]);
    await update(database.db, id, { published_at: past });
    expect(await publishDuePosts(database.db)).toEqual([]);
  });

  it('runs on the real queue, each job of two instances marking what is due once', async () => {
    const due = await addPost('through-the-queue', -1);
    const marked: number[] = [];
    const queues: JobQueue[] = [];
    try {
      for (let instance = 0; instance < 2; instance += 1) {
        const queue = await startJobQueue(database, { log: quietLog, pollingIntervalSeconds: 0.5 });
        queues.push(queue);
        await queue.work('publish-due-posts', async () => void marked.push(...(await publishDuePosts(database.db))));
        await queue.send(database.db, 'publish-due-posts', {});
      }
      const done = () =>
        database.executeSql(
          `select count(*)::int as n from pgboss.job where name = 'publish-due-posts' and state = 'completed'`,
        );
      await vi.waitFor(async () => expect((await done()).rows).toEqual([{ n: 2 }]), { timeout: 20_000, interval: 200 });
      expect(marked).toEqual([due]);
    } finally {
      for (const queue of queues) await queue.stop();
    }
  }, 40_000);
});
