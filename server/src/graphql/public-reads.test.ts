/**
 * Also run on PostgreSQL (decision 056): another instance's change heard through NOTIFY.
 * @module-tag database-engine
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.js';
import { createTestDatabase } from '../../test/database.js';
import type { Database } from '../db/database.js';
import { addImage } from '../../test/fixtures.js';
import { pageCacheSettled } from '../../test/page-cache.js';
import { gql, staffToken, trpcCall } from '../../test/graphql.js';
import { PUBLIC_READS } from '../site/page-cache.js';

const NEPAL = 2;
const SERVICES = 'query($country: Int!) { getHomeServices(country_id: $country) { id title } }';

interface Services {
  getHomeServices: { id: number; title: string }[];
}

/** Issue 15: public reads of external callers are kept until content changes, like the pages (decision 025). */
describe('public GraphQL reads from the page cache', () => {
  let app: FastifyInstance;
  let database: Database;
  let admin: string;
  let image: number;
  const titles = async (token?: string) =>
    ((await gql<Services>(app, SERVICES, { country: NEPAL }, token)).data?.getHomeServices ?? []).map((s) => s.title);
  const keptRead = () => app.pageCache!.known(`${PUBLIC_READS}getHomeServices {"country_id":${NEPAL}}`);
  /** A read once the cache has heard every earlier change (one arriving late would drop the read this keeps). */
  const settledTitles = async () => {
    await pageCacheSettled(app);
    return titles();
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildTestApp({ database });
    admin = await staffToken(app, 'ADMIN');
    image = await addImage(app, 'SERVICES');
  });
  afterAll(() => app?.close());

  async function addService(title: string) {
    const added = await gql(
      app,
      'mutation($input: AddHomeServiceInput!) { addHomeService(input: $input) { id } }',
      { input: { country_id: NEPAL, title, description: 'Classes every week.', image_id: image } },
      admin,
    );
    expect(added.errors ?? []).toEqual([]);
  }

  it('keeps an anonymous read, and a staff change made through GraphQL shows in the next read at once', async () => {
    await addService('IELTS');
    expect(await settledTitles()).toContain('IELTS');
    expect(keptRead()).toBeDefined();
    await addService('PTE');
    // No wait for the database's notification: the write was made here, so the kept read is gone already.
    expect(keptRead()).toBeUndefined();
    expect(await titles()).toEqual(expect.arrayContaining(['IELTS', 'PTE']));
  });

  it('forgets kept reads after a staff change made through tRPC too', async () => {
    expect(await settledTitles()).toContain('PTE');
    expect(keptRead()).toBeDefined();
    const service = (
      await app.db.selectFrom('home_services').select('id').where('title', '=', 'PTE').executeTakeFirstOrThrow()
    ).id;
    const renamed = await trpcCall(
      app,
      'home.updateService',
      { id: service, title: 'PTE Academic' },
      { token: admin, mutation: true },
    );
    expect(renamed.status).toBe(200);
    expect(keptRead()).toBeUndefined();
    expect(await titles()).toContain('PTE Academic');
  });

  it('forgets kept reads at once after a write through this instance, whatever made it', async () => {
    expect(await settledTitles()).toContain('PTE Academic');
    expect(keptRead()).toBeDefined();
    await app.db.updateTable('home_services').set({ title: 'PTE Core' }).where('title', '=', 'PTE Academic').execute();
    expect(keptRead()).toBeUndefined();
    expect(await titles()).toContain('PTE Core');
  });

  it('drops kept reads when the database says anything changed, whoever changed it', async () => {
    expect(await settledTitles()).toContain('PTE Core');
    expect(keptRead()).toBeDefined();
    // Written past this instance, as another instance or a script would: only the notification tells it.
    await database.db.updateTable('home_services').set({ title: 'PTE Plus' }).where('title', '=', 'PTE Core').execute();
    const deadline = Date.now() + 3_000;
    while (!(await titles()).includes('PTE Plus')) {
      if (Date.now() > deadline) throw new Error('the kept read outlived the change');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  });

  it('never keeps or serves a kept read for a caller with a token (staff also see disabled countries)', async () => {
    await settledTitles();
    expect(keptRead()).toBeDefined();
    const disabled = await gql(app, `mutation { updateCountry(id: ${NEPAL}, is_enabled: DISABLE) { id } }`, {}, admin);
    expect(disabled.errors ?? []).toEqual([]);
    try {
      const deadline = Date.now() + 3_000;
      while ((await titles()).length > 0) {
        if (Date.now() > deadline) throw new Error('a disabled country is still read');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(await titles(admin)).toContain('IELTS');
      expect(await titles()).toEqual([]);
    } finally {
      await gql(app, `mutation { updateCountry(id: ${NEPAL}, is_enabled: ENABLE) { id } }`, {}, admin);
    }
  });
});
