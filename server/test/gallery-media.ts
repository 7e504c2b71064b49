import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorCode, gql } from './graphql.js';

/**
 * Gallery images or gallery videos as their GraphQL tests see them: a country's gallery lists them, and an item is
 * taken off one gallery with `deleteImageFromGallery` / `deleteVideoFromGallery`.
 */
export interface GalleryMediaKind {
  /** 'Image' or 'Video', as the operations and messages name it. */
  noun: 'Image' | 'Video';
  /** Its gallery category: GALLERY_IMAGES or GALLERY_VIDEOS. */
  category: string;
}

/** What the gallery tests act on: the app, its admin and Nepal's editor, and the kind's own test helpers. */
export interface GalleryMediaFixture {
  app: FastifyInstance;
  admin: string;
  nepalEditor: string;
  /** Stores a gallery item directly; returns its id. */
  store: (name: string) => Promise<number>;
  /** Puts an item in these countries' galleries. */
  linkToGalleries: (id: number, countryIds: number[]) => Promise<unknown>;
  /** The ids of the countries whose gallery shows the item. */
  galleriesOf: (id: number) => Promise<number[]>;
  /** Whether the item is still stored. */
  exists: (id: number) => Promise<boolean>;
}

/**
 * The tests of taking an item off one gallery and of the gallery lists' refusals, the same for images and videos.
 * `fixture` is read inside each test (the app is started in the file's beforeAll).
 */
export function galleryMediaTests({ noun, category }: GalleryMediaKind, fixture: () => GalleryMediaFixture): void {
  const lower = noun.toLowerCase();
  const ofCategory = `get${noun}sOfCategory`;
  const remove = `delete${noun}FromGallery`;
  const REMOVE = `mutation($id: Int!, $country_id: Int!) {
    ${remove}(${lower}_id: $id, country_id: $country_id) { success message errorCode } }`;

  describe(remove, () => {
    it(`removes a ${lower} from one gallery only; the ${lower} stays`, async () => {
      const { app, nepalEditor, store, linkToGalleries, galleriesOf, exists } = fixture();
      const item = await store(`Shared ${lower}`);
      await linkToGalleries(item, [2, 3]);
      const response = await gql<Record<string, unknown>>(app, REMOVE, { id: item, country_id: 2 }, nepalEditor);
      expect(response.errors).toEqual([]);
      expect(response.data?.[remove]).toEqual({
        success: true,
        message: `${noun} removed from the gallery.`,
        errorCode: `DELETED_${noun.toUpperCase()}_FROM_COUNTRY_GALLERY`,
      });
      expect(await galleriesOf(item)).toEqual([3]);
      expect(await exists(item)).toBe(true);
    });

    it(`answers NOT_FOUND when the ${lower} is not in that gallery, FORBIDDEN for another country’s editor`, async () => {
      const { app, admin, nepalEditor, store, linkToGalleries, galleriesOf } = fixture();
      const item = await store(`Canada ${lower}`);
      await linkToGalleries(item, [3]);
      expect(errorCode(await gql(app, REMOVE, { id: item, country_id: 2 }, admin))).toBe('NOT_FOUND');
      expect(errorCode(await gql(app, REMOVE, { id: item, country_id: 3 }, nepalEditor))).toBe('FORBIDDEN');
      expect(await galleriesOf(item)).toEqual([3]);
    });
  });

  it(`${ofCategory} refuses an unknown country or gallery, and anonymous callers`, async () => {
    const { app, admin } = fixture();
    const page = '{ pageInfo { hasNextPage } }';
    for (const argument of ['country_id', 'not_in_gallery_of']) {
      const unknown = await gql(
        app,
        `query { ${ofCategory}(category: ${category}, ${argument}: 99) ${page} }`,
        {},
        admin,
      );
      expect(errorCode(unknown)).toBe('NOT_FOUND');
    }
    const anonymous = await gql(app, `query { ${ofCategory}(category: ${category}) ${page} }`);
    expect(errorCode(anonymous)).toBe('UNAUTHENTICATED');
  });
}
