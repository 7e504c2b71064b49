import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownersOf } from '../db/links.js';
import { BANNER_PAGES } from './banner.repository.js';
import { getSitePage } from '../site/site-content.service.js';
import { addImage, type ImageAnswer } from '../../test/fixtures.js';
import { buildContentTestApp, errorCode, expectFieldErrors, gql, strangerToken, trpcCall } from '../../test/graphql.js';

const FIELDS = `id title description button_name button_url image { id image_name image_url category }
  pages { id name } isDeletable created_at updated_at`;
const ADD = `mutation($input: AddBannerInput!) { addBanner(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation($input: UpdateBannerInput!) { updateBanner(input: $input) { ${FIELDS} } }`;
const DELETE = `mutation($id: Int!, $confirm: Boolean) {
  deleteBanner(banner_id: $id, confirm: $confirm) { success message errorCode } }`;
const ADD_TO_PAGE = `mutation($ids: [Int!]!, $page: Int!) {
  addBannerToOtherPage(banner_ids: $ids, page_id: $page) { id pages { id name } isDeletable } }`;
const REMOVE_FROM_PAGE = `mutation($id: Int!, $page: Int!) {
  deleteBannerFromPage(banner_id: $id, page_id: $page) { success message errorCode } }`;
const ALL = `query($paginate: PaginateInput) { getAllBanners(paginate: $paginate) {
  data { ${FIELDS} } pagination { page perPage pageCount total } } }`;
const OF_PAGE = `query($page: Int!, $paginate: PaginateInput) { getBanners(page_id: $page, paginate: $paginate) {
  data { ${FIELDS} } pagination { page perPage pageCount total } } }`;

interface Banner {
  id: number;
  title: string;
  button_name: string | null;
  button_url: string | null;
  image: ImageAnswer;
  pages: { id: number; name: string }[];
  isDeletable: boolean;
}

describe('banners', () => {
  let app: FastifyInstance;
  let admin: string;
  let nepalEditor: string;
  let bannerImage: number;
  let galleryImage: number;
  let home: number;
  let aboutUs: number;
  let blog: number;

  async function pageId(name: string): Promise<number> {
    const row = await app.db.selectFrom('pages').select('id').where('name', '=', name).executeTakeFirstOrThrow();
    return row.id;
  }

  const linkedPages = (bannerId: number) => ownersOf(app.db, BANNER_PAGES, bannerId);

  async function bannerCount(): Promise<number> {
    const rows = await app.db.selectFrom('banners').select('id').execute();
    return rows.length;
  }

  async function addBanner(title: string, page_ids: number[]): Promise<Banner> {
    const response = await gql<{ addBanner: Banner }>(
      app,
      ADD,
      { input: { title, description: `${title} description`, image_id: bannerImage, page_ids } },
      admin,
    );
    expect(response.errors).toEqual([]);
    return response.data!.addBanner;
  }

  beforeAll(async () => {
    ({ app, admin, nepalEditor } = await buildContentTestApp());
    bannerImage = await addImage(app, 'BANNER');
    galleryImage = await addImage(app, 'GALLERY_IMAGES');
    [home, aboutUs, blog] = [await pageId('Home'), await pageId('About Us'), await pageId('Blog')];
  });
  afterAll(() => app.close());

  it('addBanner stores a banner on its pages with its image', async () => {
    const input = {
      title: 'Study in Australia',
      description: 'Intakes open for February.',
      button_name: 'Enquire',
      button_url: '/contact-us',
      image_id: bannerImage,
      page_ids: [home, aboutUs],
    };
    const response = await gql<{ addBanner: Banner }>(app, ADD, { input }, admin);
    expect(response.errors).toEqual([]);
    const banner = response.data!.addBanner;
    // The texts as given; the image and pages as items of their own.
    const { image_id, page_ids, ...texts } = input;
    expect(banner).toMatchObject({
      ...texts,
      image: { id: image_id, category: 'BANNER' },
      pages: [
        { id: home, name: 'Home' },
        { id: aboutUs, name: 'About Us' },
      ],
      isDeletable: false,
    });
    expect(banner.image.image_url).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);
    expect(await linkedPages(banner.id)).toEqual([...page_ids].sort((a, b) => a - b));
  });

  it('addBanner accepts http(s) button links and no button', async () => {
    const response = await gql<{ addBanner: Banner }>(
      app,
      ADD,
      {
        input: {
          title: 'PTE classes',
          description: 'Weekend batches.',
          button_url: 'https://example.com/pte',
          image_id: bannerImage,
          page_ids: [blog],
        },
      },
      admin,
    );
    expect(response.errors).toEqual([]);
    expect(response.data!.addBanner).toMatchObject({
      button_name: null,
      button_url: 'https://example.com/pte',
      isDeletable: true,
    });
  });

  it('addBanner validates with field messages and stores nothing', async () => {
    const before = await bannerCount();
    const response = await gql(
      app,
      ADD,
      {
        input: {
          title: ' ',
          description: 'x',
          button_url: 'javascript:alert(1)',
          image_id: bannerImage,
          page_ids: [],
        },
      },
      admin,
    );
    expectFieldErrors(response, {
      title: 'Title is required',
      button_url: 'Button link must be an http(s) link or a site path starting with /',
      page_ids: 'Select at least one page',
    });
    const protocolRelative = await gql(
      app,
      ADD,
      {
        input: { title: 'T', description: 'D', button_url: '//evil.example', image_id: bannerImage, page_ids: [home] },
      },
      admin,
    );
    expect(errorCode(protocolRelative)).toBe('BAD_USER_INPUT');
    expect(await bannerCount()).toBe(before);
  });

  it('addBanner refuses an image of another category, unknown pages and non-staff', async () => {
    const before = await bannerCount();
    const input = { title: 'T', description: 'D', image_id: galleryImage, page_ids: [home] };
    const wrongImage = await gql(app, ADD, { input }, admin);
    expectFieldErrors(wrongImage, { image_id: 'Choose an image of the BANNER category' });
    const unknownImage = await gql(app, ADD, { input: { ...input, image_id: 99_999 } }, admin);
    expect(errorCode(unknownImage)).toBe('NOT_FOUND');
    const unknownPage = await gql(app, ADD, { input: { ...input, image_id: bannerImage, page_ids: [9_999] } }, admin);
    expect(errorCode(unknownPage)).toBe('NOT_FOUND');
    const anonymous = await gql(app, ADD, { input: { ...input, image_id: bannerImage } });
    expect(errorCode(anonymous)).toBe('UNAUTHENTICATED');
    const stranger = await gql(app, ADD, { input: { ...input, image_id: bannerImage } }, await strangerToken(app));
    expect(errorCode(stranger)).toBe('FORBIDDEN');
    expect(await bannerCount()).toBe(before);
  });

  it('getAllBanners lists every banner, newest first, to staff only', async () => {
    const total = await bannerCount();
    const response = await gql<{ getAllBanners: { data: Banner[]; pagination: Record<string, number> } }>(
      app,
      ALL,
      { paginate: { page: 1, perPage: 1 } },
      nepalEditor,
    );
    expect(response.errors).toEqual([]);
    const latest = await app.db.selectFrom('banners').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(response.data!.getAllBanners.data.map((banner) => banner.id)).toEqual([latest.id]);
    expect(response.data!.getAllBanners.pagination).toEqual({ page: 1, perPage: 1, pageCount: total, total });
    const anonymous = await gql(app, ALL, {});
    expect(errorCode(anonymous)).toBe('UNAUTHENTICATED');
  });

  it('getBanners shows anyone the banners of one page only', async () => {
    const response = await gql<{ getBanners: { data: Banner[]; pagination: Record<string, number> } }>(app, OF_PAGE, {
      page: aboutUs,
    });
    expect(response.errors).toEqual([]);
    expect(response.data!.getBanners.data.map((banner) => banner.title)).toEqual(['Study in Australia']);
    expect(response.data!.getBanners.pagination).toEqual({ page: 1, perPage: 5, pageCount: 1, total: 1 });
    const tooMany = await gql(app, OF_PAGE, { page: aboutUs, paginate: { perPage: 500 } });
    expect(errorCode(tooMany)).toBe('BAD_USER_INPUT');
    const unknown = await gql(app, OF_PAGE, { page: 9_999 });
    expect(errorCode(unknown)).toBe('NOT_FOUND');
  });

  it('updateBanner changes the given fields and replaces the pages when given', async () => {
    const banner = await addBanner('Before', [home, aboutUs]);
    const response = await gql<{ updateBanner: Banner }>(
      app,
      UPDATE,
      { input: { id: banner.id, title: 'After', button_name: 'Go', page_ids: [blog] } },
      admin,
    );
    expect(response.errors).toEqual([]);
    expect(response.data!.updateBanner).toMatchObject({
      id: banner.id,
      title: 'After',
      button_name: 'Go',
      pages: [{ id: blog, name: 'Blog' }],
      isDeletable: true,
    });
    expect(await linkedPages(banner.id)).toEqual([blog]);

    const cleared = await gql<{ updateBanner: Banner }>(
      app,
      UPDATE,
      { input: { id: banner.id, button_name: null } },
      admin,
    );
    expect(cleared.data!.updateBanner).toMatchObject({ title: 'After', button_name: null, pages: [{ id: blog }] });
  });

  it('updateBanner refuses unknown banners, wrong images and empty page lists', async () => {
    const banner = await addBanner('Unchanged', [home]);
    const unknown = await gql(app, UPDATE, { input: { id: 99_999, title: 'X' } }, admin);
    expect(errorCode(unknown)).toBe('NOT_FOUND');
    const wrongImage = await gql(app, UPDATE, { input: { id: banner.id, image_id: galleryImage } }, admin);
    expect(errorCode(wrongImage)).toBe('BAD_USER_INPUT');
    const noPages = await gql(app, UPDATE, { input: { id: banner.id, page_ids: [] } }, admin);
    expect(errorCode(noPages)).toBe('BAD_USER_INPUT');
    const stored = await app.db
      .selectFrom('banners')
      .select(['title', 'image_id'])
      .where('id', '=', banner.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ title: 'Unchanged', image_id: bannerImage });
    expect(await linkedPages(banner.id)).toEqual([home]);
  });

  it('deleteBanner of a banner on several pages needs confirm (LINKED_WITH_OTHER_PAGES, then DELETED_BANNER)', async () => {
    const banner = await addBanner('Shared', [home, blog]);
    const refused = await gql(app, DELETE, { id: banner.id }, admin);
    expect(refused.data?.deleteBanner).toEqual({
      success: false,
      message: 'It is shown on the pages Home and Blog. Remove it from one page, or confirm to delete it everywhere.',
      errorCode: 'LINKED_WITH_OTHER_PAGES',
    });
    expect(await linkedPages(banner.id)).toEqual([home, blog].sort((a, b) => a - b));

    const confirmed = await gql(app, DELETE, { id: banner.id, confirm: true }, admin);
    expect(confirmed.data?.deleteBanner).toMatchObject({ success: true, errorCode: 'DELETED_BANNER' });
    expect(await app.db.selectFrom('banners').select('id').where('id', '=', banner.id).execute()).toEqual([]);
    expect(await linkedPages(banner.id)).toEqual([]);
    // The image stays in the library.
    expect(await app.db.selectFrom('images').select('id').where('id', '=', bannerImage).execute()).toHaveLength(1);
  });

  it('deleteBanner deletes a banner on one page without confirm; unknown → NOT_FOUND', async () => {
    const banner = await addBanner('Single', [home]);
    const deleted = await gql(app, DELETE, { id: banner.id }, admin);
    expect(deleted.data?.deleteBanner).toMatchObject({ success: true, errorCode: 'DELETED_BANNER' });
    expect(await app.db.selectFrom('banners').select('id').where('id', '=', banner.id).execute()).toEqual([]);
    const again = await gql(app, DELETE, { id: banner.id }, admin);
    expect(errorCode(again)).toBe('NOT_FOUND');
  });

  it('addBannerToOtherPage links banners to a page, idempotently', async () => {
    const first = await addBanner('First', [home]);
    const second = await addBanner('Second', [blog]);
    const variables = { ids: [first.id, second.id], page: aboutUs };
    const response = await gql<{ addBannerToOtherPage: Banner[] }>(app, ADD_TO_PAGE, variables, admin);
    expect(response.errors).toEqual([]);
    expect(response.data!.addBannerToOtherPage).toEqual([
      {
        id: first.id,
        pages: [
          { id: home, name: 'Home' },
          { id: aboutUs, name: 'About Us' },
        ],
        isDeletable: false,
      },
      {
        id: second.id,
        pages: [
          { id: aboutUs, name: 'About Us' },
          { id: blog, name: 'Blog' },
        ],
        isDeletable: false,
      },
    ]);
    const again = await gql<{ addBannerToOtherPage: Banner[] }>(app, ADD_TO_PAGE, variables, admin);
    expect(again.data).toEqual(response.data);
    expect(await linkedPages(first.id)).toEqual([home, aboutUs]);
  });

  it('addBannerToOtherPage refuses unknown banners and pages, and links nothing', async () => {
    const banner = await addBanner('Lonely', [home]);
    const unknownBanner = await gql(app, ADD_TO_PAGE, { ids: [banner.id, 99_999], page: blog }, admin);
    expect(errorCode(unknownBanner)).toBe('NOT_FOUND');
    const unknownPage = await gql(app, ADD_TO_PAGE, { ids: [banner.id], page: 9_999 }, admin);
    expect(errorCode(unknownPage)).toBe('NOT_FOUND');
    const empty = await gql(app, ADD_TO_PAGE, { ids: [], page: blog }, admin);
    expect(errorCode(empty)).toBe('BAD_USER_INPUT');
    expect(await linkedPages(banner.id)).toEqual([home]);
  });

  it('deleteBannerFromPage only takes the banner off that page (DELETED_BANNER_FROM_PAGE)', async () => {
    const banner = await addBanner('Two pages', [home, blog]);
    const response = await gql(app, REMOVE_FROM_PAGE, { id: banner.id, page: home }, admin);
    expect(response.data?.deleteBannerFromPage).toMatchObject({ success: true, errorCode: 'DELETED_BANNER_FROM_PAGE' });
    expect(await linkedPages(banner.id)).toEqual([blog]);
    expect(await app.db.selectFrom('banners').select('id').where('id', '=', banner.id).execute()).toHaveLength(1);
    const notThere = await gql(app, REMOVE_FROM_PAGE, { id: banner.id, page: home }, admin);
    expect(errorCode(notThere)).toBe('NOT_FOUND');
    const anonymous = await gql(app, REMOVE_FROM_PAGE, { id: banner.id, page: blog });
    expect(errorCode(anonymous)).toBe('UNAUTHENTICATED');
    expect(await linkedPages(banner.id)).toEqual([blog]);
  });

  it('answers the same over tRPC and GraphQL', async () => {
    const viaGraphql = await gql(app, OF_PAGE, { page: home, paginate: { page: 1, perPage: 50 } });
    const viaTrpc = await trpcCall<{ data: Banner[] }>(app, 'banner.ofPage', {
      page_id: home,
      paginate: { page: 1, perPage: 50 },
    });
    const pick = (banners: Banner[]) =>
      banners.map(({ id, title, image, pages, isDeletable }) => ({
        id,
        title,
        image: { id: image.id, image_url: image.image_url },
        pages: pages.map(({ id: pageId, name }) => ({ id: pageId, name })),
        isDeletable,
      }));
    const graphqlBanners = (viaGraphql.data as { getBanners: { data: Banner[] } }).getBanners.data;
    expect(graphqlBanners.length).toBeGreaterThan(1);
    expect(pick(viaTrpc.data!.data)).toEqual(pick(graphqlBanners));

    const added = await trpcCall<Banner>(
      app,
      'banner.add',
      { title: 'Via tRPC', description: 'D', image_id: bannerImage, page_ids: [home] },
      { token: admin, mutation: true },
    );
    expect(added.data).toMatchObject({ title: 'Via tRPC', pages: [{ id: home }], isDeletable: true });
    const refused = await trpcCall(app, 'banner.delete', { banner_id: added.data!.id }, { mutation: true });
    expect(refused.error?.code).toBe('UNAUTHORIZED');
  });
});

/**
 * Issue 14 (2): a banner shows on the site of every country that has one of its pages, so an EDITOR may change it
 * only when all those countries are theirs (decision 024); an ADMIN may change every banner.
 */
describe('banners and editors', () => {
  let app: FastifyInstance;
  let admin: string;
  let nepalEditor: string;
  let bannerImage: number;
  let home: number;
  let nepalOnly: number;
  const NEPAL = 2;

  const pageId = async (name: string) =>
    (await app.db.selectFrom('pages').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const bannerRow = (id: number) =>
    app.db.selectFrom('banners').select(['title', 'description']).where('id', '=', id).executeTakeFirst();
  const bannerCount = async () => (await app.db.selectFrom('banners').select('id').execute()).length;

  async function addBanner(title: string, pageIds: number[], token = admin) {
    return gql<{ addBanner: Banner & { countries: { id: number; name: string }[] } }>(
      app,
      `mutation($input: AddBannerInput!) { addBanner(input: $input) { id pages { id } countries { id name } } }`,
      { input: { title, description: 'D', image_id: bannerImage, page_ids: pageIds } },
      token,
    );
  }

  beforeAll(async () => {
    ({ app, admin, nepalEditor } = await buildContentTestApp());
    bannerImage = await addImage(app, 'BANNER');
    home = await pageId('Home');
    // A page only Nepal's site shows.
    nepalOnly = await pageId('Blog');
    await app.db.deleteFrom('country_pages').where('page_id', '=', nepalOnly).execute();
    await app.db.insertInto('country_pages').values({ country_id: NEPAL, page_id: nepalOnly }).execute();
  });
  afterAll(() => app.close());

  it('tells which countries show each banner', async () => {
    const shown = await addBanner('Everywhere', [home]);
    const homeCountries = await app.db
      .selectFrom('country_pages')
      .select('country_id')
      .where('page_id', '=', home)
      .orderBy('country_id')
      .execute();
    expect(homeCountries.length).toBeGreaterThan(1);
    expect(shown.data!.addBanner.countries.map((c) => c.id)).toEqual(homeCountries.map((row) => row.country_id));
    const nepal = await addBanner('Nepal only', [nepalOnly]);
    expect(nepal.data!.addBanner.countries).toEqual([{ id: NEPAL, name: 'Nepal' }]);
  });

  it('refuses a Nepal EDITOR every change to a banner other countries show, on both APIs, changing nothing', async () => {
    const banner = (await addBanner('Home banner', [home])).data!.addBanner;
    const before = await bannerRow(banner.id);
    const count = await bannerCount();
    const refusals = [
      await gql(
        app,
        `mutation($input: UpdateBannerInput!) { updateBanner(input: $input) { id } }`,
        {
          input: { id: banner.id, title: 'Changed by Nepal' },
        },
        nepalEditor,
      ),
      await gql(app, DELETE, { id: banner.id, confirm: true }, nepalEditor),
      await gql(app, REMOVE_FROM_PAGE, { id: banner.id, page: home }, nepalEditor),
      await gql(app, ADD_TO_PAGE, { ids: [banner.id], page: nepalOnly }, nepalEditor),
      await addBanner('New on every site', [home], nepalEditor),
    ];
    for (const refused of refusals) {
      expect(errorCode(refused)).toBe('FORBIDDEN');
      expect(refused.errors[0]?.message).toMatch(/countries you do not manage/);
    }
    const viaTrpc = await trpcCall(
      app,
      'banner.update',
      { id: banner.id, title: 'Changed by Nepal' },
      {
        token: nepalEditor,
        mutation: true,
      },
    );
    expect(viaTrpc.status).toBe(403);
    const alsoViaTrpc = await trpcCall(
      app,
      'banner.add',
      {
        title: 'New on every site',
        description: 'D',
        image_id: bannerImage,
        page_ids: [home],
      },
      { token: nepalEditor, mutation: true },
    );
    expect(alsoViaTrpc.status).toBe(403);
    expect(await bannerRow(banner.id)).toEqual(before);
    expect(await linkedPagesOf(banner.id)).toEqual([home]);
    expect(await bannerCount()).toBe(count);
  });

  it('refuses a Nepal EDITOR moving their own banner onto a page other countries show', async () => {
    const own = (await addBanner('Kathmandu intake', [nepalOnly], nepalEditor)).data!.addBanner;
    const moved = await gql(
      app,
      `mutation($input: UpdateBannerInput!) { updateBanner(input: $input) { id } }`,
      {
        input: { id: own.id, page_ids: [home] },
      },
      nepalEditor,
    );
    expect(errorCode(moved)).toBe('FORBIDDEN');
    expect(errorCode(await gql(app, ADD_TO_PAGE, { ids: [own.id], page: home }, nepalEditor))).toBe('FORBIDDEN');
    expect(await linkedPagesOf(own.id)).toEqual([nepalOnly]);
  });

  it('lets a Nepal EDITOR manage banners only Nepal shows', async () => {
    const added = await addBanner('Nepal intake', [nepalOnly], nepalEditor);
    expect(added.errors).toEqual([]);
    const id = added.data!.addBanner.id;
    const updated = await gql<{ updateBanner: { title: string } }>(
      app,
      `mutation($input: UpdateBannerInput!) { updateBanner(input: $input) { title } }`,
      { input: { id, title: 'Nepal intake 2027' } },
      nepalEditor,
    );
    expect(updated.data?.updateBanner.title).toBe('Nepal intake 2027');
    const removed = await gql(app, DELETE, { id }, nepalEditor);
    expect(removed.data?.deleteBanner).toMatchObject({ success: true, errorCode: 'DELETED_BANNER' });
  });

  it('lets an ADMIN change a banner every country shows', async () => {
    const banner = (await addBanner('Admin banner', [home])).data!.addBanner;
    const updated = await gql(
      app,
      `mutation($input: UpdateBannerInput!) { updateBanner(input: $input) { id } }`,
      {
        input: { id: banner.id, title: 'Admin banner, changed' },
      },
      admin,
    );
    expect(updated.errors).toEqual([]);
    expect((await bannerRow(banner.id))?.title).toBe('Admin banner, changed');
  });

  const linkedPagesOf = (bannerId: number) => ownersOf(app.db, BANNER_PAGES, bannerId);
});

describe("banners kept to some countries (a country's own hero)", () => {
  let app: FastifyInstance;
  let admin: string;
  let nepalEditor: string;
  let bannerImage: number;
  let home: number;
  const NEPAL = 2;
  const CANADA = 3;
  const SHOWN = `id countries { id } only_country_ids`;

  type Shown = { id: number; countries: { id: number }[]; only_country_ids: number[] };
  const titlesOnHome = async (countryId: number) =>
    (await getSitePage(app.db, countryId, '/')).banners.map((banner) => banner.title);

  async function add(title: string, only: number[] | undefined, token = admin) {
    return gql<{ addBanner: Shown }>(
      app,
      `mutation($input: AddBannerInput!) { addBanner(input: $input) { ${SHOWN} } }`,
      { input: { title, description: 'D', image_id: bannerImage, page_ids: [home], only_country_ids: only } },
      token,
    );
  }
  const update = (input: Record<string, unknown>, token = admin) =>
    gql<{ updateBanner: Shown }>(
      app,
      `mutation($input: UpdateBannerInput!) { updateBanner(input: $input) { ${SHOWN} } }`,
      { input },
      token,
    );

  beforeAll(async () => {
    ({ app, admin, nepalEditor } = await buildContentTestApp());
    bannerImage = await addImage(app, 'BANNER');
    home = (await app.db.selectFrom('pages').select('id').where('name', '=', 'Home').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => app.close());

  it("shows a banner kept to Nepal on Nepal's home page only, and says so on both APIs", async () => {
    const added = await add('Study abroad from Kathmandu', [NEPAL]);
    expect(added.errors).toEqual([]);
    expect(added.data!.addBanner).toMatchObject({ countries: [{ id: NEPAL }], only_country_ids: [NEPAL] });
    expect(await titlesOnHome(NEPAL)).toContain('Study abroad from Kathmandu');
    expect(await titlesOnHome(CANADA)).not.toContain('Study abroad from Kathmandu');
    const viaTrpc = await trpcCall<{ data: Shown[] }>(
      app,
      'banner.getAll',
      { paginate: { page: 1, perPage: 50 } },
      { token: admin },
    );
    const listed = viaTrpc.data?.data.find((banner) => banner.id === added.data!.addBanner.id);
    expect(listed?.only_country_ids).toEqual([NEPAL]);

    // Given back to every country (an empty list), it shows on Canada's home page too.
    const everywhere = await update({ id: added.data!.addBanner.id, only_country_ids: [] });
    expect(everywhere.data!.updateBanner.only_country_ids).toEqual([]);
    expect(everywhere.data!.updateBanner.countries.length).toBeGreaterThan(1);
    expect(await titlesOnHome(CANADA)).toContain('Study abroad from Kathmandu');
  });

  it('keeps the countries when an update leaves them out', async () => {
    const id = (await add('Kept to Canada', [CANADA])).data!.addBanner.id;
    const renamed = await update({ id, title: 'Kept to Canada, renamed' });
    expect(renamed.data!.updateBanner.only_country_ids).toEqual([CANADA]);
  });

  it('lets a Nepal EDITOR give the Home page a hero of Nepal only, and nothing wider', async () => {
    const own = await add('Nepal hero', [NEPAL], nepalEditor);
    expect(own.errors).toEqual([]);
    const id = own.data!.addBanner.id;
    expect((await update({ id, title: 'Nepal hero, 2027 intakes' }, nepalEditor)).errors).toEqual([]);
    // Widening it to every country, or to one they do not hold, is refused and changes nothing.
    expect(errorCode(await update({ id, only_country_ids: [] }, nepalEditor))).toBe('FORBIDDEN');
    expect(errorCode(await update({ id, only_country_ids: [NEPAL, CANADA] }, nepalEditor))).toBe('FORBIDDEN');
    expect(errorCode(await add('Canada hero', [CANADA], nepalEditor))).toBe('FORBIDDEN');
    expect(await titlesOnHome(CANADA)).not.toContain('Nepal hero, 2027 intakes');
    expect(await titlesOnHome(NEPAL)).toContain('Nepal hero, 2027 intakes');
    const removed = await gql(app, DELETE, { id }, nepalEditor);
    expect(removed.data?.deleteBanner).toMatchObject({ success: true, errorCode: 'DELETED_BANNER' });
  });

  it('refuses unknown countries with a field message and stores nothing', async () => {
    const count = (await app.db.selectFrom('banners').select('id').execute()).length;
    const refused = await add('Nowhere', [99_999]);
    expect(errorCode(refused)).toBe('NOT_FOUND');
    expect(refused.errors[0]?.extensions?.fields).toMatchObject({ only_country_ids: 'Country not found' });
    expect((await app.db.selectFrom('banners').select('id').execute()).length).toBe(count);
    const viaTrpc = await trpcCall(
      app,
      'banner.add',
      { title: 'Bad', description: 'D', image_id: bannerImage, page_ids: [home], only_country_ids: [0] },
      { token: admin, mutation: true },
    );
    expect(viaTrpc.status).toBe(400);
    expect(Object.keys(viaTrpc.error?.fields ?? {})).toEqual(['only_country_ids.0']);
  });
});
