import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VideoCategory } from '../../../shared/enums.js';
import { linkItemToOwners, ownersOf } from '../db/links.js';
import { galleryMediaTests } from '../../test/gallery-media.js';
import { GALLERY_VIDEOS, VIDEO_COUNTRIES } from './video.repository.js';
import { buildContentTestApp, errorCode, expectFieldErrors, gql, strangerToken, trpcCall } from '../../test/graphql.js';
import type { DB } from '../db/schema.js';
import { videoIsDeletable } from './video.service.js';

const FIELDS = 'id video_url video_name category isDeletable created_at updated_at';
const CONNECTION = `edges { cursor node { ${FIELDS} } } pageInfo { endCursor hasNextPage }`;

interface VideoNode {
  id: number;
  video_url: string;
  video_name: string;
  category: VideoCategory;
  isDeletable: boolean;
  created_at: string;
  updated_at: string;
}
interface VideoConnection {
  edges: { cursor: string; node: VideoNode }[];
  pageInfo: { endCursor: string | null; hasNextPage: boolean };
}

describe('videos', () => {
  let app: FastifyInstance;
  let db: Kysely<DB>;
  let admin: string;
  let nepalEditor: string;

  async function storeVideo(video_name: string, category: VideoCategory = 'GALLERY_VIDEOS'): Promise<number> {
    const row = await db
      .insertInto('videos')
      .values({ video_name, category, video_url: `https://videos.example.com/${encodeURIComponent(video_name)}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const linkToGalleries = (id: number, countryIds: number[]) => linkItemToOwners(db, GALLERY_VIDEOS, id, countryIds);
  const galleriesOf = (id: number) => ownersOf(db, GALLERY_VIDEOS, id);

  /** Whether each video is in Nepal's gallery. */
  async function galleriesOfAll(ids: number[]): Promise<boolean[]> {
    return Promise.all(ids.map(async (id) => (await galleriesOf(id)).includes(2)));
  }

  async function storedVideo(id: number) {
    return db
      .selectFrom('videos')
      .select(['id', 'video_url', 'video_name', 'category'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  beforeAll(async () => {
    ({ app, admin, nepalEditor } = await buildContentTestApp());
    db = app.db;
  });
  afterAll(() => app.close());

  describe('addVideo', () => {
    const ADD = `mutation($video_url: String!, $video_name: String!, $category: VideoCategory!) {
      addVideo(video_url: $video_url, video_name: $video_name, category: $category) { ${FIELDS} } }`;

    it('stores a video link and answers it', async () => {
      const response = await gql<{ addVideo: VideoNode }>(
        app,
        ADD,
        {
          video_url: ' https://www.youtube.com/watch?v=abc123 ',
          video_name: ' Campus tour ',
          category: 'GALLERY_VIDEOS',
        },
        nepalEditor,
      );
      expect(response.errors).toEqual([]);
      const video = response.data!.addVideo;
      expect(video).toMatchObject({
        video_url: 'https://www.youtube.com/watch?v=abc123',
        video_name: 'Campus tour',
        category: 'GALLERY_VIDEOS',
        isDeletable: true,
      });
      expect(video.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(await storedVideo(video.id)).toEqual({
        id: video.id,
        video_url: 'https://www.youtube.com/watch?v=abc123',
        video_name: 'Campus tour',
        category: 'GALLERY_VIDEOS',
      });
    });

    it('refuses a non-http link and an empty name with field messages, and stores nothing', async () => {
      const before = await db.selectFrom('videos').select('id').execute();
      const response = await gql(
        app,
        ADD,
        { video_url: 'javascript:alert(1)', video_name: '  ', category: 'ABOUT_US' },
        admin,
      );
      expectFieldErrors(response, {
        video_url: 'Video URL must be an http(s) link',
        video_name: 'Video name is required',
      });
      expect(await db.selectFrom('videos').select('id').execute()).toHaveLength(before.length);
      const anonymous = await gql(app, ADD, { video_url: 'https://a.example', video_name: 'A', category: 'ABOUT_US' });
      expect(errorCode(anonymous)).toBe('UNAUTHENTICATED');
    });
  });

  describe('updateVideo', () => {
    const UPDATE = `mutation($id: Int!, $video_url: String, $video_name: String) {
      updateVideo(id: $id, video_url: $video_url, video_name: $video_name) { ${FIELDS} } }`;

    it('changes only the given fields', async () => {
      const id = await storeVideo('Old name');
      const response = await gql<{ updateVideo: VideoNode }>(
        app,
        UPDATE,
        { id, video_name: 'New name', video_url: null },
        admin,
      );
      expect(response.errors).toEqual([]);
      expect(response.data!.updateVideo).toMatchObject({
        id,
        video_name: 'New name',
        video_url: 'https://videos.example.com/Old%20name',
      });
      expect(await storedVideo(id)).toMatchObject({ video_name: 'New name' });
    });

    it('refuses an unknown video, a bad link, and an editor when another country shows the video', async () => {
      const unknown = await gql(app, UPDATE, { id: 99_999, video_name: 'X' }, admin);
      expect(errorCode(unknown)).toBe('NOT_FOUND');
      const id = await storeVideo('Shown in Canada');
      await linkToGalleries(id, [3]);
      const badLink = await gql(app, UPDATE, { id, video_url: 'ftp://files.example.com/a.mp4' }, admin);
      expect(errorCode(badLink)).toBe('BAD_USER_INPUT');
      const forbidden = await gql(app, UPDATE, { id, video_name: 'Renamed' }, nepalEditor);
      expect(errorCode(forbidden)).toBe('FORBIDDEN');
      expect(await storedVideo(id)).toMatchObject({ video_name: 'Shown in Canada' });
      const nepalVideo = await storeVideo('Shown in Nepal');
      await linkToGalleries(nepalVideo, [2]);
      const own = await gql(app, UPDATE, { id: nepalVideo, video_name: 'Renamed' }, nepalEditor);
      expect(own.errors).toEqual([]);
    });
  });

  describe('video lists', () => {
    let nepalVideo: number;
    let sharedVideo: number;
    let aboutUsVideo: number;

    beforeAll(async () => {
      nepalVideo = await storeVideo('Kathmandu Durbar Square');
      sharedVideo = await storeVideo('Visa Q&A');
      aboutUsVideo = await storeVideo('About our DURBAR team', 'ABOUT_US');
      await linkToGalleries(nepalVideo, [2]);
      await linkToGalleries(sharedVideo, [2, 4]);
      await db
        .insertInto('home_about_us')
        .values({ country_id: 2, video_id: aboutUsVideo, description: 'Who we are' })
        .execute();
    });

    it('getAllVideos lists every video newest first with isDeletable, in pages', async () => {
      const response = await gql<{ getAllVideos: VideoConnection }>(
        app,
        `query { getAllVideos(first: 3) { ${CONNECTION} } }`,
        {},
        admin,
      );
      expect(response.errors).toEqual([]);
      const page = response.data!.getAllVideos;
      expect(page.edges.map(({ node }) => [node.id, node.isDeletable])).toEqual([
        [aboutUsVideo, false],
        [sharedVideo, false],
        [nepalVideo, true],
      ]);
      expect(page.pageInfo.hasNextPage).toBe(true);
      const next = await gql<{ getAllVideos: VideoConnection }>(
        app,
        `query($after: String) { getAllVideos(first: 100, after: $after) { ${CONNECTION} } }`,
        { after: page.pageInfo.endCursor },
        admin,
      );
      const rest = next.data!.getAllVideos.edges.map(({ node }) => node.id);
      expect(rest.every((id) => id < nepalVideo)).toBe(true);
      expect(next.data!.getAllVideos.pageInfo.hasNextPage).toBe(false);
    });

    it('getAllVideos refuses anonymous callers, non-staff and a bad page size', async () => {
      expect(errorCode(await gql(app, `query { getAllVideos { pageInfo { hasNextPage } } }`))).toBe('UNAUTHENTICATED');
      const stranger = await strangerToken(app);
      expect(errorCode(await gql(app, `query { getAllVideos { pageInfo { hasNextPage } } }`, {}, stranger))).toBe(
        'FORBIDDEN',
      );
      const tooMany = await gql(app, `query { getAllVideos(first: 500) { pageInfo { hasNextPage } } }`, {}, admin);
      expect(errorCode(tooMany)).toBe('BAD_USER_INPUT');
    });

    it('getVideosOfCategory lists a category, a filter on the name, or a country’s gallery', async () => {
      const query = `query($category: VideoCategory!, $country_id: Int, $filter: String) {
        getVideosOfCategory(category: $category, country_id: $country_id, filter: $filter) { ${CONNECTION} } }`;
      const ids = async (variables: Record<string, unknown>) => {
        const response = await gql<{ getVideosOfCategory: VideoConnection }>(app, query, variables, admin);
        expect(response.errors).toEqual([]);
        return response.data!.getVideosOfCategory.edges.map(({ node }) => node.id);
      };
      expect(await ids({ category: 'ABOUT_US' })).toEqual([aboutUsVideo]);
      expect(await ids({ category: 'GALLERY_VIDEOS', filter: 'durbar' })).toEqual([nepalVideo]);
      expect(await ids({ category: 'GALLERY_VIDEOS', country_id: 4 })).toEqual([sharedVideo]);
      const nepal = await ids({ category: 'GALLERY_VIDEOS', country_id: 2 });
      expect(nepal.filter((id) => id === sharedVideo || id === nepalVideo)).toEqual([sharedVideo, nepalVideo]);
      expect(await galleriesOfAll(nepal)).toEqual(nepal.map(() => true));
    });

    it('getAllVideos filters by part of the name across categories', async () => {
      const response = await gql<{ getAllVideos: VideoConnection }>(
        app,
        `query { getAllVideos(filter: "durbar") { ${CONNECTION} } }`,
        {},
        admin,
      );
      expect(response.errors).toEqual([]);
      expect(response.data!.getAllVideos.edges.map(({ node }) => node.id)).toEqual([aboutUsVideo, nepalVideo]);
      const viaTrpc = await trpcCall(app, 'media.allVideos', { filter: 'durbar' }, { token: admin });
      expect(viaTrpc.data).toEqual(response.data!.getAllVideos);
    });

    it('getVideosOfCategory shows staff the gallery of a disabled country, which visitors do not get', async () => {
      await db.updateTable('countries').set({ is_enabled: 'DISABLE' }).where('id', '=', 4).execute();
      try {
        const staff = await trpcCall<VideoConnection>(
          app,
          'media.videosOfCategory',
          { category: 'GALLERY_VIDEOS', country_id: 4 },
          { token: admin },
        );
        expect(staff.data?.edges.map(({ node }) => node.id)).toEqual([sharedVideo]);
        const visitors = await trpcCall<VideoConnection>(app, 'media.videosFromGallery', { country_id: 4 });
        expect(visitors.data?.edges).toEqual([]);
      } finally {
        await db.updateTable('countries').set({ is_enabled: 'ENABLE' }).where('id', '=', 4).execute();
      }
    });

    it('getVideosOfCategory with not_in_gallery_of lists the gallery videos that country does not show yet', async () => {
      const query = `query($category: VideoCategory!, $country: Int) {
        getVideosOfCategory(category: $category, not_in_gallery_of: $country, first: 100) { ${CONNECTION} } }`;
      const ids = async (variables: Record<string, unknown>) => {
        const response = await gql<{ getVideosOfCategory: VideoConnection }>(app, query, variables, admin);
        expect(response.errors).toEqual([]);
        return response.data!.getVideosOfCategory.edges.map(({ node }) => node.id);
      };
      const forAustralia = await ids({ category: 'GALLERY_VIDEOS', country: 4 });
      expect(forAustralia).toContain(nepalVideo);
      expect(forAustralia).not.toContain(sharedVideo);
      const forNepal = await ids({ category: 'GALLERY_VIDEOS', country: 2 });
      expect(await galleriesOfAll(forNepal)).toEqual(forNepal.map(() => false));
      // ABOUT_US videos have no galleries: the argument changes nothing for them.
      expect(await ids({ category: 'ABOUT_US', country: 2 })).toEqual([aboutUsVideo]);
    });

    it('getVideosFromGallery shows anyone an enabled country’s gallery, and nothing of a disabled one', async () => {
      const query = `query($country_id: Int!) { getVideosFromGallery(country_id: $country_id) { ${CONNECTION} } }`;
      const australia = await gql<{ getVideosFromGallery: VideoConnection }>(app, query, { country_id: 4 });
      expect(australia.errors).toEqual([]);
      expect(australia.data!.getVideosFromGallery.edges.map(({ node }) => node.id)).toEqual([sharedVideo]);
      await db.updateTable('countries').set({ is_enabled: 'DISABLE' }).where('id', '=', 4).execute();
      try {
        const disabled = await gql<{ getVideosFromGallery: VideoConnection }>(app, query, { country_id: 4 });
        expect(disabled.data!.getVideosFromGallery.edges).toEqual([]);
      } finally {
        await db.updateTable('countries').set({ is_enabled: 'ENABLE' }).where('id', '=', 4).execute();
      }
    });

    it('getVideosFromGallery refuses a bad page size', async () => {
      const response = await gql(
        app,
        `query { getVideosFromGallery(country_id: 2, first: 0) { pageInfo { hasNextPage } } }`,
      );
      expect(errorCode(response)).toBe('BAD_USER_INPUT');
    });

    it('answers the same over tRPC and GraphQL', async () => {
      const viaGraphql = await gql<{ getVideosFromGallery: VideoConnection }>(
        app,
        `query { getVideosFromGallery(country_id: 2) { ${CONNECTION} } }`,
      );
      const viaTrpc = await trpcCall(app, 'media.videosFromGallery', { country_id: 2 });
      expect(viaTrpc.data).toEqual(viaGraphql.data?.getVideosFromGallery);
      const ofCategory = await gql<{ getVideosOfCategory: VideoConnection }>(
        app,
        `query { getVideosOfCategory(category: GALLERY_VIDEOS, filter: "visa") { ${CONNECTION} } }`,
        {},
        admin,
      );
      const ofCategoryTrpc = await trpcCall(
        app,
        'media.videosOfCategory',
        { category: 'GALLERY_VIDEOS', filter: 'visa' },
        { token: admin },
      );
      expect(ofCategoryTrpc.data).toEqual(ofCategory.data?.getVideosOfCategory);
      expect(ofCategory.data?.getVideosOfCategory.edges.map(({ node }) => node.id)).toEqual([sharedVideo]);
    });

    it('isDeletable of videos other domains attach is looked up from the database', async () => {
      const request = {};
      const answers = await Promise.all([
        videoIsDeletable(db, request, nepalVideo),
        videoIsDeletable(db, request, aboutUsVideo),
      ]);
      expect(answers).toEqual([true, false]);
    });
  });

  describe('addVideosToGallery', () => {
    const ADD = `mutation($video_ids: [Int!]!, $country_id: Int!) {
      addVideosToGallery(video_ids: $video_ids, country_id: $country_id) { ${FIELDS} } }`;

    it('links gallery videos to a country; linking twice makes no duplicate', async () => {
      const video = await storeVideo('Pokhara lakeside');
      const first = await gql<{ addVideosToGallery: VideoNode[] }>(
        app,
        ADD,
        { video_ids: [video], country_id: 2 },
        nepalEditor,
      );
      expect(first.errors).toEqual([]);
      expect(first.data!.addVideosToGallery.map(({ id, isDeletable }) => ({ id, isDeletable }))).toEqual([
        { id: video, isDeletable: true },
      ]);
      const again = await gql(app, ADD, { video_ids: [video, video], country_id: 2 }, nepalEditor);
      expect(again.errors).toEqual([]);
      expect(await galleriesOf(video)).toEqual([2]);
      const viaTrpc = await trpcCall(
        app,
        'media.addVideosToGallery',
        { video_ids: [video], country_id: 3 },
        { token: admin, mutation: true },
      );
      expect(viaTrpc.data).toEqual([expect.objectContaining({ id: video, isDeletable: false })]);
      expect(await galleriesOf(video)).toEqual([2, 3]);
    });

    it('refuses ABOUT_US videos, unknown videos and another country’s editor, and links nothing', async () => {
      const about = await storeVideo('About us', 'ABOUT_US');
      const gallery = await storeVideo('Gallery clip');
      const wrong = await gql(app, ADD, { video_ids: [gallery, about], country_id: 2 }, admin);
      expectFieldErrors(wrong, {
        video_ids: 'Only gallery videos can be added to a gallery',
      });
      const unknown = await gql(app, ADD, { video_ids: [99_999], country_id: 2 }, admin);
      expect(errorCode(unknown)).toBe('NOT_FOUND');
      const forbidden = await gql(app, ADD, { video_ids: [gallery], country_id: 3 }, nepalEditor);
      expect(errorCode(forbidden)).toBe('FORBIDDEN');
      expect(await galleriesOf(gallery)).toEqual([]);
      expect(await galleriesOf(about)).toEqual([]);
    });
  });

  galleryMediaTests({ noun: 'Video', category: 'GALLERY_VIDEOS' }, () => ({
    app,
    admin,
    nepalEditor,
    store: (name) => storeVideo(name),
    linkToGalleries,
    galleriesOf,
    exists: async (id) => (await storedVideo(id)) !== undefined,
  }));

  describe('deleteVideo', () => {
    const DELETE = `mutation($video_id: Int!, $confirm: Boolean) {
      deleteVideo(video_id: $video_id, confirm: $confirm) { success message errorCode } }`;

    it('never deletes the video a home about-us section shows, even with confirm', async () => {
      const video = await storeVideo('Our story', 'ABOUT_US');
      await db
        .insertInto('home_about_us')
        .values({ country_id: 3, video_id: video, description: 'Our story' })
        .execute();
      for (const confirm of [false, true]) {
        const response = await gql(app, DELETE, { video_id: video, confirm }, admin);
        expect(response.errors).toEqual([]);
        expect(response.data?.deleteVideo).toEqual({
          success: false,
          message: 'This video is in use and cannot be deleted.',
          errorCode: 'LINKED_WITH_OTHER_ENTITIES',
        });
      }
      expect(await storedVideo(video)).toBeDefined();
    });

    it('deletes a video in several galleries only with confirm, with its links', async () => {
      const video = await storeVideo('Everywhere');
      await linkToGalleries(video, [1, 2]);
      const plain = await gql(app, DELETE, { video_id: video }, admin);
      expect(plain.data?.deleteVideo).toMatchObject({ success: false, errorCode: 'LINKED_WITH_OTHER_COUNTRIES' });
      expect(await storedVideo(video)).toBeDefined();
      expect(await galleriesOf(video)).toEqual([1, 2]);
      const confirmed = await gql(app, DELETE, { video_id: video, confirm: true }, admin);
      expect(confirmed.data?.deleteVideo).toEqual({
        success: true,
        message: 'Video deleted.',
        errorCode: 'DELETED_VIDEO',
      });
      expect(await storedVideo(video)).toBeUndefined();
      expect(await galleriesOf(video)).toEqual([]);
    });

    it('deletes a video in one gallery without confirm; an editor only from their own gallery', async () => {
      const canadian = await storeVideo('Canada only');
      await linkToGalleries(canadian, [3]);
      const forbidden = await gql(app, DELETE, { video_id: canadian }, nepalEditor);
      expect(errorCode(forbidden)).toBe('FORBIDDEN');
      expect(await galleriesOf(canadian)).toEqual([3]);
      const nepali = await storeVideo('Nepal only');
      await linkToGalleries(nepali, [2]);
      // Added for Nepal, so Nepal's editor may delete it (issue 14).
      await linkItemToOwners(db, VIDEO_COUNTRIES, nepali, [2]);
      const response = await gql(app, DELETE, { video_id: nepali }, nepalEditor);
      expect(response.data?.deleteVideo).toMatchObject({ success: true, errorCode: 'DELETED_VIDEO' });
      expect(await storedVideo(nepali)).toBeUndefined();
      expect(await galleriesOf(nepali)).toEqual([]);
    });

    it('refuses an unknown video', async () => {
      expect(errorCode(await gql(app, DELETE, { video_id: 99_999 }, admin))).toBe('NOT_FOUND');
      const viaTrpc = await trpcCall(app, 'media.deleteVideo', { video_id: 99_999 }, { token: admin, mutation: true });
      expect(viaTrpc.error?.code).toBe('NOT_FOUND');
    });
  });
});
