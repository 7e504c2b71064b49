import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownersOf } from '../db/links.js';
import { POPUP_COUNTRIES } from './popup.repository.js';
import { addDisabledCountry, addImage, type ImageAnswer } from '../../test/fixtures.js';
import { sharedItemCountryTests } from '../../test/shared-items.js';
import { buildContentTestApp, errorCode, expectFieldErrors, gql, strangerToken, trpcCall } from '../../test/graphql.js';

const FIELDS = `id image { id image_url category } link option countries { id name is_enabled } isDeletable
  created_at updated_at`;
const ADD = `mutation($input: AddPopupInput!) { addPopup(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation($input: UpdatePopupInput!) { updatePopup(input: $input) { ${FIELDS} } }`;
const DELETE = `mutation($id: Int!, $confirm: Boolean) {
  deletePopup(popup_id: $id, confirm: $confirm) { success message errorCode } }`;
const ADD_TO_COUNTRY = `mutation($ids: [Int!]!, $country: Int!) {
  addPopupToOtherCountry(popup_ids: $ids, country_id: $country) { id countries { id } isDeletable } }`;
const REMOVE_FROM_COUNTRY = `mutation($id: Int!, $country: Int!) {
  deletePopupFromCountry(popup_id: $id, country_id: $country) { success message errorCode } }`;
const ALL = `query { getAllPopups { ${FIELDS} } }`;
const OF_COUNTRY = `query($country: Int!) { getPopups(country_id: $country) { ${FIELDS} } }`;

interface Popup {
  id: number;
  image: ImageAnswer;
  link: string | null;
  option: 'ENABLE' | 'DISABLE';
  countries: { id: number; name: string; is_enabled: string }[];
  isDeletable: boolean;
}

describe('popups', () => {
  let app: FastifyInstance;
  let admin: string;
  let nepalEditor: string;
  let popupImage: number;
  let galleryImage: number;
  let hiddenCountry: number;

  const linkedCountries = (popupId: number) => ownersOf(app.db, POPUP_COUNTRIES, popupId);

  async function stored(popupId: number) {
    return app.db.selectFrom('popups').select(['link', 'option']).where('id', '=', popupId).executeTakeFirst();
  }

  async function addPopup(country_ids: number[], extra: { link?: string; option?: string } = {}): Promise<Popup> {
    const response = await gql<{ addPopup: Popup }>(
      app,
      ADD,
      { input: { image_id: popupImage, country_ids, ...extra } },
      admin,
    );
    expect(response.errors).toEqual([]);
    return response.data!.addPopup;
  }

  beforeAll(async () => {
    ({ app, admin, nepalEditor } = await buildContentTestApp());
    popupImage = await addImage(app, 'POPUP');
    galleryImage = await addImage(app, 'GALLERY_IMAGES');
    hiddenCountry = await addDisabledCountry(app, 'United Kingdom');
  });
  afterAll(() => app.close());

  it('addPopup stores a popup in its countries, switched on unless said otherwise', async () => {
    const response = await gql<{ addPopup: Popup }>(
      app,
      ADD,
      { input: { image_id: popupImage, link: 'https://example.com/intake', country_ids: [2, 3] } },
      admin,
    );
    expect(response.errors).toEqual([]);
    const popup = response.data!.addPopup;
    expect(popup).toMatchObject({
      image: { id: popupImage, category: 'POPUP' },
      link: 'https://example.com/intake',
      option: 'ENABLE',
      countries: [
        { id: 2, name: 'Nepal' },
        { id: 3, name: 'Canada' },
      ],
      isDeletable: false,
    });
    expect(popup.image.image_url).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);
    expect(await linkedCountries(popup.id)).toEqual([2, 3]);
    const withoutLink = await addPopup([2], { option: 'DISABLE' });
    expect(withoutLink).toMatchObject({ link: null, option: 'DISABLE', isDeletable: true });
  });

  it('addPopup validates, checks image category, countries and access, and stores nothing', async () => {
    const count = async () => (await app.db.selectFrom('popups').select('id').execute()).length;
    const before = await count();
    const invalid = await gql(
      app,
      ADD,
      { input: { image_id: popupImage, link: 'javascript:alert(1)', country_ids: [] } },
      admin,
    );
    expectFieldErrors(invalid, {
      link: 'Link must be an http(s) link',
      country_ids: 'Select at least one country',
    });
    const badOption = await gql(
      app,
      ADD,
      { input: { image_id: popupImage, option: 'MAYBE', country_ids: [2] } },
      admin,
    );
    expect(errorCode(badOption)).toBe('BAD_USER_INPUT');
    const wrongImage = await gql(app, ADD, { input: { image_id: galleryImage, country_ids: [2] } }, admin);
    expect(wrongImage.errors[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { image_id: 'Choose an image of the POPUP category' },
    });
    const unknownCountry = await gql(app, ADD, { input: { image_id: popupImage, country_ids: [999] } }, admin);
    expect(errorCode(unknownCountry)).toBe('NOT_FOUND');
    const forbidden = await gql(app, ADD, { input: { image_id: popupImage, country_ids: [2, 3] } }, nepalEditor);
    expect(errorCode(forbidden)).toBe('FORBIDDEN');
    expect(await count()).toBe(before);
  });

  it('getAllPopups lists every popup, newest first, to administrators', async () => {
    const latest = await addPopup([hiddenCountry], { option: 'DISABLE' });
    const response = await gql<{ getAllPopups: Popup[] }>(app, ALL, {}, admin);
    expect(response.errors).toEqual([]);
    const total = (await app.db.selectFrom('popups').select('id').execute()).length;
    expect(response.data!.getAllPopups).toHaveLength(total);
    expect(response.data!.getAllPopups[0]).toMatchObject({
      id: latest.id,
      option: 'DISABLE',
      countries: [{ id: hiddenCountry, is_enabled: 'DISABLE' }],
    });
    expect(errorCode(await gql(app, ALL, {}))).toBe('UNAUTHENTICATED');
    expect(errorCode(await gql(app, ALL, {}, await strangerToken(app)))).toBe('FORBIDDEN');
  });

  it('getPopups shows anyone the switched-on popups of an enabled country', async () => {
    const shown = await addPopup([4, hiddenCountry]);
    await addPopup([4], { option: 'DISABLE' });
    await addPopup([hiddenCountry]);
    const response = await gql<{ getPopups: Popup[] }>(app, OF_COUNTRY, { country: 4 });
    expect(response.errors).toEqual([]);
    expect(response.data!.getPopups).toEqual([
      expect.objectContaining({
        id: shown.id,
        option: 'ENABLE',
        countries: [{ id: 4, name: 'Australia', is_enabled: 'ENABLE' }],
        isDeletable: false,
      }),
    ]);
    const hidden = await gql(app, OF_COUNTRY, { country: hiddenCountry });
    expect(hidden.data).toEqual({ getPopups: [] });
    expect(errorCode(await gql(app, OF_COUNTRY, { country: -1 }))).toBe('BAD_USER_INPUT');
  });

  it('updatePopup changes the given fields; an EDITOR needs every linked country', async () => {
    const nepalOnly = await addPopup([2], { link: 'https://example.com/a' });
    const own = await gql<{ updatePopup: Popup }>(
      app,
      UPDATE,
      { input: { id: nepalOnly.id, option: 'DISABLE' } },
      nepalEditor,
    );
    expect(own.errors).toEqual([]);
    expect(own.data!.updatePopup).toMatchObject({ option: 'DISABLE', link: 'https://example.com/a' });
    const cleared = await gql<{ updatePopup: Popup }>(app, UPDATE, { input: { id: nepalOnly.id, link: null } }, admin);
    expect(cleared.data!.updatePopup).toMatchObject({ option: 'DISABLE', link: null });
    expect(await stored(nepalOnly.id)).toEqual({ link: null, option: 'DISABLE' });

    const shared = await addPopup([2, 3]);
    const forbidden = await gql(app, UPDATE, { input: { id: shared.id, option: 'DISABLE' } }, nepalEditor);
    expect(errorCode(forbidden)).toBe('FORBIDDEN');
    expect(await stored(shared.id)).toEqual({ link: null, option: 'ENABLE' });
  });

  it('updatePopup refuses bad links, wrong images and unknown popups', async () => {
    const popup = await addPopup([3], { link: 'https://example.com/keep' });
    expect(errorCode(await gql(app, UPDATE, { input: { id: popup.id, link: 'ftp://x' } }, admin))).toBe(
      'BAD_USER_INPUT',
    );
    expect(errorCode(await gql(app, UPDATE, { input: { id: popup.id, image_id: galleryImage } }, admin))).toBe(
      'BAD_USER_INPUT',
    );
    expect(errorCode(await gql(app, UPDATE, { input: { id: 99_999, option: 'ENABLE' } }, admin))).toBe('NOT_FOUND');
    expect(await stored(popup.id)).toEqual({ link: 'https://example.com/keep', option: 'ENABLE' });
  });

  sharedItemCountryTests(
    {
      delete: { name: 'deletePopup', document: DELETE, deletedCode: 'DELETED_POPUP' },
      addToCountry: { name: 'addPopupToOtherCountry', document: ADD_TO_COUNTRY },
      removeFromCountry: {
        name: 'deletePopupFromCountry',
        document: REMOVE_FROM_COUNTRY,
        removedCode: 'DELETED_POPUP_FROM_COUNTRY',
      },
    },
    () => ({
      app,
      admin,
      nepalEditor,
      add: (countryIds) => addPopup(countryIds),
      stored,
      linkedCountries,
      imageId: popupImage,
    }),
  );

  it('lists popups for staff, all or of one country (disabled countries too)', async () => {
    const inHidden = await addPopup([hiddenCountry], { option: 'DISABLE' });
    const inNepal = await addPopup([2]);
    const list = async (input?: { country_id: number }) =>
      (await trpcCall<Popup[]>(app, 'popup.getAll', input, { token: admin })).data!.map((popup) => popup.id);
    expect(await list()).toEqual(expect.arrayContaining([inHidden.id, inNepal.id]));
    const hidden = await list({ country_id: hiddenCountry });
    expect(hidden).toContain(inHidden.id);
    expect(hidden).not.toContain(inNepal.id);
    const nepal = (await trpcCall<Popup[]>(app, 'popup.getAll', { country_id: 2 }, { token: admin })).data!;
    expect(nepal.map((popup) => popup.id)).toContain(inNepal.id);
    expect(nepal.every((popup) => popup.countries.some((c) => c.id === 2))).toBe(true);
    const refused = await trpcCall(app, 'popup.getAll', { country_id: 2 });
    expect(refused.status).toBe(401);

    // An EDITOR of Nepal sees Nepal's popups only, on both APIs, and may not ask for another country's.
    const editorAll = (await trpcCall<Popup[]>(app, 'popup.getAll', undefined, { token: nepalEditor })).data!;
    expect(editorAll.map((popup) => popup.id)).toContain(inNepal.id);
    expect(editorAll.map((popup) => popup.id)).not.toContain(inHidden.id);
    expect(editorAll.every((popup) => popup.countries.some((c) => c.id === 2))).toBe(true);
    const viaGraphql = (await gql<{ getAllPopups: Popup[] }>(app, ALL, {}, nepalEditor)).data!.getAllPopups;
    expect(viaGraphql.map((popup) => popup.id)).toEqual(editorAll.map((popup) => popup.id));
    const otherCountry = await trpcCall(app, 'popup.getAll', { country_id: 3 }, { token: nepalEditor });
    expect(otherCountry.error?.code).toBe('FORBIDDEN');
  });

  it('answers the same over tRPC and GraphQL', async () => {
    const viaGraphql = await gql<{ getPopups: Popup[] }>(app, OF_COUNTRY, { country: 2 });
    const viaTrpc = await trpcCall<Popup[]>(app, 'popup.ofCountry', { country_id: 2 });
    const pick = (popups: Popup[]) =>
      popups.map(({ id, link, option, image, countries, isDeletable }) => ({
        id,
        link,
        option,
        image: { id: image.id, image_url: image.image_url, category: image.category },
        countries: countries.map(({ id: countryId, name, is_enabled }) => ({ id: countryId, name, is_enabled })),
        isDeletable,
      }));
    expect(viaGraphql.data!.getPopups.length).toBeGreaterThan(1);
    expect(pick(viaTrpc.data!)).toEqual(pick(viaGraphql.data!.getPopups));

    const all = await trpcCall<Popup[]>(app, 'popup.getAll', undefined, { token: admin });
    expect(all.data?.map((popup) => popup.id)).toEqual(
      (await gql<{ getAllPopups: Popup[] }>(app, ALL, {}, admin)).data!.getAllPopups.map((popup) => popup.id),
    );
  });
});
