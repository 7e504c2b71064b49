import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContentTestApp, errorCode, expectFieldErrors, gql, trpcCall } from '../../test/graphql.js';
import { addDisabledCountry, addImage, columnOfCountry } from '../../test/fixtures.js';

const FIELDS = 'id country_id social_media_link created_at updated_at image { id image_name image_url category }';
const GET = `query($country_id: Int!) { getFooterSocialMedia(country_id: $country_id) { ${FIELDS} } }`;
const ADD = `mutation($input: AddFooterSocialMediaInput!) { addFooterSocialMedia(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation($input: UpdateFooterSocialMediaInput!) { updateFooterSocialMedia(input: $input) { ${FIELDS} } }`;
const DELETE = 'mutation($id: Int!) { deleteFooterSocialMedia(id: $id) { success message errorCode } }';

type Item = { id: number; social_media_link: string; image: { id: number; category: string } };

describe('footer social media', () => {
  let app: FastifyInstance;
  let admin: string;
  let nepalEditor: string;
  let facebook: number;
  let instagram: number;
  let bannerImage: number;
  const HIDDEN = 5;

  const linksOf = (countryId: number) => columnOfCountry(app, 'footer_social_media', 'social_media_link', countryId);

  beforeAll(async () => {
    ({ app, admin, nepalEditor } = await buildContentTestApp());
    facebook = await addImage(app, 'SOCIAL_MEDIA', { name: 'facebook.png', background: '#1877f2' });
    instagram = await addImage(app, 'SOCIAL_MEDIA', { name: 'instagram.png', background: '#c13584' });
    bannerImage = await addImage(app, 'BANNER');
    expect(await addDisabledCountry(app)).toBe(HIDDEN);
    await app.db
      .insertInto('footer_social_media')
      .values({ country_id: HIDDEN, image_id: facebook, social_media_link: 'https://www.facebook.com/hidden' })
      .execute();
  });
  afterAll(() => app.close());

  it('addFooterSocialMedia adds an icon with a social media image to a country', async () => {
    const input = { country_id: 2, image_id: facebook, social_media_link: 'https://www.facebook.com/nepal' };
    const response = await gql<{ addFooterSocialMedia: Item }>(app, ADD, { input }, nepalEditor);
    expect(response.errors).toEqual([]);
    expect(response.data?.addFooterSocialMedia).toMatchObject({
      country_id: 2,
      social_media_link: 'https://www.facebook.com/nepal',
      image: { id: facebook, image_name: 'facebook.png', category: 'SOCIAL_MEDIA' },
    });
    expect((response.data?.addFooterSocialMedia.image as { image_url?: string }).image_url).toMatch(
      /^\/media\/[0-9a-f]{64}\.png$/,
    );
    await gql(
      app,
      ADD,
      { input: { ...input, image_id: instagram, social_media_link: 'https://instagram.com/np' } },
      admin,
    );
    expect(await linksOf(2)).toEqual(['https://www.facebook.com/nepal', 'https://instagram.com/np']);
  });

  it('addFooterSocialMedia refuses another category’s image, unknown images, bad links and other editors', async () => {
    const input = { country_id: 2, image_id: facebook, social_media_link: 'https://x.com/nepal' };
    const banner = await gql(app, ADD, { input: { ...input, image_id: bannerImage } }, admin);
    expectFieldErrors(banner, { image_id: 'Choose a social media image' });
    const unknown = await gql(app, ADD, { input: { ...input, image_id: 999 } }, admin);
    expect(errorCode(unknown)).toBe('NOT_FOUND');
    const link = await gql(app, ADD, { input: { ...input, social_media_link: 'javascript:alert(1)' } }, admin);
    expectFieldErrors(link, {
      social_media_link: 'Social media link must be an http(s) link',
    });
    expect(errorCode(await gql(app, ADD, { input: { ...input, country_id: 4 } }, nepalEditor))).toBe('FORBIDDEN');
    expect(errorCode(await gql(app, ADD, { input: { ...input, country_id: 999 } }, admin))).toBe('NOT_FOUND');
    expect(await linksOf(2)).toEqual(['https://www.facebook.com/nepal', 'https://instagram.com/np']);
    expect(await linksOf(4)).toEqual([]);
  });

  it('getFooterSocialMedia lists a country’s icons to anyone; none for a disabled one (except to staff)', async () => {
    const nepal = await gql<{ getFooterSocialMedia: Item[] }>(app, GET, { country_id: 2 });
    expect(nepal.errors).toEqual([]);
    expect(nepal.data?.getFooterSocialMedia.map((item) => [item.social_media_link, item.image.id])).toEqual([
      ['https://www.facebook.com/nepal', facebook],
      ['https://instagram.com/np', instagram],
    ]);
    expect((await gql(app, GET, { country_id: 3 })).data).toEqual({ getFooterSocialMedia: [] });
    expect((await gql(app, GET, { country_id: HIDDEN })).data).toEqual({ getFooterSocialMedia: [] });
    const asStaff = await gql<{ getFooterSocialMedia: Item[] }>(app, GET, { country_id: HIDDEN }, admin);
    expect(asStaff.data?.getFooterSocialMedia.map((item) => item.social_media_link)).toEqual([
      'https://www.facebook.com/hidden',
    ]);
    // The staff Footer screen reads through tRPC: the same rule.
    const viaTrpc = (token?: string) =>
      trpcCall<Item[]>(app, 'footerSocialMedia.get', { country_id: HIDDEN }, { token }).then((r) =>
        r.data?.map((item) => item.social_media_link),
      );
    expect(await viaTrpc(admin)).toEqual(['https://www.facebook.com/hidden']);
    expect(await viaTrpc()).toEqual([]);
    expect(errorCode(await gql(app, GET, { country_id: 0 }))).toBe('BAD_USER_INPUT');
  });

  it('updateFooterSocialMedia changes the link or the image, in the editor’s own country only', async () => {
    const [first] = await app.db.selectFrom('footer_social_media').select('id').where('country_id', '=', 2).execute();
    const response = await gql<{ updateFooterSocialMedia: Item }>(
      app,
      UPDATE,
      { input: { id: first!.id, image_id: instagram, social_media_link: 'https://www.facebook.com/nepal.office' } },
      nepalEditor,
    );
    expect(response.errors).toEqual([]);
    expect(response.data?.updateFooterSocialMedia).toMatchObject({
      id: first!.id,
      social_media_link: 'https://www.facebook.com/nepal.office',
      image: { id: instagram },
    });
    const hidden = await app.db
      .selectFrom('footer_social_media')
      .select('id')
      .where('country_id', '=', HIDDEN)
      .executeTakeFirstOrThrow();
    const other = await gql(
      app,
      UPDATE,
      { input: { id: hidden.id, social_media_link: 'https://a.example' } },
      nepalEditor,
    );
    expect(errorCode(other)).toBe('FORBIDDEN');
    const wrongImage = await gql(app, UPDATE, { input: { id: first!.id, image_id: bannerImage } }, admin);
    expect(errorCode(wrongImage)).toBe('BAD_USER_INPUT');
    expect(
      errorCode(await gql(app, UPDATE, { input: { id: 999, social_media_link: 'https://a.example' } }, admin)),
    ).toBe('NOT_FOUND');
    expect(await linksOf(2)).toEqual(['https://www.facebook.com/nepal.office', 'https://instagram.com/np']);
    expect(await linksOf(HIDDEN)).toEqual(['https://www.facebook.com/hidden']);
  });

  it('deleteFooterSocialMedia removes the icon and keeps its image', async () => {
    const [, second] = await app.db
      .selectFrom('footer_social_media')
      .select('id')
      .where('country_id', '=', 2)
      .orderBy('id')
      .execute();
    const response = await gql(app, DELETE, { id: second!.id }, nepalEditor);
    expect(response.errors).toEqual([]);
    expect(response.data?.deleteFooterSocialMedia).toEqual({
      success: true,
      message: 'Social media link deleted.',
      errorCode: 'DELETED_FOOTER_SOCIAL_MEDIA',
    });
    expect(await linksOf(2)).toEqual(['https://www.facebook.com/nepal.office']);
    const image = await app.db.selectFrom('images').select('id').where('id', '=', instagram).executeTakeFirst();
    expect(image).toEqual({ id: instagram });
  });

  it('deleteFooterSocialMedia refuses unknown icons, other editors and visitors', async () => {
    const hidden = await app.db
      .selectFrom('footer_social_media')
      .select('id')
      .where('country_id', '=', HIDDEN)
      .executeTakeFirstOrThrow();
    expect(errorCode(await gql(app, DELETE, { id: 999 }, admin))).toBe('NOT_FOUND');
    expect(errorCode(await gql(app, DELETE, { id: hidden.id }, nepalEditor))).toBe('FORBIDDEN');
    expect(errorCode(await gql(app, DELETE, { id: hidden.id }))).toBe('UNAUTHENTICATED');
    expect(await linksOf(HIDDEN)).toEqual(['https://www.facebook.com/hidden']);
  });

  it('answers the same over tRPC and GraphQL', async () => {
    const viaGraphql = await gql(app, GET, { country_id: 2 });
    const viaTrpc = await trpcCall<Record<string, unknown>[]>(app, 'footerSocialMedia.get', { country_id: 2 });
    // tRPC also carries image_id and the image's timestamps; compare what GraphQL asked for.
    expect(
      viaTrpc.data?.map(({ image_id: _imageId, image, ...item }) => {
        const { id, image_name, image_url, category } = image as Record<string, unknown>;
        return { ...item, image: { id, image_name, image_url, category } };
      }),
    ).toEqual(viaGraphql.data?.getFooterSocialMedia);
    expect(viaTrpc.data).toHaveLength(1);
  });
});
