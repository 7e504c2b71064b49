import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.js';
import { addImage } from '../../test/fixtures.js';
import { buildContentTestApp, errorCode, gql, staffToken, trpcCall } from '../../test/graphql.js';
import { gqlUpload } from '../../test/multipart.js';
import { linkItems, linkItemToOwners, ownersOf, type LinkTable } from '../db/links.js';
import { GALLERY_IMAGES, IMAGE_COUNTRIES } from '../media/image.repository.js';
import { GALLERY_VIDEOS, VIDEO_COUNTRIES } from '../media/video.repository.js';
import { POPUP_COUNTRIES } from '../popup/popup.repository.js';
import { TEAM_COUNTRIES } from '../team/team.repository.js';
import { TESTIMONIAL_COUNTRIES } from '../testimonial/testimonial.repository.js';
import { NOT_YOUR_ITEM_MESSAGE } from '../../../shared/access.js';
import type { MediaRefusal } from './item-access.js';

const NEPAL = 2;
const CANADA = 3;
const AUSTRALIA = 4;

/** One kind of shared item: how a test makes one, and the link operation on each API. */
interface SharedKind {
  name: string;
  link: LinkTable;
  make: (app: FastifyInstance) => Promise<number>;
  graphql: string;
  graphqlArgs: (id: number, countryId: number) => Record<string, unknown>;
  trpc: string;
  trpcInput: (id: number, countryId: number) => Record<string, unknown>;
}

const KINDS: SharedKind[] = [
  {
    name: 'popup',
    link: POPUP_COUNTRIES,
    make: async (app) =>
      (
        await app.db
          .insertInto('popups')
          .values({ image_id: await addImage(app, 'POPUP'), link: null })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    graphql:
      'mutation($ids: [Int!]!, $country: Int!) { addPopupToOtherCountry(popup_ids: $ids, country_id: $country) { id } }',
    graphqlArgs: (id, country) => ({ ids: [id], country }),
    trpc: 'popup.addToCountry',
    trpcInput: (id, country) => ({ popup_ids: [id], country_id: country }),
  },
  {
    name: 'testimonial',
    link: TESTIMONIAL_COUNTRIES,
    make: async (app) =>
      (
        await app.db
          .insertInto('testimonials')
          .values({
            name: 'Sita',
            image_id: await addImage(app, 'TESTIMONALS'),
            testimonial: 'Great help with my visa.',
            rating: 5,
            relation: 'Student',
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    graphql:
      'mutation($ids: [Int!]!, $country: Int!) { addTestimonialToOtherCountry(testimonal_ids: $ids, country_id: $country) { id } }',
    graphqlArgs: (id, country) => ({ ids: [id], country }),
    trpc: 'testimonial.addToCountry',
    trpcInput: (id, country) => ({ testimonal_ids: [id], country_id: country }),
  },
  {
    name: 'team member',
    link: TEAM_COUNTRIES,
    make: async (app) =>
      (
        await app.db
          .insertInto('team_members')
          .values({
            name: 'Ram',
            position: 'Counsellor',
            description: 'Visas',
            image_id: await addImage(app, 'TEAM'),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    graphql:
      'mutation($ids: [Int!]!, $country: Int!) { addTeamToOtherCountry(team_ids: $ids, country_id: $country) { id } }',
    graphqlArgs: (id, country) => ({ ids: [id], country }),
    trpc: 'team.addToOtherCountry',
    trpcInput: (id, country) => ({ team_ids: [id], country_id: country }),
  },
  {
    name: 'gallery image',
    link: GALLERY_IMAGES,
    make: (app) => addImage(app, 'GALLERY_IMAGES'),
    graphql:
      'mutation($ids: [Int!]!, $country: Int!) { addImagesToGallery(image_ids: $ids, country_id: $country) { id } }',
    graphqlArgs: (id, country) => ({ ids: [id], country }),
    trpc: 'media.addImagesToGallery',
    trpcInput: (id, country) => ({ image_ids: [id], country_id: country }),
  },
  {
    name: 'gallery video',
    link: GALLERY_VIDEOS,
    make: async (app) =>
      (
        await app.db
          .insertInto('videos')
          .values({
            video_name: 'Campus tour',
            video_url: 'https://videos.example.com/tour',
            category: 'GALLERY_VIDEOS',
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    graphql:
      'mutation($ids: [Int!]!, $country: Int!) { addVideosToGallery(video_ids: $ids, country_id: $country) { id } }',
    graphqlArgs: (id, country) => ({ ids: [id], country }),
    trpc: 'media.addVideosToGallery',
    trpcInput: (id, country) => ({ video_ids: [id], country_id: country }),
  },
];

/**
 * Issue 14 (3): linking a shared item to one more country needs the right to the item, holding every country it is
 * in now (or ADMIN), not only the right to the target country: otherwise an EDITOR could tie another country's item
 * to their own and change how its owners' delete behaves.
 */
describe.each(KINDS)('linking a shared $name to another country', (kind) => {
  let app: FastifyInstance;
  let admin: string;
  let nepalEditor: string;
  let nepalAndAustraliaEditor: string;
  const owners = (id: number) => ownersOf(app.db, kind.link, id);

  async function itemIn(countries: number[]): Promise<number> {
    const id = await kind.make(app);
    await linkItemToOwners(app.db, kind.link, id, countries);
    return id;
  }

  beforeAll(async () => {
    ({ app, admin, nepalEditor } = await buildContentTestApp());
    nepalAndAustraliaEditor = await staffToken(app, 'EDITOR', [NEPAL, AUSTRALIA]);
  });
  afterAll(() => app.close());

  it("refuses an EDITOR linking another country's item to their own country, on both APIs", async () => {
    const canadian = await itemIn([CANADA]);
    const viaGraphql = await gql(app, kind.graphql, kind.graphqlArgs(canadian, NEPAL), nepalEditor);
    expect(errorCode(viaGraphql)).toBe('FORBIDDEN');
    expect(viaGraphql.errors[0]?.message).toBe(NOT_YOUR_ITEM_MESSAGE);
    const viaTrpc = await trpcCall(app, kind.trpc, kind.trpcInput(canadian, NEPAL), {
      token: nepalEditor,
      mutation: true,
    });
    expect(viaTrpc.status).toBe(403);
    expect(await owners(canadian)).toEqual([CANADA]);
  });

  it('refuses it for an item shared with a country the EDITOR does not hold', async () => {
    const shared = await itemIn([NEPAL, CANADA]);
    const refused = await gql(app, kind.graphql, kind.graphqlArgs(shared, AUSTRALIA), nepalAndAustraliaEditor);
    expect(errorCode(refused)).toBe('FORBIDDEN');
    expect(await owners(shared)).toEqual([NEPAL, CANADA]);
  });

  it('lets an EDITOR holding every country of the item link it to another of theirs', async () => {
    const nepali = await itemIn([NEPAL]);
    const viaTrpc = await trpcCall(app, kind.trpc, kind.trpcInput(nepali, AUSTRALIA), {
      token: nepalAndAustraliaEditor,
      mutation: true,
    });
    expect(viaTrpc.status).toBe(200);
    expect(await owners(nepali)).toEqual([NEPAL, AUSTRALIA]);
  });

  it('lets an ADMIN link any item anywhere', async () => {
    const canadian = await itemIn([CANADA]);
    const linked = await gql(app, kind.graphql, kind.graphqlArgs(canadian, NEPAL), admin);
    expect(linked.errors).toEqual([]);
    expect(await owners(canadian)).toEqual([NEPAL, CANADA]);
  });
});

/**
 * Issue 14 (4): library media records who added it and for which countries (an EDITOR's own); only an ADMIN, or an
 * EDITOR holding those countries, may delete it. An ADMIN's media belongs to no country: only an ADMIN deletes it.
 */
describe('who may delete library media', () => {
  let app: FastifyInstance;
  let admin: string;
  let canadaEditor: string;
  let nepalEditor: string;

  const UPLOAD = 'mutation($images: [Upload!]!) { uploadImages(images: $images, category: TEAM) { id } }';
  const DELETE_IMAGE = `mutation($id: Int!) { deleteImage(image_id: $id, confirm: true) { success errorCode } }`;
  const ADD_VIDEO = `mutation { addVideo(video_url: "https://videos.example.com/a", video_name: "Visa tips",
    category: GALLERY_VIDEOS) { id } }`;
  const DELETE_VIDEO = `mutation($id: Int!) { deleteVideo(video_id: $id, confirm: true) { success errorCode } }`;

  async function upload(token: string): Promise<number> {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#345678' } })
      .png()
      .toBuffer();
    const response = await gqlUpload<{ uploadImages: { id: number }[] }>(
      app,
      UPLOAD,
      { images: [null] },
      [{ path: 'variables.images.0', filename: 'counsellor.png', contentType: 'image/png', bytes: png }],
      token,
    );
    expect(response.errors).toEqual([]);
    return response.data!.uploadImages[0]!.id;
  }

  const imageExists = async (id: number) =>
    (await app.db.selectFrom('images').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

  beforeAll(async () => {
    app = await buildTestApp();
    admin = await staffToken(app, 'ADMIN');
    canadaEditor = await staffToken(app, 'EDITOR', [CANADA]);
    nepalEditor = await staffToken(app, 'EDITOR', [NEPAL]);
  });
  afterAll(() => app.close());

  it('records the uploader and their countries', async () => {
    const id = await upload(canadaEditor);
    const row = await app.db
      .selectFrom('images')
      .innerJoin('staff_users', 'staff_users.id', 'images.uploaded_by')
      .select('staff_users.role')
      .where('images.id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.role).toBe('EDITOR');
    expect(await ownersOf(app.db, IMAGE_COUNTRIES, id)).toEqual([CANADA]);
    expect(await ownersOf(app.db, IMAGE_COUNTRIES, await upload(admin))).toEqual([]);
  });

  it('refuses an EDITOR deleting an unused image uploaded for another country, on both APIs', async () => {
    const id = await upload(canadaEditor);
    const viaGraphql = await gql(app, DELETE_IMAGE, { id }, nepalEditor);
    expect(errorCode(viaGraphql)).toBe('FORBIDDEN');
    const viaTrpc = await trpcCall(
      app,
      'media.deleteImage',
      { image_id: id, confirm: true },
      {
        token: nepalEditor,
        mutation: true,
      },
    );
    expect(viaTrpc.status).toBe(403);
    expect(await imageExists(id)).toBe(true);
    const own = await gql(app, DELETE_IMAGE, { id }, canadaEditor);
    expect(own.data).toEqual({ deleteImage: { success: true, errorCode: 'DELETED_IMAGE' } });
    expect(await imageExists(id)).toBe(false);
  });

  it("leaves an ADMIN's image to administrators", async () => {
    const id = await upload(admin);
    const refused = await gql(app, DELETE_IMAGE, { id }, canadaEditor);
    expect(errorCode(refused)).toBe('FORBIDDEN');
    expect(refused.errors[0]?.message).toMatch(/only an administrator may delete it/);
    expect((await gql(app, DELETE_IMAGE, { id }, admin)).errors).toEqual([]);
    expect(await imageExists(id)).toBe(false);
  });

  it('applies the same rule to videos', async () => {
    const added = await gql<{ addVideo: { id: number } }>(app, ADD_VIDEO, {}, canadaEditor);
    const id = added.data!.addVideo.id;
    expect(await ownersOf(app.db, VIDEO_COUNTRIES, id)).toEqual([CANADA]);
    expect(errorCode(await gql(app, DELETE_VIDEO, { id }, nepalEditor))).toBe('FORBIDDEN');
    expect((await gql(app, DELETE_VIDEO, { id }, canadaEditor)).errors).toEqual([]);
  });

  it('tells the staff area what it would refuse, as the writes refuse it', async () => {
    const byAdmin = await upload(admin);
    const forCanada = await upload(canadaEditor);
    const own = await upload(nepalEditor);
    const alsoInCanada = await upload(nepalEditor);
    await linkItems(app.db, GALLERY_IMAGES, [alsoInCanada], CANADA);
    const ids = [byAdmin, forCanada, own, alsoInCanada];
    const asked = await trpcCall<MediaRefusal[]>(app, 'media.imageRefusals', { ids }, { token: nepalEditor });
    expect(asked.data).toEqual([
      { id: byAdmin, change: null, delete: 'An administrator added it, so only an administrator may delete it.' },
      { id: forCanada, change: NOT_YOUR_ITEM_MESSAGE, delete: NOT_YOUR_ITEM_MESSAGE },
      { id: alsoInCanada, change: NOT_YOUR_ITEM_MESSAGE, delete: NOT_YOUR_ITEM_MESSAGE },
    ]);
    expect((await trpcCall(app, 'media.imageRefusals', { ids }, { token: admin })).data).toEqual([]);
    expect((await trpcCall(app, 'media.imageRefusals', { ids })).status).toBe(401);
    const tooMany = Array.from({ length: 101 }, (_, i) => i + 1);
    expect((await trpcCall(app, 'media.imageRefusals', { ids: tooMany }, { token: admin })).status).toBe(400);
    // Each delete the list marks is refused with the words it shows; the one it does not mark goes through.
    for (const id of ids) {
      const refusal = asked.data!.find((refused) => refused.id === id)?.delete;
      const deleted = await gql(app, DELETE_IMAGE, { id }, nepalEditor);
      expect(deleted.errors[0]?.message).toBe(refusal);
      expect(await imageExists(id)).toBe(refusal === undefined ? false : true);
    }
  });

  it("marks videos by the same rules: one shown in another country is not the EDITOR's to edit", async () => {
    const added = await gql<{ addVideo: { id: number } }>(app, ADD_VIDEO, {}, nepalEditor);
    const id = added.data!.addVideo.id;
    expect((await trpcCall(app, 'media.videoRefusals', { ids: [id] }, { token: nepalEditor })).data).toEqual([]);
    await linkItems(app.db, GALLERY_VIDEOS, [id], CANADA);
    const asked = await trpcCall<MediaRefusal[]>(app, 'media.videoRefusals', { ids: [id] }, { token: nepalEditor });
    expect(asked.data).toEqual([{ id, change: NOT_YOUR_ITEM_MESSAGE, delete: NOT_YOUR_ITEM_MESSAGE }]);
    const edited = await gql(
      app,
      'mutation($id: Int!) { updateVideo(id: $id, video_name: "Renamed") { id } }',
      { id },
      nepalEditor,
    );
    expect(edited.errors[0]?.message).toBe(NOT_YOUR_ITEM_MESSAGE);
  });

  it('keeps an EDITOR from linking an image uploaded for another country into their gallery', async () => {
    const id = await addImage(app, 'GALLERY_IMAGES');
    await linkItemToOwners(app.db, IMAGE_COUNTRIES, id, [CANADA]);
    const refused = await gql(
      app,
      'mutation($id: Int!) { addImagesToGallery(image_ids: [$id], country_id: 2) { id } }',
      { id },
      nepalEditor,
    );
    expect(errorCode(refused)).toBe('FORBIDDEN');
    expect(await ownersOf(app.db, GALLERY_IMAGES, id)).toEqual([]);
  });
});
