import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageCategory } from '../../../shared/enums.js';
import { linkItemToOwners, ownersOf } from '../db/links.js';
import { galleryMediaTests } from '../../test/gallery-media.js';
import { GALLERY_IMAGES, IMAGE_COUNTRIES, type Image } from './image.repository.js';
import { buildContentTestApp, errorCode, expectFieldErrors, gql, strangerToken, trpcCall } from '../../test/graphql.js';
import { hashOf, samePicture, storedBlob } from '../../test/images.js';
import { gqlUpload } from '../../test/multipart.js';
import type { DB } from '../db/schema.js';
import { batchedBy, imageIsDeletable } from './image.service.js';
import { saveBlob } from './media.repository.js';

const FIELDS = 'id image_name image_url category created_at updated_at isDeletable alt_text alt_text_reviewed';
const CONNECTION = `edges { cursor node { ${FIELDS} } } pageInfo { endCursor hasNextPage }`;

/** An image as the API shows it, with whether staff may delete it. */
interface ImageNode extends Image {
  isDeletable: boolean;
}
interface ImageConnection {
  edges: { cursor: string; node: ImageNode }[];
  pageInfo: { endCursor: string | null; hasNextPage: boolean };
}

let shade = 0;
/** A tiny PNG whose bytes differ from every other one made here. */
function uniquePng(): Promise<Buffer> {
  shade += 1;
  const background = `#${shade.toString(16).padStart(6, '0')}`;
  return sharp({ create: { width: 2, height: 2, channels: 3, background } })
    .png()
    .toBuffer();
}

const UPLOAD = `mutation upload($images: [Upload!]!, $category: ImageCategory!) {
  uploadImages(images: $images, category: $category) { ${FIELDS} }
}`;

describe('images', () => {
  let app: FastifyInstance;
  let db: Kysely<DB>;
  let admin: string;
  let nepalEditor: string;

  /** An image stored directly (tests of lists and deletes need many). */
  async function storeImage(image_name: string, category: ImageCategory, bytes?: Buffer): Promise<number> {
    const blob_sha256 = await saveBlob(db, { bytes: bytes ?? (await uniquePng()), contentType: 'image/png' });
    const row = await db
      .insertInto('images')
      .values({ image_name, category, blob_sha256 })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const linkToGalleries = (id: number, countryIds: number[]) => linkItemToOwners(db, GALLERY_IMAGES, id, countryIds);
  const galleriesOf = (id: number) => ownersOf(db, GALLERY_IMAGES, id);
  /** Whether each image is in the country's gallery. */
  const galleriesOfAll = (ids: number[], countryId: number) =>
    Promise.all(ids.map(async (id) => (await galleriesOf(id)).includes(countryId)));

  async function imageExists(id: number): Promise<boolean> {
    return (await db.selectFrom('images').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  }

  async function imageCount(): Promise<number> {
    const row = await db
      .selectFrom('images')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  beforeAll(async () => {
    ({ app, admin, nepalEditor } = await buildContentTestApp());
    db = app.db;
  });
  afterAll(() => app.close());

  describe('uploadImages', () => {
    it('stores two PNGs, named after their files, and serves each one’s picture as stored', async () => {
      const first = await uniquePng();
      const second = await uniquePng();
      const response = await gqlUpload<{ uploadImages: ImageNode[] }>(
        app,
        UPLOAD,
        { images: [null, null], category: 'GALLERY_IMAGES' },
        [
          { path: 'variables.images.0', filename: '  Harbour at dusk.png ', contentType: 'image/png', bytes: first },
          { path: 'variables.images.1', filename: 'C:\\fakepath\\campus.png', contentType: 'image/png', bytes: second },
        ],
        nepalEditor,
      );
      expect(response.errors).toEqual([]);
      const stored = response.data!.uploadImages;
      expect(stored.map(({ image_name, category, isDeletable }) => ({ image_name, category, isDeletable }))).toEqual([
        { image_name: 'Harbour at dusk.png', category: 'GALLERY_IMAGES', isDeletable: true },
        { image_name: 'campus.png', category: 'GALLERY_IMAGES', isDeletable: true },
      ]);
      for (const [image, bytes] of [
        [stored[0]!, first],
        [stored[1]!, second],
      ] as const) {
        expect(image.image_url).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);
        const served = await app.inject(image.image_url);
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe('image/png');
        // Re-encoded on upload (decision 017): the same picture, served exactly as stored.
        expect(await samePicture(served.rawPayload, bytes)).toBe(true);
        const stored = await storedBlob(db, hashOf(image.image_url));
        expect(served.rawPayload.equals(Buffer.from(stored.data))).toBe(true);
      }
      const rows = await db
        .selectFrom('images')
        .select(['id', 'image_name'])
        .where(
          'id',
          'in',
          stored.map((image) => image.id),
        )
        .execute();
      expect(rows).toHaveLength(2);
    });

    it('records the size of a sideways phone photo as it is shown, upright', async () => {
      // 60 wide and 20 high as stored, with EXIF orientation 6 (turn 90°): shown 20 wide and 60 high.
      const sideways = await sharp({ create: { width: 60, height: 20, channels: 3, background: '#336699' } })
        .jpeg()
        .withMetadata({ orientation: 6 })
        .toBuffer();
      const response = await gqlUpload<{ uploadImages: ImageNode[] }>(
        app,
        UPLOAD,
        { images: [null], category: 'GALLERY_IMAGES' },
        [{ path: 'variables.images.0', filename: 'portrait.jpg', contentType: 'image/jpeg', bytes: sideways }],
        nepalEditor,
      );
      expect(response.errors).toEqual([]);
      const sha = /\/media\/([0-9a-f]{64})\.jpg$/.exec(response.data!.uploadImages[0]!.image_url)![1]!;
      const blob = await db
        .selectFrom('media_blobs')
        .select(['width', 'height'])
        .where('sha256', '=', sha)
        .executeTakeFirstOrThrow();
      expect(blob).toEqual({ width: 20, height: 60 });
    });

    it('keeps at most 200 characters of a long file name', async () => {
      const response = await gqlUpload<{ uploadImages: ImageNode[] }>(
        app,
        UPLOAD,
        { images: [null], category: 'BANNER' },
        [
          {
            path: 'variables.images.0',
            filename: `${'a'.repeat(250)}.png`,
            contentType: 'image/png',
            bytes: await uniquePng(),
          },
        ],
        admin,
      );
      expect(response.errors).toEqual([]);
      expect(response.data!.uploadImages[0]!.image_name).toBe('a'.repeat(200));
    });

    it('refuses a text file renamed .png and stores nothing of the batch', async () => {
      const good = await uniquePng();
      const before = await imageCount();
      const response = await gqlUpload(
        app,
        UPLOAD,
        { images: [null, null], category: 'GALLERY_IMAGES' },
        [
          { path: 'variables.images.0', filename: 'good.png', contentType: 'image/png', bytes: good },
          {
            path: 'variables.images.1',
            filename: 'notes.png',
            contentType: 'image/png',
            bytes: Buffer.from('These are my notes, not a picture.\n'),
          },
        ],
        admin,
      );
      expectFieldErrors(response, {
        'images.1': 'Upload a PNG, JPEG, WebP, AVIF or GIF image',
      });
      expect(await imageCount()).toBe(before);
      const blobs = await db.selectFrom('media_blobs').select('sha256').where('byte_size', '=', good.length).execute();
      const goodHash = createHash('sha256').update(good).digest('hex');
      expect(blobs.map((blob) => blob.sha256)).not.toContain(goodHash);
      // A refused first file leaves the rest unread, and the request still ends.
      const refusedFirst = await gqlUpload(
        app,
        UPLOAD,
        { images: [null, null], category: 'GALLERY_IMAGES' },
        [
          { path: 'variables.images.0', filename: 'notes.png', contentType: 'image/png', bytes: Buffer.from('text') },
          { path: 'variables.images.1', filename: 'good.png', contentType: 'image/png', bytes: good },
        ],
        admin,
      );
      expect(refusedFirst.errors[0]?.extensions?.fields).toEqual({
        'images.0': 'Upload a PNG, JPEG, WebP, AVIF or GIF image',
      });
      expect(await imageCount()).toBe(before);
    });

    it('refuses an unknown category and anonymous callers', async () => {
      const file = {
        path: 'variables.images.0',
        filename: 'x.png',
        contentType: 'image/png',
        bytes: await uniquePng(),
      };
      const badCategory = await gqlUpload(app, UPLOAD, { images: [null], category: 'HOLIDAYS' }, [file], admin);
      expect(errorCode(badCategory)).toBe('BAD_USER_INPUT');
      const anonymous = await gqlUpload(app, UPLOAD, { images: [null], category: 'BANNER' }, [file]);
      expect(errorCode(anonymous)).toBe('UNAUTHENTICATED');
    });

    it('answers a malformed multipart request as bad input, and stores nothing', async () => {
      const before = await imageCount();
      // The map must name `variables.images.0`; a path outside the operations object is the client's mistake.
      const misplaced = { path: 'images.0', filename: 'x.png', contentType: 'image/png', bytes: await uniquePng() };
      const response = await gqlUpload(app, UPLOAD, { images: [null], category: 'BANNER' }, [misplaced], admin);
      expect(errorCode(response)).toBe('BAD_USER_INPUT');
      expect(response.errors[0]?.message).toMatch(/Invalid object path/);
      expect(response.errors[0]?.message).not.toMatch(/at \w+ \(/);
      expect(await imageCount()).toBe(before);
    });
  });

  describe('getAllImages', () => {
    it('lists images newest first, in pages', async () => {
      const older = await storeImage('older.png', 'SERVICES');
      const newer = await storeImage('newer.png', 'TEAM');
      const response = await gql<{ getAllImages: ImageConnection }>(
        app,
        `query { getAllImages(first: 1) { ${CONNECTION} } }`,
        {},
        admin,
      );
      expect(response.errors).toEqual([]);
      const page = response.data!.getAllImages;
      expect(page.edges.map((edge) => edge.node.id)).toEqual([newer]);
      expect(page.pageInfo).toEqual({ endCursor: page.edges[0]!.cursor, hasNextPage: true });
      const next = await gql<{ getAllImages: ImageConnection }>(
        app,
        `query($after: String) { getAllImages(first: 1, after: $after) { ${CONNECTION} } }`,
        { after: page.pageInfo.endCursor },
        admin,
      );
      expect(next.data!.getAllImages.edges.map((edge) => edge.node.id)).toEqual([older]);
    });

    it('returns every image exactly once while new images are inserted between pages', async () => {
      for (let index = 0; index < 7; index++) await storeImage(`existing-${index}.png`, 'GALLERY_IMAGES');
      const existing = (await db.selectFrom('images').select('id').orderBy('id', 'desc').execute()).map(
        (row) => row.id,
      );
      const seen: number[] = [];
      let after: string | null = null;
      let pages = 0;
      do {
        const response: Awaited<ReturnType<typeof gql<{ getAllImages: ImageConnection }>>> = await gql(
          app,
          `query($after: String) { getAllImages(first: 3, after: $after) { ${CONNECTION} } }`,
          { after },
          admin,
        );
        expect(response.errors).toEqual([]);
        const page: ImageConnection = response.data!.getAllImages;
        seen.push(...page.edges.map((edge) => edge.node.id));
        after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
        // Newcomers between page fetches must neither shift nor repeat what follows.
        await storeImage(`newcomer-${pages}-a.png`, 'BANNER');
        await storeImage(`newcomer-${pages}-b.png`, 'POPUP');
        pages += 1;
      } while (after && pages < 50);
      expect(seen).toEqual(existing);
      expect(new Set(seen).size).toBe(seen.length);
      expect(pages).toBe(Math.ceil(existing.length / 3));
    });

    it('filters by part of the name across categories, over GraphQL and tRPC alike', async () => {
      const banner = await storeImage('Harbour bridge at NIGHT.png', 'BANNER');
      const team = await storeImage('night shift desk.png', 'TEAM');
      await storeImage('Morning queue.png', 'TEAM');
      const response = await gql<{ getAllImages: ImageConnection }>(
        app,
        `query { getAllImages(filter: " night ") { ${CONNECTION} } }`,
        {},
        admin,
      );
      expect(response.errors).toEqual([]);
      expect(response.data!.getAllImages.edges.map((edge) => edge.node.id)).toEqual([team, banner]);
      const viaTrpc = await trpcCall(app, 'media.allImages', { filter: 'night' }, { token: admin });
      expect(viaTrpc.data).toEqual(response.data!.getAllImages);
    });

    it('refuses a bad page size, a forged cursor, anonymous callers and non-staff', async () => {
      const tooMany = await gql(app, `query { getAllImages(first: 101) { pageInfo { hasNextPage } } }`, {}, admin);
      expectFieldErrors(tooMany, { first: 'first must be 1 to 100' });
      const forged = await gql(
        app,
        `query { getAllImages(after: "not-a-cursor") { pageInfo { hasNextPage } } }`,
        {},
        admin,
      );
      expect(errorCode(forged)).toBe('BAD_USER_INPUT');
      const anonymous = await gql(app, `query { getAllImages { pageInfo { hasNextPage } } }`);
      expect(errorCode(anonymous)).toBe('UNAUTHENTICATED');
      const stranger = await gql(
        app,
        `query { getAllImages { pageInfo { hasNextPage } } }`,
        {},
        await strangerToken(app),
      );
      expect(errorCode(stranger)).toBe('FORBIDDEN');
    });
  });

  describe('getImagesOfCategory', () => {
    let nepalOnly: number;
    let sharedGallery: number;

    beforeAll(async () => {
      nepalOnly = await storeImage('Everest_base 100%.png', 'GALLERY_IMAGES');
      sharedGallery = await storeImage('Graduation day.png', 'GALLERY_IMAGES');
      await linkToGalleries(nepalOnly, [2]);
      await linkToGalleries(sharedGallery, [2, 3]);
    });

    it('lists a category, filtered by part of the name regardless of case', async () => {
      await storeImage('Office EVEREST desk.png', 'SERVICES');
      const query = `query($category: ImageCategory!, $filter: String) {
        getImagesOfCategory(category: $category, filter: $filter) { ${CONNECTION} } }`;
      const response = await gql<{ getImagesOfCategory: ImageConnection }>(
        app,
        query,
        { category: 'GALLERY_IMAGES', filter: 'everest' },
        admin,
      );
      expect(response.errors).toEqual([]);
      expect(response.data!.getImagesOfCategory.edges.map((edge) => edge.node.image_name)).toEqual([
        'Everest_base 100%.png',
      ]);
      // `%` and `_` are plain characters, not wildcards.
      const literal = await gql<{ getImagesOfCategory: ImageConnection }>(
        app,
        query,
        { category: 'GALLERY_IMAGES', filter: 't_base 100%' },
        admin,
      );
      expect(literal.data!.getImagesOfCategory.edges.map((edge) => edge.node.id)).toEqual([nepalOnly]);
      const underscore = await gql<{ getImagesOfCategory: ImageConnection }>(
        app,
        query,
        { category: 'GALLERY_IMAGES', filter: 'n_day' },
        admin,
      );
      expect(underscore.data!.getImagesOfCategory.edges).toEqual([]);
      const wildcard = await gql<{ getImagesOfCategory: ImageConnection }>(
        app,
        query,
        { category: 'GALLERY_IMAGES', filter: '%' },
        admin,
      );
      expect(wildcard.data!.getImagesOfCategory.edges.map((edge) => edge.node.id)).toEqual([nepalOnly]);
    });

    it('with a country and GALLERY_IMAGES, lists that country’s gallery with isDeletable', async () => {
      const response = await gql<{ getImagesOfCategory: ImageConnection }>(
        app,
        `query { getImagesOfCategory(category: GALLERY_IMAGES, country_id: 2) { ${CONNECTION} } }`,
        {},
        nepalEditor,
      );
      expect(response.errors).toEqual([]);
      expect(response.data!.getImagesOfCategory.edges.map(({ node }) => [node.id, node.isDeletable])).toEqual([
        [sharedGallery, false],
        [nepalOnly, true],
      ]);
      const canada = await gql<{ getImagesOfCategory: ImageConnection }>(
        app,
        `query { getImagesOfCategory(category: GALLERY_IMAGES, country_id: 3) { ${CONNECTION} } }`,
        {},
        admin,
      );
      expect(canada.data!.getImagesOfCategory.edges.map(({ node }) => node.id)).toEqual([sharedGallery]);
    });

    it('shows staff the gallery of a disabled country, which visitors do not get', async () => {
      const hidden = await db
        .insertInto('countries')
        .values({ name: 'Fiji', is_enabled: 'DISABLE' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const pictured = await storeImage('Coral lagoon.png', 'GALLERY_IMAGES');
      await linkToGalleries(pictured, [hidden.id]);
      const staff = await gql<{ getImagesOfCategory: ImageConnection }>(
        app,
        `query($country_id: Int) { getImagesOfCategory(category: GALLERY_IMAGES, country_id: $country_id) {
          ${CONNECTION} } }`,
        { country_id: hidden.id },
        admin,
      );
      expect(staff.errors).toEqual([]);
      expect(staff.data!.getImagesOfCategory.edges.map(({ node }) => node.id)).toEqual([pictured]);
      const viaTrpc = await trpcCall(
        app,
        'media.imagesOfCategory',
        { category: 'GALLERY_IMAGES', country_id: hidden.id },
        { token: admin },
      );
      expect(viaTrpc.data).toEqual(staff.data!.getImagesOfCategory);
      const visitors = await trpcCall<ImageConnection>(app, 'media.imagesFromGallery', { country_id: hidden.id });
      expect(visitors.data?.edges).toEqual([]);
    });

    it('with not_in_gallery_of, lists the gallery images that country’s gallery does not have yet', async () => {
      const query = `query($category: ImageCategory!, $country: Int, $filter: String) {
        getImagesOfCategory(category: $category, not_in_gallery_of: $country, filter: $filter, first: 100) {
          ${CONNECTION} } }`;
      const ids = async (variables: Record<string, unknown>) => {
        const response = await gql<{ getImagesOfCategory: ImageConnection }>(app, query, variables, admin);
        expect(response.errors).toEqual([]);
        return response.data!.getImagesOfCategory.edges.map(({ node }) => node.id);
      };
      const forCanada = await ids({ category: 'GALLERY_IMAGES', country: 3 });
      expect(forCanada).toContain(nepalOnly);
      expect(forCanada).not.toContain(sharedGallery);
      const forNepal = await ids({ category: 'GALLERY_IMAGES', country: 2 });
      expect(forNepal).not.toContain(nepalOnly);
      expect(forNepal).not.toContain(sharedGallery);
      expect(await galleriesOfAll(forNepal, 2)).toEqual(forNepal.map(() => false));
      // With the name filter too; other categories have no galleries, so the argument changes nothing for them.
      expect(await ids({ category: 'GALLERY_IMAGES', country: 3, filter: 'everest' })).toEqual([nepalOnly]);
      expect(await ids({ category: 'SERVICES', country: 2 })).toEqual(await ids({ category: 'SERVICES' }));
    });

    it('refuses an unknown category', async () => {
      const badCategory = await gql(
        app,
        `query { getImagesOfCategory(category: HOLIDAYS) { pageInfo { hasNextPage } } }`,
        {},
        admin,
      );
      expect(errorCode(badCategory)).toBe('GRAPHQL_VALIDATION_FAILED');
    });
  });

  describe('getImagesFromGallery', () => {
    it('shows anyone an enabled country’s gallery, and nothing of a disabled one', async () => {
      const ownCountry = await db
        .insertInto('countries')
        .values({ name: 'Japan' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const pictured = await storeImage('Kyoto.png', 'GALLERY_IMAGES');
      await storeImage('Not in any gallery.png', 'GALLERY_IMAGES');
      await linkToGalleries(pictured, [ownCountry.id]);
      const query = `query($country_id: Int!) { getImagesFromGallery(country_id: $country_id) { ${CONNECTION} } }`;
      const response = await gql<{ getImagesFromGallery: ImageConnection }>(app, query, { country_id: ownCountry.id });
      expect(response.errors).toEqual([]);
      expect(response.data!.getImagesFromGallery.edges.map(({ node }) => node.image_name)).toEqual(['Kyoto.png']);
      await db.updateTable('countries').set({ is_enabled: 'DISABLE' }).where('id', '=', ownCountry.id).execute();
      const disabled = await gql<{ getImagesFromGallery: ImageConnection }>(app, query, { country_id: ownCountry.id });
      expect(disabled.data!.getImagesFromGallery).toEqual({
        edges: [],
        pageInfo: { endCursor: null, hasNextPage: false },
      });
    });

    it('refuses an invalid country id', async () => {
      const response = await gql(app, `query { getImagesFromGallery(country_id: 0) { pageInfo { hasNextPage } } }`);
      expectFieldErrors(response, { country_id: 'Country is required' });
    });
  });

  describe('unassigned image lists', () => {
    const LISTS = [
      { operation: 'getUnassignedTestimonialImages', kind: 'testimonial', category: 'TESTIMONALS' },
      { operation: 'getUnassignedTeamImages', kind: 'team', category: 'TEAM' },
      { operation: 'getUnassignedFooterSocialMediaImages', kind: 'footerSocialMedia', category: 'SOCIAL_MEDIA' },
      { operation: 'getUnassignedPopupImages', kind: 'popup', category: 'POPUP' },
      { operation: 'getUnassignedBannerImages', kind: 'banner', category: 'BANNER' },
    ] as const;

    /** Gives an image to a new entity of the list's kind. */
    async function useImage(kind: (typeof LISTS)[number]['kind'], image_id: number) {
      if (kind === 'testimonial') {
        await db
          .insertInto('testimonials')
          .values({ name: 'Asha', image_id, testimonial: 'Great help', rating: 5, relation: 'Student' })
          .execute();
      } else if (kind === 'team') {
        await db
          .insertInto('team_members')
          .values({ name: 'Ram', position: 'Counsellor', description: 'Helps students', image_id })
          .execute();
      } else if (kind === 'footerSocialMedia') {
        await db
          .insertInto('footer_social_media')
          .values({ country_id: 2, image_id, social_media_link: 'https://example.com/social' })
          .execute();
      } else if (kind === 'popup') {
        await db.insertInto('popups').values({ image_id }).execute();
      } else {
        await db.insertInto('banners').values({ title: 'Welcome', description: 'Study abroad', image_id }).execute();
      }
    }

    it.each(LISTS)('$operation lists $category images no entity of its kind uses', async (list) => {
      const used = await storeImage(`${list.kind} used.png`, list.category);
      const free = await storeImage(`${list.kind} Free.png`, list.category);
      const freeOther = await storeImage(`${list.kind} other.png`, list.category);
      await storeImage(`${list.kind} free but wrong category.png`, 'GALLERY_IMAGES');
      await useImage(list.kind, used);
      const query = `query($filter: String) { ${list.operation}(filter: $filter) { ${CONNECTION} } }`;
      const response = await gql<Record<string, ImageConnection>>(app, query, {}, admin);
      expect(response.errors).toEqual([]);
      const ids = response.data![list.operation]!.edges.map(({ node }) => node.id);
      expect(ids).toEqual(expect.arrayContaining([free, freeOther]));
      expect(ids).not.toContain(used);
      const nodes = response.data![list.operation]!.edges.map(({ node }) => node);
      expect(new Set(nodes.map((node) => node.category))).toEqual(new Set([list.category]));
      const filtered = await gql<Record<string, ImageConnection>>(app, query, { filter: 'FREE' }, admin);
      expect(filtered.data![list.operation]!.edges.map(({ node }) => node.id)).toEqual([free]);
      // The same list over tRPC.
      const viaTrpc = await trpcCall(
        app,
        'media.unassignedImages',
        { kind: list.kind, filter: 'FREE' },
        { token: admin },
      );
      expect(viaTrpc.data).toEqual(filtered.data![list.operation]);
    });

    it.each(LISTS)('$operation refuses anonymous callers and a bad page size', async (list) => {
      const anonymous = await gql(app, `query { ${list.operation} { pageInfo { hasNextPage } } }`);
      expect(errorCode(anonymous)).toBe('UNAUTHENTICATED');
      const zero = await gql(app, `query { ${list.operation}(first: 0) { pageInfo { hasNextPage } } }`, {}, admin);
      expect(errorCode(zero)).toBe('BAD_USER_INPUT');
    });
  });

  describe('addImagesToGallery', () => {
    const ADD = `mutation($image_ids: [Int!]!, $country_id: Int!) {
      addImagesToGallery(image_ids: $image_ids, country_id: $country_id) { ${FIELDS} } }`;

    it('links gallery images to a country; linking twice makes no duplicate', async () => {
      const first = await storeImage('Pokhara.png', 'GALLERY_IMAGES');
      const second = await storeImage('Lumbini.png', 'GALLERY_IMAGES');
      const added = await gql<{ addImagesToGallery: ImageNode[] }>(
        app,
        ADD,
        { image_ids: [first, second, first], country_id: 2 },
        nepalEditor,
      );
      expect(added.errors).toEqual([]);
      expect(added.data!.addImagesToGallery.map(({ id, isDeletable }) => ({ id, isDeletable }))).toEqual([
        { id: first, isDeletable: true },
        { id: second, isDeletable: true },
      ]);
      const again = await gql(app, ADD, { image_ids: [first], country_id: 2 }, nepalEditor);
      expect(again.errors).toEqual([]);
      expect(await galleriesOf(first)).toEqual([2]);
      expect(await galleriesOf(second)).toEqual([2]);
    });

    it('refuses images of other categories, unknown images and countries, and links nothing', async () => {
      const gallery = await storeImage('Chitwan.png', 'GALLERY_IMAGES');
      const banner = await storeImage('Banner.png', 'BANNER');
      const wrong = await gql(app, ADD, { image_ids: [gallery, banner], country_id: 2 }, admin);
      expectFieldErrors(wrong, {
        image_ids: 'Only gallery images can be added to a gallery',
      });
      const unknown = await gql(app, ADD, { image_ids: [gallery, 99_999], country_id: 2 }, admin);
      expect(errorCode(unknown)).toBe('NOT_FOUND');
      const noCountry = await gql(app, ADD, { image_ids: [gallery], country_id: 99 }, admin);
      expect(errorCode(noCountry)).toBe('NOT_FOUND');
      const none = await gql(app, ADD, { image_ids: [], country_id: 2 }, admin);
      expect(errorCode(none)).toBe('BAD_USER_INPUT');
      expect(await galleriesOf(gallery)).toEqual([]);
    });

    it('lets an editor change only their own countries’ galleries', async () => {
      const image = await storeImage('Toronto.png', 'GALLERY_IMAGES');
      const response = await gql(app, ADD, { image_ids: [image], country_id: 3 }, nepalEditor);
      expect(errorCode(response)).toBe('FORBIDDEN');
      expect(await galleriesOf(image)).toEqual([]);
      const viaTrpc = await trpcCall(
        app,
        'media.addImagesToGallery',
        { image_ids: [image], country_id: 3 },
        { token: nepalEditor, mutation: true },
      );
      expect(viaTrpc.error?.code).toBe('FORBIDDEN');
    });
  });

  galleryMediaTests({ noun: 'Image', category: 'GALLERY_IMAGES' }, () => ({
    app,
    admin,
    nepalEditor,
    store: (name) => storeImage(`${name}.png`, 'GALLERY_IMAGES'),
    linkToGalleries,
    galleriesOf,
    exists: imageExists,
  }));

  describe('deleteImage', () => {
    const DELETE = `mutation($image_id: Int!, $confirm: Boolean) {
      deleteImage(image_id: $image_id, confirm: $confirm) { success message errorCode } }`;

    async function blobOf(image_id: number): Promise<string> {
      const row = await db
        .selectFrom('images')
        .select('blob_sha256')
        .where('id', '=', image_id)
        .executeTakeFirstOrThrow();
      return row.blob_sha256;
    }

    async function blobExists(sha256: string): Promise<boolean> {
      const row = await db.selectFrom('media_blobs').select('sha256').where('sha256', '=', sha256).executeTakeFirst();
      return row !== undefined;
    }

    async function isDeletable(image_id: number): Promise<boolean> {
      const response = await gql<{ getAllImages: ImageConnection }>(
        app,
        `query { getAllImages(first: 100) { ${CONNECTION} } }`,
        {},
        admin,
      );
      return response.data!.getAllImages.edges.find(({ node }) => node.id === image_id)!.node.isDeletable;
    }

    it('never deletes an image an entity uses, even with confirm', async () => {
      const image = await storeImage('Home service.png', 'SERVICES');
      await db
        .insertInto('home_services')
        .values({ country_id: 2, title: 'Visa', description: 'Visa help', image_id: image })
        .execute();
      expect(await isDeletable(image)).toBe(false);
      for (const confirm of [false, true]) {
        const response = await gql(app, DELETE, { image_id: image, confirm }, admin);
        expect(response.errors).toEqual([]);
        expect(response.data?.deleteImage).toEqual({
          success: false,
          message: 'This image is in use and cannot be deleted. It is used by the service "Visa".',
          errorCode: 'LINKED_WITH_OTHER_ENTITIES',
        });
      }
      expect(await imageExists(image)).toBe(true);
    });

    it('names each thing using an image once, in words, however many country sites show it', async () => {
      const image = await storeImage('Shared service.png', 'SERVICES');
      await db
        .insertInto('home_services')
        .values([
          { country_id: 2, title: 'Study', description: 'Study help', image_id: image },
          { country_id: 3, title: 'Study', description: 'Study help', image_id: image },
          { country_id: 4, title: 'Courses', description: 'Course help', image_id: image },
        ])
        .execute();
      const response = await gql<{ deleteImage: { message: string } }>(app, DELETE, { image_id: image }, admin);
      expect(response.data?.deleteImage.message).toBe(
        'This image is in use and cannot be deleted. It is used by the services "Study" and "Courses".',
      );
    });

    it('deletes an image in several galleries only with confirm, with its links and bytes', async () => {
      const image = await storeImage('Sydney Opera House.png', 'GALLERY_IMAGES');
      await linkToGalleries(image, [2, 4]);
      const sha256 = await blobOf(image);
      expect(await isDeletable(image)).toBe(false);
      const plain = await gql(app, DELETE, { image_id: image }, admin);
      expect(plain.data?.deleteImage).toMatchObject({ success: false, errorCode: 'LINKED_WITH_OTHER_COUNTRIES' });
      expect(await imageExists(image)).toBe(true);
      expect(await galleriesOf(image)).toEqual([2, 4]);
      const confirmed = await gql(app, DELETE, { image_id: image, confirm: true }, admin);
      expect(confirmed.data?.deleteImage).toEqual({
        success: true,
        message: 'Image deleted.',
        errorCode: 'DELETED_IMAGE',
      });
      expect(await imageExists(image)).toBe(false);
      expect(await galleriesOf(image)).toEqual([]);
      expect(await blobExists(sha256)).toBe(false);
    });

    it('deletes an image in one gallery without confirm, keeping bytes another image shares', async () => {
      const bytes = await uniquePng();
      const image = await storeImage('Copy one.png', 'GALLERY_IMAGES', bytes);
      const twin = await storeImage('Copy two.png', 'GALLERY_IMAGES', bytes);
      await linkToGalleries(image, [2]);
      // Uploaded for Nepal, so Nepal's editor may delete it (issue 14).
      await linkItemToOwners(db, IMAGE_COUNTRIES, image, [2]);
      expect(await isDeletable(image)).toBe(true);
      const response = await gql(app, DELETE, { image_id: image }, nepalEditor);
      expect(response.data?.deleteImage).toMatchObject({ success: true, errorCode: 'DELETED_IMAGE' });
      expect(await imageExists(image)).toBe(false);
      expect(await galleriesOf(image)).toEqual([]);
      expect(await imageExists(twin)).toBe(true);
      expect(await blobExists(await blobOf(twin))).toBe(true);
    });

    it('keeps bytes a country flag shares', async () => {
      const flag = await db.selectFrom('countries').select('flag_sha256').where('id', '=', 2).executeTakeFirstOrThrow();
      const image = await storeImage('Nepal flag.png', 'SOCIAL_MEDIA');
      await db.updateTable('images').set({ blob_sha256: flag.flag_sha256! }).where('id', '=', image).execute();
      const response = await gql(app, DELETE, { image_id: image }, admin);
      expect(response.data?.deleteImage).toMatchObject({ errorCode: 'DELETED_IMAGE' });
      expect(await blobExists(flag.flag_sha256!)).toBe(true);
    });

    it('refuses an unknown image, and an editor deleting another country’s gallery image', async () => {
      const unknown = await gql(app, DELETE, { image_id: 99_999 }, admin);
      expect(errorCode(unknown)).toBe('NOT_FOUND');
      const image = await storeImage('Melbourne.png', 'GALLERY_IMAGES');
      await linkToGalleries(image, [4]);
      const forbidden = await gql(app, DELETE, { image_id: image }, nepalEditor);
      expect(errorCode(forbidden)).toBe('FORBIDDEN');
      expect(await imageExists(image)).toBe(true);
      expect(await galleriesOf(image)).toEqual([4]);
    });

    it('deletes over tRPC like over GraphQL', async () => {
      const image = await storeImage('Unused.png', 'TEAM');
      const viaTrpc = await trpcCall(app, 'media.deleteImage', { image_id: image }, { token: admin, mutation: true });
      expect(viaTrpc.data).toEqual({ success: true, message: 'Image deleted.', errorCode: 'DELETED_IMAGE' });
      expect(await imageExists(image)).toBe(false);
    });
  });

  describe('tRPC parity', () => {
    it('media.allImages answers what getAllImages answers', async () => {
      const viaGraphql = await gql<{ getAllImages: ImageConnection }>(
        app,
        `query { getAllImages(first: 5) { ${CONNECTION} } }`,
        {},
        admin,
      );
      const viaTrpc = await trpcCall(app, 'media.allImages', { first: 5 }, { token: admin });
      expect(viaTrpc.data).toEqual(viaGraphql.data?.getAllImages);
      expect(viaGraphql.data?.getAllImages.edges).toHaveLength(5);
    });

    it('media.imagesFromGallery is public and answers what getImagesFromGallery answers', async () => {
      const viaGraphql = await gql<{ getImagesFromGallery: ImageConnection }>(
        app,
        `query { getImagesFromGallery(country_id: 2) { ${CONNECTION} } }`,
      );
      const viaTrpc = await trpcCall(app, 'media.imagesFromGallery', { country_id: 2 });
      expect(viaTrpc.data).toEqual(viaGraphql.data?.getImagesFromGallery);
      expect(viaGraphql.data?.getImagesFromGallery.edges.length).toBeGreaterThan(0);
      const staffOnly = await trpcCall(app, 'media.allImages', {});
      expect(staffOnly.error?.code).toBe('UNAUTHORIZED');
    });
  });

  describe('isDeletable of images other domains attach', () => {
    it('looks up the images of one request together', async () => {
      const calls: number[][] = [];
      const lookup = batchedBy((_db, ids) => {
        calls.push([...ids]);
        return Promise.resolve(new Map(ids.map((id) => [id, id % 2 === 0])));
      });
      const request = {};
      const answers = await Promise.all([1, 2, 3, 2].map((id) => lookup(db, request, id)));
      expect(answers).toEqual([false, true, false, true]);
      expect(calls).toEqual([[1, 2, 3]]);
      expect(await lookup(db, request, 4)).toBe(true);
      expect(calls).toHaveLength(2);
    });

    it('answers from the database', async () => {
      const free = await storeImage('Free.png', 'BANNER');
      const used = await storeImage('Used.png', 'BANNER');
      await db.insertInto('banners').values({ title: 'Hi', description: 'There', image_id: used }).execute();
      const request = {};
      expect(await Promise.all([imageIsDeletable(db, request, free), imageIsDeletable(db, request, used)])).toEqual([
        true,
        false,
      ]);
    });
  });
});
