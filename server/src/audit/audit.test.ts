/**
 * Also run on PostgreSQL (decision 056): triggers and session settings, a migration, the retention job on the queue.
 * @module-tag database-engine
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addImage } from '../../test/fixtures.js';
import { gql, staffMember, trpcCall } from '../../test/graphql.js';
import { buildTestApp } from '../../test/app.js';
import { createTestDatabase } from '../../test/database.js';
import { createMigrator, migrateToLatest } from '../db/migrate.js';
import { seedDatabase } from '../seed/seed.js';
import { RETENTION_CRON } from '../app.js';
import { JOB_SCHEMA } from '../jobs/job-queue.js';
import { asStaff } from './audit-actor.js';

/** Seeded countries (Global 1, Nepal 2, Canada 3, Australia 4). */
const NEPAL = 2;
const CANADA = 3;

interface Entry {
  id: number;
  staff_id: number | null;
  staff_name: string | null;
  kind: string;
  item_id: number | null;
  item_name: string | null;
  action: string;
  changes: Record<string, { from?: unknown; to?: unknown }>;
  countries: { id: number; name: string }[];
  references: Record<string, { id: number; name: string; url?: string }[]>;
}

describe('the audit log', () => {
  let app: FastifyInstance;
  let admin: { id: number; name: string; token: string };
  let nepalEditor: { id: number; name: string; token: string };
  let portrait: number;

  /** The log's entries since `sinceId`, oldest first, as the database holds them. */
  async function entriesSince(sinceId: number) {
    return app.db
      .selectFrom('audit_log')
      .select(['id', 'staff_id', 'kind', 'item_id', 'item_name', 'action', 'changes', 'snapshot'])
      .where('id', '>', sinceId)
      .orderBy('id')
      .execute();
  }
  const lastId = async () =>
    (
      await app.db
        .selectFrom('audit_log')
        .select(({ fn }) => fn.max('id').as('id'))
        .executeTakeFirst()
    )?.id ?? 0;

  /** A staff change made as the ADMIN (a tRPC mutation), which must succeed. */
  async function changeAsAdmin(path: string, input: unknown) {
    const response = await trpcCall(app, path, input, { token: admin.token, mutation: true });
    expect(response.error).toBeUndefined();
  }

  async function activity(token: string, filters: Record<string, unknown> = {}) {
    const response = await trpcCall<{ edges: { node: Entry }[] }>(
      app,
      'activity.list',
      { first: 100, ...filters },
      { token },
    );
    expect(response.error).toBeUndefined();
    return response.data!.edges.map((edge) => edge.node);
  }

  beforeAll(async () => {
    app = await buildTestApp();
    admin = await staffMember(app, { role: 'ADMIN', name: 'Asha Admin' });
    nepalEditor = await staffMember(app, { role: 'EDITOR', countryIds: [NEPAL], name: 'Nabin Editor' });
    portrait = await addImage(app, 'TESTIMONALS');
  });
  afterAll(() => app.close());

  it('records who added, changed, linked, unlinked and deleted shared content, field by field, with its countries', async () => {
    const since = await lastId();
    const input = { name: 'Sita', image_id: portrait, testimonial: 'Great.', rating: 5, relation: 'Student' };
    const added = await gql<{ addTestimonial: { id: number } }>(
      app,
      `mutation($input: AddTestimonialInput!) { addTestimonial(input: $input) { id } }`,
      { input: { ...input, country_ids: [NEPAL, CANADA] } },
      admin.token,
    );
    const id = added.data!.addTestimonial.id;
    await changeAsAdmin('testimonial.update', { id, name: 'Sita Sharma', rating: 4 });
    await changeAsAdmin('testimonial.removeFromCountry', { testimonal_id: id, country_id: CANADA });
    await changeAsAdmin('testimonial.delete', { testimonal_id: id, confirm: true });

    const entries = (await entriesSince(since)).filter((entry) => entry.kind === 'testimonial');
    expect(entries.map((entry) => [entry.action, entry.staff_id, entry.item_id])).toEqual([
      ['added', admin.id, id],
      ['linked', admin.id, id],
      ['linked', admin.id, id],
      ['changed', admin.id, id],
      ['unlinked', admin.id, id],
      ['deleted', admin.id, id],
    ]);
    expect(entries[3]!.changes).toEqual({ name: { from: 'Sita', to: 'Sita Sharma' }, rating: { from: 5, to: 4 } });
    expect(entries[3]!.snapshot).toMatchObject({ id, name: 'Sita Sharma', rating: 4 });
    expect(entries[5]!.changes.name).toEqual({ from: 'Sita Sharma' });
    // The list names each entry's countries: the deletion was in Nepal only by then.
    const listed = await activity(admin.token, { kind: 'testimonial' });
    const deletion = listed.find((entry) => entry.id === entries[5]!.id)!;
    expect(deletion).toMatchObject({ staff_name: 'Asha Admin', item_name: 'Sita Sharma', countries: [{ id: NEPAL }] });
    const change = listed.find((entry) => entry.id === entries[3]!.id)!;
    expect(change.countries.map((country) => country.id)).toEqual(expect.arrayContaining([NEPAL, CANADA]));
    // One save reads as one entry: the addition names both countries it was added to; its links are not listed apart.
    const addition = listed.find((entry) => entry.id === entries[0]!.id)!;
    expect(addition).toMatchObject({ action: 'added', countries: [{ id: NEPAL }, { id: CANADA }] });
    expect(listed.filter((entry) => entry.item_id === id).map((entry) => entry.action)).toEqual([
      'deleted',
      'unlinked',
      'changed',
      'added',
    ]);
  });

  it('names the rows a change points at (a picture, a country), and leaves out one deleted since', async () => {
    const before = await addImage(app, 'TESTIMONALS', { name: 'sita-before.png' });
    const after = await addImage(app, 'TESTIMONALS', { name: 'sita-after.png' });
    const input = { name: 'Sita', image_id: before, testimonial: 'Great.', rating: 5, relation: 'Student' };
    const added = await trpcCall<{ id: number }>(
      app,
      'testimonial.add',
      { ...input, country_ids: [NEPAL, CANADA] },
      { token: admin.token, mutation: true },
    );
    const id = added.data!.id;
    await changeAsAdmin('testimonial.update', { id, image_id: after });
    await changeAsAdmin('testimonial.update', { id, image_id: before });
    // The picture it no longer uses goes from the library: an entry still holds its id, but it has no name now.
    await app.db.deleteFrom('images').where('id', '=', after).execute();

    const [back, away] = (await activity(admin.token, { kind: 'testimonial' })).filter(
      (entry) => entry.item_id === id && entry.action === 'changed',
    );
    expect(away!.changes.image_id).toEqual({ from: before, to: after });
    expect(away!.references.image_id!.map(({ id, name }) => [id, name])).toEqual([[before, 'sita-before.png']]);
    expect(away!.references.image_id![0]!.url).toMatch(/^\/media\//);
    expect(back!.references.image_id!.map((image) => image.name)).toEqual(['sita-before.png']);

    // An item taken off a country names the country.
    await changeAsAdmin('testimonial.removeFromCountry', { testimonal_id: id, country_id: NEPAL });
    const off = (await activity(admin.token, { kind: 'testimonial' })).find(
      (entry) => entry.item_id === id && entry.action === 'unlinked',
    )!;
    expect(off.references.country_id).toEqual([{ id: NEPAL, name: 'Nepal' }]);
  });

  it('fills a page with whole lines when a save merges, and the next page neither loses nor repeats an entry', async () => {
    const added = await gql<{ addTestimonial: { id: number } }>(
      app,
      `mutation($input: AddTestimonialInput!) { addTestimonial(input: $input) { id } }`,
      {
        input: {
          name: 'Paged',
          image_id: portrait,
          testimonial: 'Fine.',
          rating: 5,
          relation: 'Student',
          country_ids: [1, NEPAL, CANADA],
        },
      },
      admin.token,
    );
    const id = added.data!.addTestimonial.id;
    type Page = { edges: { node: Entry }[]; pageInfo: { endCursor: string } };
    const page = async (after?: string) =>
      (await trpcCall<Page>(app, 'activity.list', { first: 2, after, kind: 'testimonial' }, { token: admin.token }))
        .data!;
    // Four entries (the addition and three links) are one line: the page reads on until it has two lines.
    const first = await page();
    expect(first.edges).toHaveLength(2);
    const [save, older] = first.edges.map((edge) => edge.node);
    expect(save).toMatchObject({ item_id: id, action: 'added' });
    expect(save!.countries.map((country) => country.id).sort()).toEqual([1, NEPAL, CANADA]);
    expect(older!.item_id).not.toBe(id);
    // The next page starts after the older line: every entry once, newest first.
    const second = await page(first.pageInfo.endCursor);
    const ids = [...first.edges, ...second.edges].map((edge) => edge.node.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(second.edges[0]!.node.id).toBeLessThan(older!.id);
  });

  it('records changes to countries (with a flag upload call), pages, staff and settings, and never a secret', async () => {
    const since = await lastId();
    const country = await gql<{ updateCountry: { id: number } }>(
      app,
      `mutation { updateCountry(id: ${CANADA}, name: "Canada (EN)") { id } }`,
      {},
      admin.token,
    );
    expect(country.errors).toEqual([]);
    const page = (await app.db.selectFrom('pages').select('id').where('name', '=', 'Gallery').executeTakeFirstOrThrow())
      .id;
    await changeAsAdmin('page.deleteFromCountry', { page_id: page, country_id: NEPAL });
    await changeAsAdmin('staff.update', {
      id: nepalEditor.id,
      name: 'Nabin K. Editor',
      role: 'EDITOR',
      country_ids: [NEPAL],
    });
    const current = await trpcCall<Record<string, unknown>>(app, 'settings.get', null, { token: admin.token });
    const settings = current.data!.current as Record<string, unknown>;
    await changeAsAdmin('settings.save', { ...settings, registrationNumbers: 'MARN 1234567' });
    await changeAsAdmin('webhooks.set', {
      country_id: NEPAL,
      url: 'https://example.test/hook',
      is_enabled: true,
      secret: 'a-webhook-secret-for-the-test-1234',
    });

    const entries = await entriesSince(since);
    const summary = entries.map((entry) => [entry.kind, entry.action, entry.staff_id]);
    expect(summary).toEqual(
      expect.arrayContaining([
        ['country', 'changed', admin.id],
        ['page', 'unlinked', admin.id],
        ['staff member', 'changed', admin.id],
        // The first save adds the row of settings.
        ['settings', 'added', admin.id],
        ['webhook', 'added', admin.id],
      ]),
    );
    const byKind = (kind: string) => entries.find((entry) => entry.kind === kind)!;
    expect(byKind('country').changes).toEqual({ name: { from: 'Canada', to: 'Canada (EN)' } });
    expect(byKind('staff member').changes).toEqual({ name: { from: 'Nabin Editor', to: 'Nabin K. Editor' } });
    expect(byKind('page')).toMatchObject({
      item_id: page,
      item_name: 'Gallery',
      changes: { country_id: { from: NEPAL } },
    });
    expect(byKind('settings').changes.registration_numbers).toMatchObject({ to: 'MARN 1234567' });
    expect(JSON.stringify(byKind('webhook'))).not.toMatch(/secret/);
  });

  it('records only the countries a staff member gains or loses, not every country again on each save', async () => {
    const editor = await staffMember(app, { role: 'EDITOR', countryIds: [NEPAL], name: 'Kiran Editor' });
    const save = (countryIds: number[]) =>
      changeAsAdmin('staff.update', { id: editor.id, name: 'Kiran Editor', role: 'EDITOR', country_ids: countryIds });
    const since = await lastId();
    await save([NEPAL]);
    await save([NEPAL, CANADA]);
    await save([CANADA]);
    const entries = (await entriesSince(since)).filter((entry) => entry.kind === 'staff member');
    expect(entries.map((entry) => [entry.action, entry.item_id, entry.changes])).toEqual([
      ['linked', editor.id, { country_id: { to: CANADA }, staff_user_id: { to: editor.id } }],
      ['unlinked', editor.id, { country_id: { from: NEPAL }, staff_user_id: { from: editor.id } }],
    ]);
  });

  it('shows an EDITOR only the activity of their countries, and filters by staff member, kind and date', async () => {
    const editorView = await activity(nepalEditor.token);
    expect(editorView.length).toBeGreaterThan(0);
    for (const entry of editorView) expect(entry.countries.map((country) => country.id)).toContain(NEPAL);
    expect(editorView.find((entry) => entry.kind === 'settings')).toBeUndefined();
    const canada = await trpcCall(
      app,
      'activity.list',
      { first: 10, country_id: CANADA },
      { token: nepalEditor.token },
    );
    expect(canada.error?.code).toBe('FORBIDDEN');

    const adminView = await activity(admin.token);
    expect(adminView.some((entry) => entry.kind === 'settings')).toBe(true);
    const byStaff = await activity(admin.token, { staff_id: admin.id, kind: 'country' });
    expect(byStaff.map((entry) => [entry.kind, entry.staff_id])).toEqual([['country', admin.id]]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await activity(admin.token, { from: today, to: today })).length).toBe(adminView.length);
    expect(await activity(admin.token, { to: '2020-01-01' })).toEqual([]);
  });

  it("leaves the site's starting content out of Activity and its kinds, keeping it as each item's first version", async () => {
    const starting = await app.db
      .selectFrom('audit_log')
      .select(['id', 'kind', 'item_id'])
      .where('starting_content', '=', true)
      .execute();
    // The seed recorded the countries, pages, their texts and questions; nothing a staff member did is among them.
    expect(new Set(starting.map((entry) => entry.kind))).toEqual(
      new Set(['country', 'page', 'page text', 'page question', 'branch', 'contact details']),
    );
    const startingIds = new Set(starting.map((entry) => entry.id));
    const listed = await activity(admin.token, { first: 100 });
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.filter((entry) => startingIds.has(entry.id))).toEqual([]);
    expect(await activity(admin.token, { kind: 'page question' })).toEqual([]);
    const kinds = await trpcCall<string[]>(app, 'activity.kinds', undefined, { token: admin.token });
    expect(kinds.data).not.toContain('page question');
    expect(kinds.data).toContain('country');
    // A page's text still has the version the site started with.
    const text = starting.find((entry) => entry.kind === 'page text')!;
    const versions = await trpcCall<{ id: number; staff_id: number | null }[]>(
      app,
      'page.contentRevisions',
      { id: text.item_id },
      { token: admin.token },
    );
    expect(versions.data?.map((version) => version.id)).toContain(text.id);
  });

  it('keeps nothing of a staff call that failed, not even its entries', async () => {
    const since = await lastId();
    await asStaff(app.db, admin.id, async (trx) => {
      await trx.insertInto('countries').values({ name: 'Never Land' }).execute();
      return { ok: false };
    });
    expect(await app.db.selectFrom('countries').select('id').where('name', '=', 'Never Land').execute()).toEqual([]);
    expect(await entriesSince(since)).toEqual([]);
  });

  // Last: it moves entries years back, which the date filters above would see.
  it("forgets activity older than the retention period on the queue, keeping each live item's latest version and link", async () => {
    const input = { image_id: portrait, testimonial: 'Fine.', rating: 5, relation: 'Student', country_ids: [NEPAL] };
    const addTestimonial = async (name: string) => {
      const added = await gql<{ addTestimonial: { id: number } }>(
        app,
        `mutation($input: AddTestimonialInput!) { addTestimonial(input: $input) { id } }`,
        { input: { ...input, name } },
        admin.token,
      );
      return added.data!.addTestimonial.id;
    };
    const since = await lastId();
    const kept = await addTestimonial('Kept Long');
    await changeAsAdmin('testimonial.update', { id: kept, rating: 4 });
    const gone = await addTestimonial('Gone Long');
    await changeAsAdmin('testimonial.delete', { testimonal_id: gone, confirm: true });
    const old = await entriesSince(since);
    // The screen says how long changes are kept: three years unless ACTIVITY_RETENTION_MONTHS says otherwise.
    expect((await trpcCall(app, 'activity.retention', undefined, { token: nepalEditor.token })).data).toEqual({
      months: 36,
    });
    // Four years ago (the default retention is three), then one change today.
    await app.db
      .updateTable('audit_log')
      .set({ at: new Date(Date.now() - 4 * 365 * 24 * 3600 * 1000) })
      .where(
        'id',
        'in',
        old.map((entry) => entry.id),
      )
      .execute();
    await changeAsAdmin('testimonial.update', { id: kept, rating: 3 });

    await app.jobs.send(app.db, 'activity-retention', {});
    const ofItem = async (id: number) =>
      (await entriesSince(since))
        .filter((entry) => entry.kind === 'testimonial' && entry.item_id === id)
        .map((entry) => [entry.action, entry.snapshot === null ? null : (entry.snapshot as { rating: number }).rating]);
    await expect.poll(() => ofItem(gone), { timeout: 20_000, interval: 250 }).toEqual([]);
    // The old versions went; the link and today's version stay, so the version list still starts from now.
    expect(await ofItem(kept)).toEqual([
      ['linked', null],
      ['changed', 3],
    ]);
    const { rows } = await sql<{ cron: string }>`
      select cron from ${sql.table(`${JOB_SCHEMA}.schedule`)} where name = 'activity-retention'`.execute(app.db);
    expect(rows).toEqual([{ cron: RETENTION_CRON }]);
  });
});

describe('the starting-content migration', () => {
  it("marks the entries a seed wrote before it, and no one else's", async () => {
    const database = await createTestDatabase('migrated');
    try {
      const { db } = database;
      // Back to before the mark existed, then seeded as a site was then.
      const { error } = await createMigrator(db).migrateTo('20261128-0019-drafts');
      expect(error).toBeUndefined();
      await seedDatabase(db, { demo: false });
      // Later, a change the site makes on its own (a job), in a transaction of its own.
      await db
        .transaction()
        .execute((trx) =>
          trx.updateTable('countries').set({ name: 'Canada (EN)' }).where('name', '=', 'Canada').execute(),
        );
      await migrateToLatest(db);
      const entries = await db.selectFrom('audit_log').select(['kind', 'action', 'starting_content']).execute();
      const marked = entries.filter((entry) => entry.starting_content);
      expect(marked.length).toBeGreaterThan(10);
      expect(marked.length).toBe(entries.length - 1);
      expect(entries.filter((entry) => !entry.starting_content)).toEqual([
        { kind: 'country', action: 'changed', starting_content: false },
      ]);
    } finally {
      await database.close();
    }
  });
});
