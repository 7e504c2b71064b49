import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_PREVIEW_PARAM, PREVIEW_EXPIRED } from '../../../shared/post-address.js';
import { addImage } from '../../test/fixtures.js';
import { staffToken, trpcCall } from '../../test/graphql.js';
import { buildTestSiteApp } from '../../test/site.js';

const NEPAL = 2;
const CANADA = 3;

/**
 * A banner's preview link (decision 041): the page with `?preview=<token>` shows the banner first, as its draft makes
 * it, to whoever holds the link in whichever country, without a staff session; visitors see the banner as it is.
 */
describe("a banner's preview link", () => {
  let app: FastifyInstance;
  let admin: string;
  let bannerId: number;
  let link: URL;

  const visit = (path: string, country = NEPAL) =>
    app.inject({ url: path, headers: { cookie: `site_country=${country}` } });
  const call = <T>(procedure: string, input: unknown, token = admin) =>
    trpcCall<T>(app, procedure, input, { token, mutation: true });

  beforeAll(async () => {
    app = await buildTestSiteApp();
    await app.ready();
    admin = await staffToken(app, 'ADMIN');
    const home = (await app.db.selectFrom('pages').select('id').where('name', '=', 'Home').executeTakeFirstOrThrow())
      .id;
    const added = await call<{ id: number }>('banner.add', {
      title: 'Intakes open',
      description: 'February and July',
      image_id: await addImage(app, 'BANNER'),
      page_ids: [home],
      only_country_ids: [CANADA],
    });
    expect(added.error).toBeUndefined();
    bannerId = added.data!.id;
    const draft = {
      id: bannerId,
      title: 'Intakes open: apply by May',
      button_name: 'Apply',
      button_url: '/contact-us',
    };
    expect((await call('banner.saveDraft', draft)).error).toBeUndefined();
  });
  afterAll(() => app.close());

  it('is made for staff who may change the banner, on its first page', async () => {
    const made = await call<{ url: string; expires_at: string }>('banner.previewLink', { id: bannerId });
    expect(made.error).toBeUndefined();
    link = new URL(made.data!.url);
    expect(link.pathname).toBe('/');
    expect(link.searchParams.get(PAGE_PREVIEW_PARAM)).toMatch(/^banner-\d+\./);

    const nepalEditor = await staffToken(app, 'EDITOR', [NEPAL]);
    expect((await call('banner.previewLink', { id: bannerId }, nepalEditor)).error?.code).toBe('FORBIDDEN');
    expect((await call('banner.previewLink', { id: 9_999 })).error?.code).toBe('NOT_FOUND');
  });

  it('shows the draft first on the page under a notice, even in a country the banner is not shown in', async () => {
    const response = await visit(link.pathname + link.search);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Intakes open: apply by May');
    expect(response.body).toMatch(/<a [^>]*href="\/contact-us"[^>]*>Apply<\/a>/);
    expect(response.body).toContain('Preview — this banner’s changes are not published yet');
    expect(response.headers).toMatchObject({ 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex' });

    // Visitors: Nepal shows no such banner; Canada the banner as it is.
    expect((await visit('/')).body).not.toContain('Intakes open');
    const canada = (await visit('/', CANADA)).body;
    expect(canada).toContain('Intakes open');
    expect(canada).not.toContain('apply by May');
  });

  it('is made for another of its pages when staff choose one, and refuses a page it is not on', async () => {
    const pageId = async (name: string) =>
      (await app.db.selectFrom('pages').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    const [home, australia, canada] = await Promise.all(['Home', 'Study in Australia', 'Study in Canada'].map(pageId));
    expect((await call('banner.addToPage', { banner_ids: [bannerId], page_id: australia })).error).toBeUndefined();
    type Made = { url: string; page_id: number; pages: { id: number; name: string }[] };
    const first = await call<Made>('banner.previewLink', { id: bannerId });
    expect(first.data).toMatchObject({
      page_id: home,
      pages: [
        { id: home, name: 'Home' },
        { id: australia, name: 'Study in Australia' },
      ],
    });
    const chosen = await call<Made>('banner.previewLink', { id: bannerId, page_id: australia });
    expect(chosen.data?.page_id).toBe(australia);
    const there = new URL(chosen.data!.url);
    expect(there.pathname).toBe('/study/australia');
    const shown = await visit(there.pathname + there.search);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('Intakes open: apply by May');

    const elsewhere = await call('banner.previewLink', { id: bannerId, page_id: canada });
    expect(elsewhere.error).toMatchObject({ code: 'BAD_REQUEST', fields: { page_id: 'Choose one of its pages' } });
  });

  it('shows the banner as it is once its draft is published, and answers 404 once it is deleted', async () => {
    expect((await call('banner.update', { id: bannerId, title: 'Intakes open: apply by June' })).error).toBeUndefined();
    const published = await visit(link.pathname + link.search);
    expect(published.body).toContain('Intakes open: apply by June');
    expect(published.body).toContain('Preview — this banner has no unpublished changes');

    expect((await call('banner.delete', { banner_id: bannerId, confirm: true })).error).toBeUndefined();
    const gone = await visit(link.pathname + link.search);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain(PREVIEW_EXPIRED);
  });
});
