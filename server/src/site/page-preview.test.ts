import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_PREVIEW_PARAM, PREVIEW_EXPIRED } from '../../../shared/post-address.js';
import { staffToken, trpcCall } from '../../test/graphql.js';
import { pageCacheSettled } from '../../test/page-cache.js';
import { buildTestSiteApp } from '../../test/site.js';
import { previewLinks } from '../post/post-preview.js';
import { testConfig } from '../../test/app.js';

const NEPAL = 2;
const PATH = '/study/canada';

/**
 * A page text's preview link (issue 20): the page at its own address with `?preview=<token>` shows the text's draft to
 * whoever holds the link, without a staff session, until it expires; visitors, the page cache and the API go on
 * showing the published text.
 */
describe("a page text's preview link", () => {
  let app: FastifyInstance;
  let admin: string;
  let pageId: number;
  let link: URL;

  const visit = (path: string) => app.inject({ url: path, headers: { cookie: `site_country=${NEPAL}` } });
  const call = <T>(procedure: string, input: unknown, token = admin) =>
    trpcCall<T>(app, procedure, input, { token, mutation: true });
  const heading = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];

  beforeAll(async () => {
    app = await buildTestSiteApp();
    await app.ready();
    admin = await staffToken(app, 'ADMIN');
    pageId = (
      await app.db.selectFrom('pages').select('id').where('name', '=', 'Study in Canada').executeTakeFirstOrThrow()
    ).id;
    const text = { page_id: pageId, summary: 'Colleges and universities.', body: 'Apply early.' };
    expect((await call('page.updateContent', { ...text, heading: 'Study in Canada' })).error).toBeUndefined();
    // Kept by the page cache before the draft exists (once the cache has heard of the change above).
    await pageCacheSettled(app);
    await visit(PATH);
    expect((await visit(PATH)).headers['x-page-cache']).toBe('hit');
    const draft = {
      ...text,
      heading: 'Study in Canada from 2027',
      faqs: [{ question: 'When do intakes open?', answer: 'In January and September.' }],
    };
    expect((await call('page.saveContentDraft', draft)).error).toBeUndefined();
  });
  afterAll(() => app.close());

  it('is made for administrators only, at the page’s own address', async () => {
    const made = await call<{ url: string; expires_at: string }>('page.contentPreviewLink', { page_id: pageId });
    expect(made.error).toBeUndefined();
    link = new URL(made.data!.url);
    expect(link.pathname).toBe(PATH);
    expect(link.searchParams.get(PAGE_PREVIEW_PARAM)).toMatch(/^page-\d+\./);
    expect(Date.parse(made.data!.expires_at) - Date.now()).toBeGreaterThan(47 * 3600_000);

    const editor = await staffToken(app, 'EDITOR', [NEPAL]);
    expect((await call('page.contentPreviewLink', { page_id: pageId }, editor)).error?.code).toBe('FORBIDDEN');
    expect((await call('page.contentPreviewLink', { page_id: 9_999 })).error?.code).toBe('NOT_FOUND');
  });

  it('shows the draft under a notice to anyone holding it, never kept or listed; the page stays as published', async () => {
    const response = await visit(link.pathname + link.search);
    expect(response.statusCode).toBe(200);
    expect(heading(response.body)).toBe('Study in Canada from 2027');
    expect(response.body).toContain('When do intakes open?');
    expect(response.body).toMatch(/<p role="status"[^>]*>Preview — this page’s text is not published yet<\/p>/);
    expect(response.body).toContain('<meta name="robots" content="noindex">');
    expect(response.body).toMatch(new RegExp(`<link rel="canonical" href="http[^"]*${PATH}">`));
    expect(response.headers).toMatchObject({
      'cache-control': 'private, no-store',
      'x-robots-tag': 'noindex',
      'referrer-policy': 'no-referrer',
    });
    expect(response.headers['x-page-cache']).toBeUndefined();

    // Visitors, the cache and the API: the published text.
    const published = await visit(PATH);
    expect(published.headers['x-page-cache']).toBe('hit');
    expect(heading(published.body)).toBe('Study in Canada');
    expect(published.body).not.toContain('Preview —');
    const api = await trpcCall<{ content: { heading: string }; preview?: string }>(app, 'site.page', {
      countryId: NEPAL,
      path: PATH,
    });
    expect(api.data?.content.heading).toBe('Study in Canada');
    expect(api.data?.preview).toBeUndefined();
  });

  it('shows the published text once the draft is published or thrown away, saying there is nothing unpublished', async () => {
    expect((await call('page.discardContentDraft', { page_id: pageId })).error).toBeUndefined();
    const response = await visit(link.pathname + link.search);
    expect(heading(response.body)).toBe('Study in Canada');
    expect(response.body).toContain('Preview — this page’s text has no unpublished changes');
  });

  it('answers 404 saying so for a tampered, expired or foreign link, or one of another page', async () => {
    const token = link.searchParams.get(PAGE_PREVIEW_PARAM)!;
    const config = testConfig();
    const expired = previewLinks(config, () => Date.now() - 49 * 3600_000).pageTextLinkFor(pageId, PATH);
    const tampered = token.replace(/\.(\d+)\./, (_, expires: string) => `.${Number(expires) + 3600}.`);
    const otherPage = new URL(app.previews.pageTextLinkFor(pageId + 1, PATH).url).search;
    const aPost = new URL(app.previews.linkFor(pageId).url).pathname.split('/').at(-1)!;
    for (const search of [
      `?${PAGE_PREVIEW_PARAM}=${tampered}`,
      new URL(expired.url).search,
      otherPage,
      `?${PAGE_PREVIEW_PARAM}=${aPost}`,
      `?${PAGE_PREVIEW_PARAM}=nonsense`,
    ]) {
      const response = await visit(PATH + search);
      expect(response.statusCode, search).toBe(404);
      expect(response.body).toContain(PREVIEW_EXPIRED);
      expect(response.headers['cache-control']).toBe('private, no-store');
    }
    // The API alike.
    const api = await trpcCall(app, 'site.page', { countryId: NEPAL, path: PATH, preview: tampered });
    expect(api.error?.code).toBe('NOT_FOUND');
  });
});
