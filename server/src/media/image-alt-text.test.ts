/**
 * Also run on PostgreSQL (decision 056): migration 0039 works out the library's starting values in SQL.
 * @module-tag database-engine
 */
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { INVALID_TEXT_MESSAGE } from '../errors.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GoLiveCheck } from '../../../shared/site-settings.js';
import { createTestDatabase } from '../../test/database.js';
import { buildContentTestApp, errorCode, expectFieldErrors, gql, trpcCall } from '../../test/graphql.js';
import { rowCount } from '../../test/images.js';
import { gqlUpload } from '../../test/multipart.js';
import { createMigrator, migrateToLatest } from '../db/migrate.js';
import { seedDatabase } from '../seed/seed.js';
import { saveBlob } from './media.repository.js';

const FIELDS = 'id image_name alt_text alt_text_reviewed';

/** The staff area's upload: each picture with the alternative text staff wrote. */
const UPLOAD = `mutation upload($images: [Upload!]!, $category: ImageCategory!, $alt_texts: [String!]) {
  uploadImages(images: $images, category: $category, alt_texts: $alt_texts) { ${FIELDS} }
}`;

/** The spec's upload (§7), as other callers send it: no alternative text. */
const SPEC_UPLOAD = `mutation upload($images: [Upload!]!, $category: ImageCategory!) {
  uploadImages(images: $images, category: $category) { id image_name image_url category isDeletable }
}`;

interface Picture {
  id: number;
  image_name: string;
  alt_text: string;
  alt_text_reviewed: boolean;
}

let shade = 0x300000;
/** A tiny PNG whose bytes differ from every other one made here. */
function uniquePng(): Promise<Buffer> {
  shade += 1;
  return sharp({ create: { width: 2, height: 2, channels: 3, background: `#${shade.toString(16)}` } })
    .png()
    .toBuffer();
}

async function pngFiles(...names: string[]) {
  return Promise.all(
    names.map(async (filename, index) => ({
      path: `variables.images.${index}`,
      filename,
      contentType: 'image/png',
      bytes: await uniquePng(),
    })),
  );
}

describe('alternative text of pictures', () => {
  let app: FastifyInstance;
  let admin: string;
  let nepalEditor: string;

  beforeAll(async () => {
    ({ app, admin, nepalEditor } = await buildContentTestApp());
  });
  afterAll(() => app.close());

  const upload = async (names: string[], alt_texts: string[] | undefined, token = admin) =>
    gqlUpload<{ uploadImages: Picture[] }>(
      app,
      UPLOAD,
      { images: names.map(() => null), category: 'GALLERY_IMAGES', alt_texts },
      await pngFiles(...names),
      token,
    );

  const stored = (id: number) =>
    app.db
      .selectFrom('images')
      .select(['image_name', 'alt_text', 'alt_text_reviewed'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  const unreviewedCheck = async () => {
    const { data } = await trpcCall<GoLiveCheck[]>(app, 'settings.goLive', null, { token: admin });
    return data!.find((check) => check.id === 'altText')!;
  };

  it('is required with each picture: a blank one refuses the upload, and nothing is stored', async () => {
    const before = await rowCount(app.db, 'images');
    const response = await upload(['harbour.png', 'IMG_0042.png'], ['Sydney harbour at dusk', '   ']);
    expectFieldErrors(response, { 'alt_texts.1': 'Alternative text is required' });
    expect(response.errors[0]!.message).toContain('Alternative text is required');
    expect(await rowCount(app.db, 'images')).toBe(before);
  });

  it('is one per picture, at most 250 characters', async () => {
    const fewer = await upload(['one.png', 'two.png'], ['The first picture']);
    expectFieldErrors(fewer, { alt_texts: 'Give alternative text for each image' });
    const long = await upload(['long.png'], ['x'.repeat(251)]);
    expectFieldErrors(long, { 'alt_texts.0': 'Alternative text must be at most 250 characters' });
    // Invalid text is refused as in every other argument (the file makes this call one the API-wide test leaves out).
    const invalid = await upload(['nul.png'], ['A picture\u0000']);
    expect(invalid.errors[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(invalid.errors[0]?.message).toContain(INVALID_TEXT_MESSAGE);
  });

  it('is stored as staff wrote it, reviewed, and the library shows it', async () => {
    const response = await upload(
      ['IMG_0042.png', 'DSC0001.png'],
      ['  Students at their graduation in Sydney ', 'Our Kathmandu office'],
      nepalEditor,
    );
    expect(response.errors).toEqual([]);
    const [first, second] = response.data!.uploadImages;
    expect(first).toMatchObject({ alt_text: 'Students at their graduation in Sydney', alt_text_reviewed: true });
    expect(second).toMatchObject({ alt_text: 'Our Kathmandu office', alt_text_reviewed: true });
    expect(await stored(first!.id)).toEqual({
      image_name: 'IMG_0042.png',
      alt_text: 'Students at their graduation in Sydney',
      alt_text_reviewed: true,
    });
    const library = await trpcCall<{ edges: { node: Picture }[] }>(
      app,
      'media.allImages',
      { first: 5, filter: 'IMG_0042' },
      { token: admin },
    );
    expect(library.data!.edges.map(({ node }) => node)).toContainEqual(
      expect.objectContaining({ id: first!.id, alt_text: 'Students at their graduation in Sydney' }),
    );
  });

  it("keeps the spec's uploadImages as it was: without alt_texts a picture starts from its file name, for review", async () => {
    const checkBefore = await unreviewedCheck();
    const response = await gqlUpload<{ uploadImages: { id: number; image_name: string; category: string }[] }>(
      app,
      SPEC_UPLOAD,
      { images: [null], category: 'GALLERY_IMAGES' },
      await pngFiles('graduation_day-2026.png'),
      admin,
    );
    expect(response.errors).toEqual([]);
    const [picture] = response.data!.uploadImages;
    expect(picture).toMatchObject({ image_name: 'graduation_day-2026.png', category: 'GALLERY_IMAGES' });
    expect(await stored(picture!.id)).toMatchObject({ alt_text: 'graduation day 2026', alt_text_reviewed: false });
    // The go-live checklist counts it until staff have looked.
    const unreviewed = Number(/^(\d+) /.exec(checkBefore.detail)?.[1] ?? 0) + 1;
    expect(await unreviewedCheck()).toMatchObject({
      ok: false,
      detail: `${unreviewed} ${unreviewed === 1 ? 'image still uses its' : 'images still use their'} file name as alternative text.`,
      fix: { to: '/admin/gallery/picture' },
    });
  });

  it('is changed by staff, which marks it reviewed; the go-live checklist counts one fewer', async () => {
    const spec = await gqlUpload<{ uploadImages: { id: number }[] }>(
      app,
      SPEC_UPLOAD,
      { images: [null], category: 'GALLERY_IMAGES' },
      await pngFiles('PXL_20260101.png'),
      admin,
    );
    const id = spec.data!.uploadImages[0]!.id;
    const countOf = async () => Number(/^(\d+) /.exec((await unreviewedCheck()).detail)?.[1] ?? 0);
    const before = await countOf();

    const changed = await trpcCall<Picture>(
      app,
      'media.updateImageAltText',
      { id, alt_text: 'A student with her offer letter' },
      { token: admin, mutation: true },
    );
    expect(changed.error).toBeUndefined();
    expect(changed.data).toMatchObject({ id, alt_text: 'A student with her offer letter', alt_text_reviewed: true });
    expect(await stored(id)).toMatchObject({ alt_text: 'A student with her offer letter', alt_text_reviewed: true });
    expect(await countOf()).toBe(before - 1);

    // GraphQL callers may change it too.
    const again = await gql<{ updateImageAltText: Picture }>(
      app,
      `mutation { updateImageAltText(id: ${id}, alt_text: "A student holding her offer letter") { ${FIELDS} } }`,
      {},
      admin,
    );
    expect(again.errors).toEqual([]);
    expect(again.data!.updateImageAltText).toMatchObject({ alt_text: 'A student holding her offer letter' });

    const blank = await trpcCall(
      app,
      'media.updateImageAltText',
      { id, alt_text: ' ' },
      { token: admin, mutation: true },
    );
    expect(blank.error).toMatchObject({ code: 'BAD_REQUEST', fields: { alt_text: 'Alternative text is required' } });
    const missing = await trpcCall(
      app,
      'media.updateImageAltText',
      { id: 999_999, alt_text: 'Nothing' },
      { token: admin, mutation: true },
    );
    expect(missing.error?.code).toBe('NOT_FOUND');
  });

  it("is changed by an EDITOR only on pictures of their own countries, as a gallery's pictures are", async () => {
    const own = (await upload(['kathmandu.png'], ['Our Kathmandu office'], nepalEditor)).data!.uploadImages[0]!;
    const admins = (await upload(['toronto.png'], ['Our Toronto office'])).data!.uploadImages[0]!;
    // In Canada's gallery: Canada's staff decide what it says.
    await trpcCall(
      app,
      'media.addImagesToGallery',
      { image_ids: [admins.id], country_id: 3 },
      { token: admin, mutation: true },
    );
    const mine = await trpcCall(
      app,
      'media.updateImageAltText',
      { id: own.id, alt_text: 'The front desk of our Kathmandu office' },
      { token: nepalEditor, mutation: true },
    );
    expect(mine.error).toBeUndefined();
    const theirs = await gql(
      app,
      `mutation { updateImageAltText(id: ${admins.id}, alt_text: "Toronto") { id } }`,
      {},
      nepalEditor,
    );
    expect(errorCode(theirs)).toBe('FORBIDDEN');
    expect(await stored(admins.id)).toMatchObject({ alt_text: 'Our Toronto office' });
  });

  it("is part of the public gallery's pictures (getImagesFromGallery)", async () => {
    const picture = (await upload(['harbour.png'], ['Sydney harbour at dusk'])).data!.uploadImages[0]!;
    await trpcCall(
      app,
      'media.addImagesToGallery',
      { image_ids: [picture.id], country_id: 4 },
      { token: admin, mutation: true },
    );
    const response = await gql<{ getImagesFromGallery: { edges: { node: { id: number; alt_text: string } }[] } }>(
      app,
      'query { getImagesFromGallery(country_id: 4, first: 50) { edges { node { id alt_text } } } }',
    );
    expect(response.data!.getImagesFromGallery.edges.map(({ node }) => node)).toContainEqual({
      id: picture.id,
      alt_text: 'Sydney harbour at dusk',
    });
  });
});

describe('migration 0039 (alternative text)', () => {
  it("gives the library's pictures their file name's words, not reviewed, without showing in Activity", async () => {
    const database = await createTestDatabase('migrated');
    try {
      const { db } = database;
      const { error } = await createMigrator(db).migrateTo('20261207-0037-country-addresses');
      expect(error).toBeUndefined();
      const names = ['IMG_0042.JPG', 'graduation-day__2026.webp', 'Harbour at dusk.png', '.png'];
      for (const image_name of names) {
        const blob_sha256 = await saveBlob(db, { bytes: await uniquePng(), contentType: 'image/png' });
        await db.insertInto('images').values({ image_name, category: 'GALLERY_IMAGES', blob_sha256 }).execute();
      }
      await migrateToLatest(db);
      const rows = await db
        .selectFrom('images')
        .select(['image_name', 'alt_text', 'alt_text_reviewed'])
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { image_name: 'IMG_0042.JPG', alt_text: 'IMG 0042', alt_text_reviewed: false },
        { image_name: 'graduation-day__2026.webp', alt_text: 'graduation day 2026', alt_text_reviewed: false },
        { image_name: 'Harbour at dusk.png', alt_text: 'Harbour at dusk', alt_text_reviewed: false },
        { image_name: '.png', alt_text: '.png', alt_text_reviewed: false },
      ]);
      // Recorded as the upgrade gave it: the pictures' entries are all starting content, which Activity leaves out.
      const entries = await db
        .selectFrom('audit_log')
        .select(['action', 'starting_content'])
        .where('kind', '=', 'picture')
        .where('action', '=', 'changed')
        .execute();
      expect(entries).toHaveLength(names.length);
      expect(entries.every((entry) => entry.starting_content)).toBe(true);
    } finally {
      await database.close();
    }
  });

  it('gives a demo seeded before it the same starting values; a demo seeded after it has its own, reviewed', async () => {
    const older = await createTestDatabase('migrated');
    try {
      const { db } = older;
      const { error } = await createMigrator(db).migrateTo('20261207-0037-country-addresses');
      expect(error).toBeUndefined();
      // The seed leaves out a column the schema does not have yet.
      await seedDatabase(db, { demo: true });
      await migrateToLatest(db);
      const gallery = await db
        .selectFrom('images')
        .select(['alt_text', 'alt_text_reviewed'])
        .where('image_name', '=', 'gallery-1.webp')
        .executeTakeFirstOrThrow();
      expect(gallery).toEqual({ alt_text: 'gallery 1', alt_text_reviewed: false });
    } finally {
      await older.close();
    }
    const current = await createTestDatabase('migrated');
    try {
      await seedDatabase(current.db, { demo: true });
      const unreviewed = await current.db
        .selectFrom('images')
        .select('image_name')
        .where('alt_text_reviewed', '=', false)
        .execute();
      expect(unreviewed).toEqual([]);
      const gallery = await current.db
        .selectFrom('images')
        .select('alt_text')
        .where('image_name', '=', 'gallery-1.webp')
        .executeTakeFirstOrThrow();
      expect(gallery.alt_text).toBe('Graduation caps thrown into the sky on graduation day');
    } finally {
      await current.close();
    }
  });
});
