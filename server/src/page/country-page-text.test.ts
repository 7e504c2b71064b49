import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffToken, trpcCall } from '../../test/graphql.js';
import { buildTestSiteApp } from '../../test/site.js';
import type { PageContent } from './page-content.service.js';

const NEPAL = 2;
const CANADA = 3;
const US_IP = '8.8.8.8';

/** What a rendered page tells search engines, and the text it shows. */
function pageOf(html: string) {
  const attribute = (pattern: RegExp) => pattern.exec(html)?.[1];
  return {
    title: attribute(/<title>([^<]*)<\/title>/),
    description: attribute(/<meta name="description" content="([^"]*)"/),
    heading: attribute(/<h1[^>]*>([^<]*)</),
    noindex: html.includes('<meta name="robots" content="noindex">'),
    alternates: [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map(
      ([, hreflang, href]) => `${hreflang} ${new URL(href!).pathname}`,
    ),
  };
}

/** Issue 53, decision 067: a country's own words for a page, and what search engines are told of it. */
describe('a country’s own text of a page', () => {
  let app: FastifyInstance;
  let admin: string;
  let nepalEditor: string;
  let canadaEditor: string;
  let studentVisa: number;

  const call = <Output>(path: string, input: object, token: string, mutation = true) =>
    trpcCall<Output>(app, path, input, { token, mutation });
  const html = async (url: string) => {
    const response = await app.inject({ url, remoteAddress: US_IP });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  beforeAll(async () => {
    app = await buildTestSiteApp({ config: { seedDemo: true } });
    admin = await staffToken(app, 'ADMIN');
    nepalEditor = await staffToken(app, 'EDITOR', [NEPAL]);
    canadaEditor = await staffToken(app, 'EDITOR', [CANADA]);
    studentVisa = (
      await app.db.selectFrom('pages').select('id').where('name', '=', 'Student Visa').executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => app.close());

  it('is written by the country’s editor from the shared text, and shows on that country’s site only', async () => {
    const shared = (await call<PageContent>('page.content', { page_id: studentVisa }, admin, false)).data!;
    // Reading Nepal's before it has its own answers the shared text.
    const before = await call<PageContent>(
      'page.content',
      { page_id: studentVisa, country_id: NEPAL },
      nepalEditor,
      false,
    );
    expect(before.data).toMatchObject({ country_id: null, heading: shared.heading, own_text_country_ids: [] });

    const written = await call<PageContent>(
      'page.updateContent',
      {
        page_id: studentVisa,
        country_id: NEPAL,
        heading: 'Student visas for Nepali students',
        faqs: [{ question: 'Do I need a NOC from the Ministry of Education?', answer: 'Yes, before you fly.' }],
      },
      nepalEditor,
    );
    expect(written.error).toBeUndefined();
    expect(written.data).toMatchObject({
      country_id: NEPAL,
      heading: 'Student visas for Nepali students',
      // What it did not change it took from the shared text.
      summary: shared.summary,
      body: shared.body,
      own_text_country_ids: [NEPAL],
    });

    const nepal = await html('/np/visa/student');
    expect(pageOf(nepal).heading).toBe('Student visas for Nepali students');
    expect(nepal).toContain('Do I need a NOC from the Ministry of Education?');
    for (const other of ['/ca/visa/student', '/au/visa/student', '/visa/student']) {
      const page = await html(other);
      expect(pageOf(page).heading).toBe(shared.heading);
      expect(page).not.toContain('Ministry of Education');
    }
    // The shared text is as it was.
    expect((await call<PageContent>('page.content', { page_id: studentVisa }, admin, false)).data).toMatchObject({
      heading: shared.heading,
      faqs: shared.faqs,
    });
  });

  it('is refused to editors of other countries, and the shared text to every editor', async () => {
    const other = await call(
      'page.updateContent',
      { page_id: studentVisa, country_id: NEPAL, heading: 'X' },
      canadaEditor,
    );
    expect(other.error?.code).toBe('FORBIDDEN');
    const shared = await call('page.updateContent', { page_id: studentVisa, heading: 'X' }, nepalEditor);
    expect(shared.error).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Only administrators may change the text every country site shares.',
    });
    const removal = await call('page.removeCountryText', { page_id: studentVisa, country_id: NEPAL }, canadaEditor);
    expect(removal.error?.code).toBe('FORBIDDEN');
    expect(
      (await call<PageContent>('page.content', { page_id: studentVisa, country_id: NEPAL }, admin, false)).data
        ?.country_id,
    ).toBe(NEPAL);
  });

  it('keeps a draft aside, shown by its preview link at the country’s address only', async () => {
    const draft = await call<PageContent>(
      'page.saveContentDraft',
      {
        page_id: studentVisa,
        country_id: NEPAL,
        heading: 'Nepal draft heading',
        summary: 'A summary for Nepal.',
        body: 'Draft body.',
        faqs: [],
      },
      nepalEditor,
    );
    expect(draft.error).toBeUndefined();
    expect(draft.data?.draft?.values).toMatchObject({ heading: 'Nepal draft heading' });
    expect(pageOf(await html('/np/visa/student')).heading).toBe('Student visas for Nepali students');

    const link = await call<{ url: string }>(
      'page.contentPreviewLink',
      { page_id: studentVisa, country_id: NEPAL },
      nepalEditor,
    );
    const url = new URL(link.data!.url);
    expect(url.pathname).toBe('/np/visa/student');
    const preview = await html(url.pathname + url.search);
    expect(pageOf(preview)).toMatchObject({ heading: 'Nepal draft heading', noindex: true });
    // The same token on another site's page names nothing there.
    const elsewhere = await app.inject({ url: `/ca/visa/student${url.search}`, remoteAddress: US_IP });
    expect(elsewhere.statusCode).toBe(404);

    // The shared text's own link shows the shared text, also at Nepal's address.
    const sharedLink = new URL(
      (await call<{ url: string }>('page.contentPreviewLink', { page_id: studentVisa }, admin)).data!.url,
    );
    const sharedPreview = await html(`/np/visa/student${sharedLink.search}`);
    expect(pageOf(sharedPreview).heading).not.toMatch(/Nepal/);

    const discarded = await call<PageContent>(
      'page.discardContentDraft',
      { page_id: studentVisa, country_id: NEPAL },
      nepalEditor,
    );
    expect(discarded.data?.draft).toBeNull();
  });

  it('has its own history, recorded as the country’s, and restores from it', async () => {
    await call(
      'page.updateContent',
      { page_id: studentVisa, country_id: NEPAL, heading: 'Second heading' },
      nepalEditor,
    );
    const revisions = await call<{ id: number; heading: string }[]>(
      'page.contentRevisions',
      { id: studentVisa, country_id: NEPAL },
      nepalEditor,
      false,
    );
    expect(revisions.data?.map((revision) => revision.heading)).toEqual([
      'Second heading',
      'Student visas for Nepali students',
    ]);
    const restored = await call<PageContent>(
      'page.restoreContent',
      { id: studentVisa, country_id: NEPAL, revision_id: revisions.data![1]!.id },
      nepalEditor,
    );
    expect(restored.data).toMatchObject({ country_id: NEPAL, heading: 'Student visas for Nepali students' });
    // Activity shows it to Nepal's editors as Nepal's.
    const entries = await app.db
      .selectFrom('audit_log')
      .innerJoin('audit_log_countries', 'audit_log_countries.audit_id', 'audit_log.id')
      .select(['audit_log.kind', 'audit_log_countries.country_id'])
      .where('audit_log.kind', '=', 'country page text')
      .execute();
    expect(entries.length).toBeGreaterThanOrEqual(3);
    expect(new Set(entries.map((entry) => entry.country_id))).toEqual(new Set([NEPAL]));
    // The shared text's history is an administrator's.
    expect((await call('page.contentRevisions', { id: studentVisa }, nepalEditor, false)).error?.code).toBe(
      'FORBIDDEN',
    );
  });

  it('tells search engines its own title and description, and may keep the page out of them', async () => {
    const saved = await call<PageContent>(
      'page.updateContent',
      {
        page_id: studentVisa,
        country_id: NEPAL,
        search_title: 'Student visa from Nepal',
        search_description: 'Study abroad from Kathmandu: visas, NOC and documents.',
        noindex: true,
      },
      nepalEditor,
    );
    expect(saved.data).toMatchObject({ search_title: 'Student visa from Nepal', noindex: true });
    const nepal = pageOf(await html('/np/visa/student'));
    expect(nepal.title).toMatch(/^Student visa from Nepal \| /);
    expect(nepal.description).toBe('Study abroad from Kathmandu: visas, NOC and documents.');
    expect(nepal.noindex).toBe(true);
    // Its versions no longer name Nepal's, nor does Nepal's sitemap list it.
    const canada = pageOf(await html('/ca/visa/student'));
    expect(canada.noindex).toBe(false);
    expect(canada.alternates).not.toContain('en-NP /np/visa/student');
    expect(canada.alternates).toContain('en-CA /ca/visa/student');
    const nepalSitemap = (await app.inject({ url: '/sitemap-np.xml' })).body;
    expect(nepalSitemap).not.toContain('/np/visa/student<');
    expect(nepalSitemap).toContain('/np/contact-us<');

    const tooLong = await call(
      'page.updateContent',
      { page_id: studentVisa, country_id: NEPAL, search_title: 'x'.repeat(71) },
      nepalEditor,
    );
    expect(tooLong.error?.code).toBe('BAD_REQUEST');
    expect(JSON.stringify(tooLong.error)).toContain('Search title must be at most 70 characters');
  });

  it('goes back to the shared text, with its draft gone', async () => {
    await call(
      'page.saveContentDraft',
      { page_id: studentVisa, country_id: NEPAL, heading: 'Left aside', summary: 'S.', body: '', faqs: [] },
      nepalEditor,
    );
    const back = await call<PageContent>(
      'page.removeCountryText',
      { page_id: studentVisa, country_id: NEPAL },
      nepalEditor,
    );
    expect(back.data).toMatchObject({ country_id: null, own_text_country_ids: [] });
    const nepal = pageOf(await html('/np/visa/student'));
    expect(nepal.heading).not.toMatch(/Nepal/);
    expect(nepal.noindex).toBe(false);
    const drafts = await app.db.selectFrom('drafts').select('kind').where('kind', '=', 'country page text').execute();
    expect(drafts).toEqual([]);
    // A draft needs the country's own text first.
    const orphan = await call(
      'page.saveContentDraft',
      { page_id: studentVisa, country_id: NEPAL, heading: 'H', summary: 'S.', body: '', faqs: [] },
      nepalEditor,
    );
    expect(orphan.error?.code).toBe('NOT_FOUND');
  });

  it('lets administrators set the shared text’s search title, description and noindex for every site', async () => {
    const saved = await call<PageContent>(
      'page.updateContent',
      { page_id: studentVisa, search_title: 'Student visas', search_description: 'Every student visa we help with.' },
      admin,
    );
    expect(saved.error).toBeUndefined();
    for (const url of ['/visa/student', '/ca/visa/student']) {
      const page = pageOf(await html(url));
      expect(page.title).toMatch(/^Student visas \| /);
      expect(page.description).toBe('Every student visa we help with.');
    }
    // Cleared, the heading and summary are told again.
    const cleared = await call<PageContent>(
      'page.updateContent',
      { page_id: studentVisa, search_title: '', search_description: '' },
      admin,
    );
    expect(cleared.data).toMatchObject({ search_title: null, search_description: null });
    expect(pageOf(await html('/visa/student')).title?.startsWith(`${cleared.data!.heading} | `)).toBe(true);
  });
});
