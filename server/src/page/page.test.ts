import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_PAGES } from '../../../shared/site-pages.js';
import { PAGES_LEFT_OUT } from '../seed/seed-data.js';
import { buildContentTestApp, errorCode, expectFieldErrors, gql, strangerToken, trpcCall } from '../../test/graphql.js';
import { saveBlob } from '../media/media.repository.js';
import { columnOfCountry } from '../../test/fixtures.js';

const FIELDS = 'id name created_at updated_at';
const ADD = `mutation($page_ids: [Int!]!, $country_id: Int!) {
  addPageToOtherCountry(page_ids: $page_ids, country_id: $country_id) { id name } }`;
const DELETE = `mutation($page_id: Int!, $country_id: Int!) {
  deletePageFromCountry(page_id: $page_id, country_id: $country_id) { success message errorCode } }`;
const OF_COUNTRY = 'query($country_id: Int!) { getPagesOfCountry(country_id: $country_id) { id name } }';

type Page = { id: number; name: string };

describe('pages', () => {
  let app: FastifyInstance;
  let admin: string;
  let nepalEditor: string;
  /** A new country with no pages yet, and a disabled one. */
  const UK = 5;
  const HIDDEN = 6;

  const linkedPageIds = (countryId: number) => columnOfCountry(app, 'country_pages', 'page_id', countryId, 'page_id');

  beforeAll(async () => {
    ({ app, admin, nepalEditor } = await buildContentTestApp());
    const rows = await app.db
      .insertInto('countries')
      .values([
        { name: 'United Kingdom', is_enabled: 'ENABLE' },
        { name: 'Hidden Land', is_enabled: 'DISABLE' },
      ])
      .returning('id')
      .execute();
    expect(rows.map((row) => row.id)).toEqual([UK, HIDDEN]);
    await app.db.insertInto('country_pages').values({ country_id: HIDDEN, page_id: 1 }).execute();
  });
  afterAll(() => app.close());

  it('getPages lists every page to staff', async () => {
    const response = await gql<{ getPages: Page[] }>(app, `query { getPages { ${FIELDS} } }`, {}, nepalEditor);
    expect(response.errors).toEqual([]);
    expect(response.data?.getPages.map((page) => page.name)).toEqual(SITE_PAGES.map((page) => page.name));
    expect(response.data?.getPages[0]).toMatchObject({ id: 1, name: 'Home' });
    expect(errorCode(await gql(app, 'query { getPages { id } }'))).toBe('UNAUTHENTICATED');
    expect(errorCode(await gql(app, 'query { getPages { id } }', {}, await strangerToken(app)))).toBe('FORBIDDEN');
  });

  it('getPagesOfCountry lists a country’s pages to anyone; none for an unknown or (to visitors) disabled one', async () => {
    const global = await gql<{ getPagesOfCountry: Page[] }>(app, OF_COUNTRY, { country_id: 1 });
    expect(global.errors).toEqual([]);
    expect(global.data?.getPagesOfCountry).toHaveLength(SITE_PAGES.length);
    expect(global.data?.getPagesOfCountry[1]).toEqual({ id: 2, name: 'About Us' });
    // Nepal's site starts without the pages its office does not offer.
    const nepal = await gql<{ getPagesOfCountry: Page[] }>(app, OF_COUNTRY, { country_id: 2 });
    expect(nepal.data?.getPagesOfCountry).toHaveLength(SITE_PAGES.length - PAGES_LEFT_OUT.Nepal.length);
    expect((await gql(app, OF_COUNTRY, { country_id: UK })).data).toEqual({ getPagesOfCountry: [] });
    expect((await gql(app, OF_COUNTRY, { country_id: 999 })).data).toEqual({ getPagesOfCountry: [] });
    expect((await gql(app, OF_COUNTRY, { country_id: HIDDEN })).data).toEqual({ getPagesOfCountry: [] });
    const asStaff = await gql(app, OF_COUNTRY, { country_id: HIDDEN }, admin);
    expect(asStaff.data).toEqual({ getPagesOfCountry: [{ id: 1, name: 'Home' }] });
  });

  it('getPagesOfCountry refuses an invalid country id', async () => {
    const response = await gql(app, OF_COUNTRY, { country_id: 0 });
    expectFieldErrors(response, { country_id: 'Country is required' });
  });

  it('getPagesInBanner lists the pages showing a banner', async () => {
    const query = 'query { getPagesInBanner { id name } }';
    expect((await gql(app, query, {}, admin)).data).toEqual({ getPagesInBanner: [] });
    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const blob_sha256 = await saveBlob(app.db, { bytes: png, contentType: 'image/png' });
    const image = await app.db
      .insertInto('images')
      .values({ image_name: 'banner.png', blob_sha256, category: 'BANNER' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const banner = await app.db
      .insertInto('banners')
      .values({ title: 'Welcome', description: 'Hello', image_id: image.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    await app.db
      .insertInto('banner_pages')
      .values([
        { banner_id: banner.id, page_id: 5 },
        { banner_id: banner.id, page_id: 1 },
      ])
      .execute();
    const response = await gql(app, query, {}, admin);
    expect(response.data).toEqual({
      getPagesInBanner: [
        { id: 1, name: 'Home' },
        { id: 5, name: 'Contact Us' },
      ],
    });
    expect(errorCode(await gql(app, query))).toBe('UNAUTHENTICATED');
  });

  it('addPageToOtherCountry enables pages for a country, idempotently, and answers its pages', async () => {
    const first = await gql<{ addPageToOtherCountry: Page[] }>(app, ADD, { page_ids: [2, 1], country_id: UK }, admin);
    expect(first.errors).toEqual([]);
    expect(first.data?.addPageToOtherCountry).toEqual([
      { id: 1, name: 'Home' },
      { id: 2, name: 'About Us' },
    ]);
    const again = await gql<{ addPageToOtherCountry: Page[] }>(
      app,
      ADD,
      { page_ids: [2, 3, 3], country_id: UK },
      admin,
    );
    expect(again.data?.addPageToOtherCountry.map((page) => page.id)).toEqual([1, 2, 3]);
    expect(await linkedPageIds(UK)).toEqual([1, 2, 3]);
  });

  it('addPageToOtherCountry refuses no pages, unknown pages or countries, and other editors, linking nothing', async () => {
    const none = await gql(app, ADD, { page_ids: [], country_id: UK }, admin);
    expectFieldErrors(none, { page_ids: '*Page is required' });
    const unknownPage = await gql(app, ADD, { page_ids: [4, 999], country_id: UK }, admin);
    expect(errorCode(unknownPage)).toBe('NOT_FOUND');
    expect(unknownPage.errors[0]?.extensions?.fields).toEqual({ page_ids: 'Page not found' });
    expect(errorCode(await gql(app, ADD, { page_ids: [4], country_id: 999 }, admin))).toBe('NOT_FOUND');
    expect(errorCode(await gql(app, ADD, { page_ids: [4], country_id: UK }, nepalEditor))).toBe('FORBIDDEN');
    expect(await linkedPageIds(UK)).toEqual([1, 2, 3]);
  });

  it('deletePageFromCountry disables a page for that country only', async () => {
    const response = await gql(app, DELETE, { page_id: 2, country_id: UK }, admin);
    expect(response.errors).toEqual([]);
    expect(response.data?.deletePageFromCountry).toEqual({
      success: true,
      message: 'Page Deleted Successfully!',
      errorCode: 'DELETED_PAGE',
    });
    expect(await linkedPageIds(UK)).toEqual([1, 3]);
    expect(await linkedPageIds(2)).toContain(2);
    const page = await app.db.selectFrom('pages').select('name').where('id', '=', 2).executeTakeFirst();
    expect(page?.name).toBe('About Us');
  });

  it('deletePageFromCountry refuses a page not linked there and other editors', async () => {
    expect(errorCode(await gql(app, DELETE, { page_id: 2, country_id: UK }, admin))).toBe('NOT_FOUND');
    expect(errorCode(await gql(app, DELETE, { page_id: 1, country_id: UK }, nepalEditor))).toBe('FORBIDDEN');
    const own = await gql(app, DELETE, { page_id: 31, country_id: 2 }, nepalEditor);
    expect(own.data?.deletePageFromCountry).toMatchObject({ errorCode: 'DELETED_PAGE' });
    expect(await linkedPageIds(UK)).toEqual([1, 3]);
  });

  it('tRPC pages a country’s pages for the admin table, 5 per page by default', async () => {
    const second = await trpcCall<{ data: Page[]; pagination: object }>(
      app,
      'page.ofCountryPaged',
      { country_id: 4, paginate: { page: 2 } },
      { token: admin },
    );
    expect(second.data?.data.map((page) => page.id)).toEqual([6, 7, 8, 9, 10]);
    const total = SITE_PAGES.length - PAGES_LEFT_OUT.Australia.length;
    expect(second.data?.pagination).toEqual({ page: 2, perPage: 5, pageCount: Math.ceil(total / 5), total });
    const unknown = await trpcCall(app, 'page.ofCountryPaged', { country_id: 999 }, { token: admin });
    expect(unknown.error?.code).toBe('NOT_FOUND');
    const anonymous = await trpcCall(app, 'page.ofCountryPaged', { country_id: 4 });
    expect(anonymous.error?.code).toBe('UNAUTHORIZED');
  });

  it('answers the same over tRPC and GraphQL', async () => {
    const viaGraphql = await gql(app, `query { getPagesOfCountry(country_id: 3) { ${FIELDS} } }`);
    const viaTrpc = await trpcCall(app, 'page.getOfCountry', { country_id: 3 });
    expect(viaTrpc.data).toEqual(viaGraphql.data?.getPagesOfCountry);
    const added = await trpcCall<Page[]>(
      app,
      'page.addToCountry',
      { page_ids: [4], country_id: UK },
      { token: admin, mutation: true },
    );
    expect(added.data?.map((page) => page.id)).toEqual([1, 3, 4]);
  });
});
