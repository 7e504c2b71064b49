import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SitePage } from '../../../shared/site-content.js';
import { buildContentTestApp, strangerToken, trpcCall } from '../../test/graphql.js';
import type { PageContent } from './page-content.service.js';

describe('page text (staff)', () => {
  let app: FastifyInstance;
  let admin: string;
  let nepalEditor: string;
  let professionalYear: number;

  const stored = (pageId: number) =>
    app.db
      .selectFrom('page_contents')
      .select(['heading', 'summary', 'body', 'updated_at'])
      .where('page_id', '=', pageId)
      .executeTakeFirst();

  const update = (input: Record<string, unknown>, token?: string) =>
    trpcCall<PageContent>(app, 'page.updateContent', input, { token, mutation: true });

  beforeAll(async () => {
    ({ app, admin, nepalEditor } = await buildContentTestApp());
    professionalYear = (
      await app.db.selectFrom('pages').select('id').where('name', '=', 'Professional Year').executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => app.close());

  it('shows staff the seeded text of a page; not visitors', async () => {
    const response = await trpcCall<PageContent>(
      app,
      'page.content',
      { page_id: professionalYear },
      { token: nepalEditor },
    );
    expect(response.error).toBeUndefined();
    expect(response.data).toMatchObject({
      page_id: professionalYear,
      page_name: 'Professional Year',
      heading: 'Professional Year Program',
    });
    expect(response.data!.body).toContain('## ');
    expect(response.data!.updated_at).toMatch(/^\d{4}-/);
    expect((await trpcCall(app, 'page.content', { page_id: professionalYear })).error?.code).toBe('UNAUTHORIZED');
    const stranger = await strangerToken(app);
    expect((await trpcCall(app, 'page.content', { page_id: professionalYear }, { token: stranger })).error?.code).toBe(
      'FORBIDDEN',
    );
    expect((await trpcCall(app, 'page.content', { page_id: 9_999 }, { token: admin })).error?.code).toBe('NOT_FOUND');
  });

  it('lets only administrators change a page’s text, as pages are shared by every country', async () => {
    const before = await stored(professionalYear);
    const input = { page_id: professionalYear, heading: 'Changed', summary: 'Changed.', body: 'Changed.' };
    expect((await update(input, nepalEditor)).error?.code).toBe('FORBIDDEN');
    expect((await update(input)).error?.code).toBe('UNAUTHORIZED');
    expect(await stored(professionalYear)).toEqual(before);
  });

  it('stores an administrator’s text, trimmed, and every country site shows it', async () => {
    const before = await stored(professionalYear);
    const body = '## What it is\r\nA year of training.\r\n\r\n- Accounting\r\n- ICT\r\n';
    const response = await update(
      { page_id: professionalYear, heading: '  Professional Year  ', summary: 'Training and an internship.', body },
      admin,
    );
    expect(response.error).toBeUndefined();
    const expected = {
      heading: 'Professional Year',
      summary: 'Training and an internship.',
      body: '## What it is\nA year of training.\n\n- Accounting\n- ICT',
    };
    expect(response.data).toMatchObject({ page_id: professionalYear, ...expected });
    const row = await stored(professionalYear);
    expect(row).toMatchObject(expected);
    expect(Date.parse(row!.updated_at)).toBeGreaterThan(Date.parse(before!.updated_at));

    const sites = await app.db
      .selectFrom('country_pages')
      .select('country_id')
      .where('page_id', '=', professionalYear)
      .execute();
    expect(sites.length).toBeGreaterThanOrEqual(2);
    for (const { country_id: countryId } of sites) {
      const page = await trpcCall<SitePage>(app, 'site.page', { countryId, path: '/other/professional-year' });
      expect(page.data?.content).toEqual(expected);
    }
  });

  it('creates the text of a page that had none', async () => {
    const page = await app.db
      .insertInto('pages')
      .values({ name: 'Scholarships' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const empty = await trpcCall<PageContent>(app, 'page.content', { page_id: page.id }, { token: admin });
    expect(empty.data).toMatchObject({ heading: 'Scholarships', summary: '', body: '', updated_at: null });
    const response = await update({ page_id: page.id, heading: 'Scholarships', summary: 'Funding.', body: '' }, admin);
    expect(response.data).toMatchObject({ heading: 'Scholarships', summary: 'Funding.', body: '' });
    expect(await stored(page.id)).toMatchObject({ summary: 'Funding.', body: '' });
  });

  it('refuses invalid text and unknown pages', async () => {
    const valid = { page_id: professionalYear, heading: 'H', summary: 'S', body: 'B' };
    const before = await stored(professionalYear);
    for (const invalid of [
      { heading: '' },
      { heading: 'x'.repeat(121) },
      { summary: '   ' },
      { summary: 'x'.repeat(301) },
      { body: 'x'.repeat(20_001) },
      { body: 'A\u0000B' },
      { heading: 'A\u0000B' },
      { page_id: 0 },
    ]) {
      expect((await update({ ...valid, ...invalid }, admin)).error?.code, JSON.stringify(invalid)).toBe('BAD_REQUEST');
    }
    expect(await stored(professionalYear)).toEqual(before);
    expect((await update({ ...valid, page_id: 9_999 }, admin)).error?.code).toBe('NOT_FOUND');
    expect(await app.db.selectFrom('page_contents').select('page_id').where('page_id', '=', 9_999).execute()).toEqual(
      [],
    );
  });

  describe('the FAQ', () => {
    const faqsOnSite = async () =>
      (await trpcCall<SitePage>(app, 'site.page', { countryId: 1, path: '/other/professional-year' })).data?.faqs;
    const text = { page_id: 0, heading: 'Professional Year', summary: 'Training and an internship.', body: 'Text.' };

    it('shows staff and visitors the seeded questions in order', async () => {
      const content = await trpcCall<PageContent>(app, 'page.content', { page_id: professionalYear }, { token: admin });
      expect(content.data?.faqs.map((faq) => faq.question)).toEqual([
        'What is the Professional Year?',
        'Does it give me migration points?',
      ]);
      expect(await faqsOnSite()).toEqual(content.data?.faqs);
    });

    it('replaces the questions with an administrator’s, in the order given, with the text', async () => {
      const faqs = [
        { question: '  How long is it?  ', answer: 'About a year.\r\n\r\nPart study, part internship.' },
        { question: 'Who is it for?', answer: 'Recent graduates.' },
      ];
      const response = await update({ ...text, page_id: professionalYear, faqs }, admin);
      expect(response.error).toBeUndefined();
      const expected = [
        { question: 'How long is it?', answer: 'About a year.\n\nPart study, part internship.' },
        { question: 'Who is it for?', answer: 'Recent graduates.' },
      ];
      expect(response.data?.faqs).toEqual(expected);
      expect(await faqsOnSite()).toEqual(expected);
      // Saving the text alone leaves the questions as they are; an empty list removes them.
      await update({ ...text, page_id: professionalYear, summary: 'Changed again.' }, admin);
      expect(await faqsOnSite()).toEqual(expected);
      await update({ ...text, page_id: professionalYear, faqs: [] }, admin);
      expect(await faqsOnSite()).toEqual([]);
    });

    it('refuses an invalid FAQ with its message and keeps both the text and the questions as they were', async () => {
      const faqs = [{ question: 'Kept?', answer: 'Yes.' }];
      await update({ ...text, page_id: professionalYear, faqs }, admin);
      const before = await stored(professionalYear);
      for (const [invalid, message] of [
        [[{ question: '', answer: 'A' }], 'Question is required'],
        [[{ question: 'Q?', answer: '  ' }], 'Answer is required'],
        [[{ question: 'x'.repeat(201), answer: 'A' }], 'Question must be at most 200 characters'],
        [
          [
            { question: 'Same?', answer: 'A' },
            { question: 'same?', answer: 'B' },
          ],
          'Each question can only be asked once',
        ],
        [Array.from({ length: 13 }, (_, i) => ({ question: `Q${i}?`, answer: 'A' })), 'at most 12 questions'],
      ] as const) {
        const response = await update(
          { ...text, page_id: professionalYear, heading: 'Not saved', faqs: invalid },
          admin,
        );
        expect(response.error?.code, message).toBe('BAD_REQUEST');
        expect(JSON.stringify(response.error), message).toContain(message);
      }
      expect(await stored(professionalYear)).toEqual(before);
      expect(await faqsOnSite()).toEqual(faqs);
    });

    it('lets an editor read but not change them', async () => {
      const response = await update({ ...text, page_id: professionalYear, faqs: [] }, nepalEditor);
      expect(response.error?.code).toBe('FORBIDDEN');
      expect(await faqsOnSite()).toHaveLength(1);
    });
  });

  it('lists the text’s revisions to administrators and restores an earlier one, the FAQ untouched', async () => {
    const page = (await app.db.selectFrom('pages').select('id').where('name', '=', 'Gallery').executeTakeFirstOrThrow())
      .id;
    const first = { page_id: page, heading: 'Gallery', summary: 'Our pictures.', body: 'First words.' };
    expect((await update(first, admin)).error).toBeUndefined();
    expect((await update({ ...first, heading: 'Our gallery', body: 'Second words.' }, admin)).error).toBeUndefined();
    const revisions = async () =>
      (await trpcCall<{ id: number; heading: string }[]>(app, 'page.contentRevisions', { id: page }, { token: admin }))
        .data!;
    const [newest, earlier] = await revisions();
    expect([newest!.heading, earlier!.heading]).toEqual(['Our gallery', 'Gallery']);

    const restored = await trpcCall<PageContent>(
      app,
      'page.restoreContent',
      { id: page, revision_id: earlier!.id },
      { token: admin, mutation: true },
    );
    expect(restored.error).toBeUndefined();
    expect(await stored(page)).toMatchObject({ heading: 'Gallery', summary: 'Our pictures.', body: 'First words.' });
    expect((await revisions())[0]!.heading).toBe('Gallery');

    const editor = await trpcCall(app, 'page.contentRevisions', { id: page }, { token: nepalEditor });
    expect(editor.error?.code).toBe('FORBIDDEN');
  });

  it('goes with its page', async () => {
    const page = await app.db
      .insertInto('pages')
      .values({ name: 'Short-lived' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await update({ page_id: page.id, heading: 'Short-lived', summary: 'Soon gone.', body: '' }, admin);
    await app.db.deleteFrom('pages').where('id', '=', page.id).execute();
    expect(await stored(page.id)).toBeUndefined();
  });
});
