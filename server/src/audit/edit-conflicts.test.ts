import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.js';
import { addImage } from '../../test/fixtures.js';
import { staffMember, trpcCall } from '../../test/graphql.js';
import { conflictingFields } from './edit-conflicts.js';

interface Banner {
  id: number;
  title: string;
  description: string;
  button_name: string | null;
  pages: { id: number; name: string }[];
}

/** Decision 043: a form's Save that would replace what someone else changed since it opened is refused. */
describe('edit conflicts', () => {
  let app: FastifyInstance;
  let asha: string;
  let ben: string;
  let image: number;
  let home: number;
  let aboutUs: number;
  let blog: number;

  const update = (token: string, input: Record<string, unknown>) =>
    trpcCall<Banner>(app, 'banner.update', input, { token, mutation: true });
  const stored = (id: number) =>
    app.db.selectFrom('banners').select(['title', 'description']).where('id', '=', id).executeTakeFirstOrThrow();
  const pagesOf = async (id: number) =>
    (await app.db.selectFrom('banner_pages').select('page_id').where('banner_id', '=', id).execute())
      .map((row) => row.page_id)
      .sort((a, b) => a - b);
  const entriesOf = async (id: number) =>
    (await app.db.selectFrom('audit_log').select('id').where('kind', '=', 'banner').where('item_id', '=', id).execute())
      .length;

  async function newBanner(): Promise<Banner> {
    const added = await trpcCall<Banner>(
      app,
      'banner.add',
      { title: 'Study in Canada', description: 'Intakes in January', image_id: image, page_ids: [home] },
      { token: asha, mutation: true },
    );
    expect(added.error).toBeUndefined();
    return added.data!;
  }

  beforeAll(async () => {
    app = await buildTestApp();
    asha = (await staffMember(app, { role: 'ADMIN', name: 'Asha Admin' })).token;
    ben = (await staffMember(app, { role: 'ADMIN', name: 'Ben Colleague' })).token;
    image = await addImage(app, 'BANNER');
    const pageId = async (name: string) =>
      (await app.db.selectFrom('pages').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    [home, aboutUs, blog] = [await pageId('Home'), await pageId('About Us'), await pageId('Blog')];
  });
  afterAll(() => app.close());

  it('refuses a change to a field someone changed since the form opened, says who and to what, and keeps theirs', async () => {
    const banner = await newBanner();
    expect((await update(ben, { id: banner.id, description: 'Intakes in January and May' })).error).toBeUndefined();
    const entries = await entriesOf(banner.id);

    const refused = await update(asha, {
      id: banner.id,
      description: 'Intakes in January and September',
      started_from: { description: 'Intakes in January' },
    });
    expect(refused.status).toBe(409);
    expect(refused.error?.code).toBe('CONFLICT');
    expect(refused.error?.message).toMatch(/Someone else changed this while you were editing it/);
    expect(refused.error?.fields).toEqual({
      description:
        'Ben Colleague changed this to “Intakes in January and May” since you opened the form. Save again to keep yours.',
    });
    // Nothing of the refused save stays, its Activity entry included.
    expect(await stored(banner.id)).toMatchObject({ description: 'Intakes in January and May' });
    expect(await entriesOf(banner.id)).toBe(entries);

    // Saving again without the check (the form does so once it has shown the conflict) keeps Asha's.
    expect((await update(asha, { id: banner.id, description: 'Intakes in January and September' })).error).toBe(
      undefined,
    );
    expect(await stored(banner.id)).toMatchObject({ description: 'Intakes in January and September' });
  });

  it('lets exactly one of two Saves of the same field at the same moment through', async () => {
    const banner = await newBanner();
    const saves = await Promise.all(
      [
        [asha, 'Intakes in January and September'],
        [ben, 'Intakes in January and May'],
      ].map(([token, description]) =>
        update(token!, { id: banner.id, description, started_from: { description: 'Intakes in January' } }),
      ),
    );
    expect(saves.map((save) => save.status).sort()).toEqual([200, 409]);
    const kept = saves.find((save) => save.status === 200)!.data!.description;
    expect(await stored(banner.id)).toMatchObject({ description: kept });
  });

  it('lets changes to different fields through, both kept', async () => {
    const banner = await newBanner();
    expect((await update(ben, { id: banner.id, title: 'Study in Canada 2027' })).error).toBeUndefined();
    const saved = await update(asha, {
      id: banner.id,
      description: 'Intakes in January and May',
      started_from: { description: 'Intakes in January' },
    });
    expect(saved.error).toBeUndefined();
    expect(await stored(banner.id)).toEqual({
      title: 'Study in Canada 2027',
      description: 'Intakes in January and May',
    });
  });

  it('lets a change through when the field is still what the form started from', async () => {
    const banner = await newBanner();
    const saved = await update(asha, {
      id: banner.id,
      description: 'Intakes in May',
      button_name: 'Apply',
      // A blank field reads as none, as the database keeps it.
      started_from: { description: 'Intakes in January', button_name: '' },
    });
    expect(saved.error).toBeUndefined();
    expect(saved.data).toMatchObject({ description: 'Intakes in May', button_name: 'Apply' });
  });

  it('refuses a change of pages that would take off a page someone added, and one that would bring back a page someone took off', async () => {
    const banner = await newBanner();
    // Ben shows it on About Us too; Asha's form still shows Home only, and she adds Blog.
    expect((await update(ben, { id: banner.id, page_ids: [home, aboutUs] })).error).toBeUndefined();
    const added = await update(asha, { id: banner.id, page_ids: [home, blog], started_from: { page_ids: [home] } });
    expect(added.error?.code).toBe('CONFLICT');
    expect(added.error?.fields).toEqual({
      page_ids: 'Ben Colleague changed this since you opened the form. Save again to keep yours.',
    });
    expect(await pagesOf(banner.id)).toEqual([home, aboutUs].sort((a, b) => a - b));

    // Ben takes About Us off again; a form that showed Home and About Us, and adds Blog, would put it back.
    expect((await update(ben, { id: banner.id, page_ids: [home] })).error).toBeUndefined();
    const restored = await update(asha, {
      id: banner.id,
      page_ids: [home, aboutUs, blog],
      started_from: { page_ids: [home, aboutUs] },
    });
    expect(restored.error?.fields).toHaveProperty('page_ids');
    expect(await pagesOf(banner.id)).toEqual([home]);

    // A form that showed what is there goes through.
    const fine = await update(asha, { id: banner.id, page_ids: [home, blog], started_from: { page_ids: [home] } });
    expect(fine.error).toBeUndefined();
    expect(await pagesOf(banner.id)).toEqual([home, blog].sort((a, b) => a - b));
  });

  it("tells a conflict with one's own change in another window as such", async () => {
    const banner = await newBanner();
    expect((await update(asha, { id: banner.id, title: 'Study in Canada from Kathmandu' })).error).toBeUndefined();
    const refused = await update(asha, {
      id: banner.id,
      title: 'Study in Canada, 2027',
      started_from: { title: 'Study in Canada' },
    });
    expect(refused.error?.fields).toEqual({
      title:
        'You changed this in another window to “Study in Canada from Kathmandu” since you opened the form. Save again to keep yours.',
    });
  });

  it("checks a page's text too, whose id is its page's", async () => {
    type PageText = { heading: string; summary: string; body: string };
    const content = (await trpcCall<PageText>(app, 'page.content', { page_id: aboutUs }, { token: asha })).data!;
    const save = (token: string, input: Record<string, unknown>) =>
      trpcCall(app, 'page.updateContent', { page_id: aboutUs, ...content, ...input }, { token, mutation: true });
    const bens = 'Our story, by Ben. '.repeat(10).trim();
    expect((await save(ben, { body: bens })).error).toBeUndefined();

    const refused = await save(asha, { body: 'Our story, by Asha.', started_from: { body: content.body } });
    expect(refused.error?.code).toBe('CONFLICT');
    // A long text is not repeated in the message.
    expect(refused.error?.fields).toEqual({
      body: 'Ben Colleague changed this since you opened the form. Save again to keep yours.',
    });
    // Another field, still as the form started from it, goes through.
    const heading = await save(asha, {
      heading: 'About Horizon',
      body: bens,
      started_from: { heading: content.heading },
    });
    expect(heading.error).toBeUndefined();
  });

  it("merges a page's text field by field: a Save sends what it changed, and a colleague's other field stays", async () => {
    type PageText = { heading: string; summary: string; body: string };
    const content = (await trpcCall<PageText>(app, 'page.content', { page_id: blog }, { token: asha })).data!;
    const save = (token: string, input: Record<string, unknown>) =>
      trpcCall<PageText>(app, 'page.updateContent', { page_id: blog, ...input }, { token, mutation: true });
    expect(
      (await save(ben, { heading: 'News from Horizon', started_from: { heading: content.heading } })).error,
    ).toBeUndefined();
    const asha1 = await save(asha, { body: 'What our students did this month.', started_from: { body: content.body } });
    expect(asha1.error).toBeUndefined();
    expect(asha1.data).toMatchObject({
      heading: 'News from Horizon',
      summary: content.summary,
      body: 'What our students did this month.',
    });
    expect((await save(asha, { page_id: 999_999, body: 'Nowhere' })).error?.code).toBe('NOT_FOUND');
  });

  it("refuses a change to a page's FAQ someone changed since the form opened (its order too), then keeps theirs or, saved again, yours", async () => {
    const faq = (question: string) => ({ question, answer: `About ${question.toLowerCase()}` });
    const [fees, intakes, visas] = [faq('Fees?'), faq('Intakes?'), faq('Visas?')];
    const save = (token: string, input: Record<string, unknown>) =>
      trpcCall(app, 'page.updateContent', { page_id: home, ...input }, { token, mutation: true });
    const faqsOfHome = async () =>
      (await trpcCall<{ faqs: unknown[] }>(app, 'page.content', { page_id: home }, { token: asha })).data!.faqs;
    expect((await save(asha, { faqs: [fees, intakes] })).error).toBeUndefined();
    // Ben only puts them in another order.
    expect((await save(ben, { faqs: [intakes, fees], started_from: { faqs: [fees, intakes] } })).error).toBeUndefined();

    const refused = await save(asha, { faqs: [fees, intakes, visas], started_from: { faqs: [fees, intakes] } });
    expect(refused.error?.code).toBe('CONFLICT');
    expect(refused.error?.fields).toEqual({
      faqs: 'This was changed since you opened the form. Save again to keep yours.',
    });
    expect(await faqsOfHome()).toEqual([intakes, fees]);

    // Started from what is stored, a change goes through; so does Save again (the field sent without its check).
    expect(
      (await save(ben, { faqs: [intakes, fees, visas], started_from: { faqs: [intakes, fees] } })).error,
    ).toBeUndefined();
    expect((await save(asha, { faqs: [fees, intakes] })).error).toBeUndefined();
    expect(await faqsOfHome()).toEqual([fees, intakes]);
  });

  it("refuses a change to a team member's certifications someone changed since the form opened", async () => {
    const certificate = async (certificate_name: string) =>
      (
        await app.db
          .insertInto('country_certificates')
          .values({ country_id: 2, certificate_name })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const [marn, qeac] = [await certificate('MARN'), await certificate('QEAC')];
    const added = await trpcCall<{ id: number }>(
      app,
      'team.add',
      {
        name: 'Priya Shrestha',
        position: 'Counsellor',
        description: 'Australia visas.',
        image_id: await addImage(app, 'TEAM'),
        country_ids: [2],
        certifications: [{ country_certificate_id: marn, certificate_code: '1234567' }],
      },
      { token: asha, mutation: true },
    );
    expect(added.error).toBeUndefined();
    const id = added.data!.id;
    const update = (token: string, input: Record<string, unknown>) =>
      trpcCall(app, 'team.update', { id, ...input }, { token, mutation: true });
    const opened = [{ country_certificate_id: marn, certificate_code: '1234567' }];
    const bens = [{ country_certificate_id: marn, certificate_code: '7654321' }];
    expect(
      (await update(ben, { certifications: bens, started_from: { certifications: opened } })).error,
    ).toBeUndefined();

    const ashas = [...opened, { country_certificate_id: qeac, certificate_code: 'Q-88' }];
    const refused = await update(asha, { certifications: ashas, started_from: { certifications: opened } });
    expect(refused.error?.code).toBe('CONFLICT');
    expect(Object.keys(refused.error?.fields ?? {})).toEqual(['certifications']);
    const stored = () =>
      app.db
        .selectFrom('team_certifications')
        .select(['country_certificate_id', 'certificate_code'])
        .where('team_member_id', '=', id)
        .orderBy('country_certificate_id')
        .execute();
    expect(await stored()).toEqual(bens);
    // Another field, still as the form started from it, goes through; the certificates are not its concern.
    expect(
      (await update(asha, { position: 'Senior Counsellor', started_from: { position: 'Counsellor' } })).error,
    ).toBeUndefined();
    expect(await stored()).toEqual(bens);
  });

  it("checks a country's webhook, named by its country; a new secret is never in conflict", async () => {
    const NEPAL = 2;
    const set = (token: string, input: Record<string, unknown>) =>
      trpcCall(
        app,
        'webhooks.set',
        { country_id: NEPAL, secret: null, is_enabled: true, ...input },
        {
          token,
          mutation: true,
        },
      );
    const storedUrl = async () =>
      (
        await app.db
          .selectFrom('country_webhooks')
          .select('url')
          .where('country_id', '=', NEPAL)
          .executeTakeFirstOrThrow()
      ).url;
    const secret = 'a-webhook-secret-for-the-test-1234';
    expect((await set(asha, { url: 'https://crm.example.test/a', secret })).error).toBeUndefined();
    expect((await set(ben, { url: 'https://crm.example.test/b' })).error).toBeUndefined();

    // The form opened before Ben's change: its Save (every field, as setting a webhook takes them all) is refused.
    const opened = { url: 'https://crm.example.test/a', secret: null, is_enabled: true };
    const refused = await set(asha, { url: 'https://crm.example.test/c', started_from: opened });
    expect(refused.error?.code).toBe('CONFLICT');
    expect(refused.error?.fields).toEqual({
      url: 'Ben Colleague changed this to “https://crm.example.test/b” since you opened the form. Save again to keep yours.',
    });
    expect(await storedUrl()).toBe('https://crm.example.test/b');

    // Opened after it, with a new secret and the switch off: through.
    const fresh = { url: 'https://crm.example.test/b', secret: null, is_enabled: true };
    const saved = await set(asha, {
      url: 'https://crm.example.test/b',
      secret: 'another-webhook-secret-for-the-test',
      is_enabled: false,
      started_from: fresh,
    });
    expect(saved.error).toBeUndefined();
  });

  it('refuses a malformed started_from rather than skipping the check', async () => {
    const banner = await newBanner();
    const refused = await update(asha, { id: banner.id, description: 'Intakes in May', started_from: ['description'] });
    expect(refused.error?.code).toBe('BAD_REQUEST');
    expect(await stored(banner.id)).toMatchObject({ description: 'Intakes in January' });
  });

  it('compares values as forms and the database spell them', () => {
    const changed = (from: unknown) => [{ kind: 'post', action: 'changed', changes: { field: { from, to: 'x' } } }];
    // Blank is none; times are instants; lists are sets; numbers and their digits agree.
    expect(conflictingFields(changed(null), { field: '' }).size).toBe(0);
    expect(conflictingFields(changed('2026-11-29T10:00:00+00:00'), { field: '2026-11-29T10:00:00.000Z' }).size).toBe(0);
    expect(conflictingFields(changed(['Visa', 'IELTS']), { field: ['IELTS', 'Visa'] }).size).toBe(0);
    expect(conflictingFields(changed(12), { field: 12 }).size).toBe(0);
    // And tell real differences apart.
    expect(conflictingFields(changed('Visa'), { field: 'Visas' })).toEqual(new Map([['field', 'post']]));
    expect(conflictingFields(changed('2026-11-29T10:00:00+00:00'), { field: '2026-11-29T11:00:00Z' }).size).toBe(1);
    expect(conflictingFields(changed(['Visa']), { field: ['Visa', 'IELTS'] }).size).toBe(1);
    expect(conflictingFields(changed(null), { field: 'none' }).size).toBe(1);
    expect(conflictingFields(changed('null'), { field: null }).size).toBe(1);
    // Fields the form did not start from are not its concern.
    expect(conflictingFields(changed('Visa'), { other: 'Visas' }).size).toBe(0);
  });
});
