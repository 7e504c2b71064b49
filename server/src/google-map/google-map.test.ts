import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContentTestApp, errorCode, expectFieldErrors, gql, trpcCall } from '../../test/graphql.js';
import { addDisabledCountry } from '../../test/fixtures.js';

const FIELDS = 'id country_id google_map_link created_at updated_at';
const GET = `query($country_id: Int!) { getGoogleMap(country_id: $country_id) { ${FIELDS} } }`;
const ADD = `mutation($input: AddGoogleMapInput!) { addGoogleMap(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation($input: UpdateGoogleMapInput!) { updateGoogleMap(input: $input) { ${FIELDS} } }`;
const SYDNEY = 'https://www.google.com/maps?q=100+George+Street+Sydney&output=embed';

describe('google map', () => {
  let app: FastifyInstance;
  let admin: string;
  let nepalEditor: string;
  const HIDDEN = 5;

  const storedLinks = async () =>
    (
      await app.db.selectFrom('google_maps').select(['country_id', 'google_map_link']).orderBy('country_id').execute()
    ).map((row) => `${row.country_id} ${row.google_map_link}`);

  beforeAll(async () => {
    ({ app, admin, nepalEditor } = await buildContentTestApp());
    expect(await addDisabledCountry(app)).toBe(HIDDEN);
    await app.db
      .insertInto('google_maps')
      .values({ country_id: HIDDEN, google_map_link: 'https://maps.example/h' })
      .execute();
  });
  afterAll(() => app.close());

  it('addGoogleMap adds a country’s map', async () => {
    const response = await gql(app, ADD, { input: { country_id: 4, google_map_link: SYDNEY } }, admin);
    expect(response.errors).toEqual([]);
    expect(response.data?.addGoogleMap).toMatchObject({ country_id: 4, google_map_link: SYDNEY });
    expect((response.data?.addGoogleMap as { created_at: string }).created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('addGoogleMap refuses a second map, bad links, unknown countries and other editors', async () => {
    const second = await gql(app, ADD, { input: { country_id: 4, google_map_link: 'https://maps.example/2' } }, admin);
    expect(errorCode(second)).toBe('CONFLICT');
    expect(second.errors[0]?.extensions?.fields).toEqual({ country_id: 'Already has a Google map' });
    const bad = await gql(app, ADD, { input: { country_id: 2, google_map_link: 'not a link' } }, admin);
    expectFieldErrors(bad, { google_map_link: 'Google map link must be an http(s) link' });
    const unknown = await gql(app, ADD, { input: { country_id: 999, google_map_link: SYDNEY } }, admin);
    expect(errorCode(unknown)).toBe('NOT_FOUND');
    const other = await gql(app, ADD, { input: { country_id: 3, google_map_link: SYDNEY } }, nepalEditor);
    expect(errorCode(other)).toBe('FORBIDDEN');
    expect(await storedLinks()).toEqual([`4 ${SYDNEY}`, `${HIDDEN} https://maps.example/h`]);
  });

  it('getGoogleMap returns a country’s map to anyone; null when none, or for a disabled country to visitors', async () => {
    const found = await gql(app, GET, { country_id: 4 });
    expect(found.errors).toEqual([]);
    expect(found.data?.getGoogleMap).toMatchObject({ country_id: 4, google_map_link: SYDNEY });
    expect((await gql(app, GET, { country_id: 2 })).data).toEqual({ getGoogleMap: null });
    expect((await gql(app, GET, { country_id: HIDDEN })).data).toEqual({ getGoogleMap: null });
    const asStaff = await gql(app, GET, { country_id: HIDDEN }, nepalEditor);
    expect(asStaff.data?.getGoogleMap).toMatchObject({ google_map_link: 'https://maps.example/h' });
    expect(errorCode(await gql(app, 'query { getGoogleMap { id } }'))).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('updateGoogleMap changes the link, in the editor’s own country only', async () => {
    const added = await gql<{ addGoogleMap: { id: number } }>(
      app,
      ADD,
      { input: { country_id: 2, google_map_link: 'https://maps.example/ktm' } },
      nepalEditor,
    );
    const id = added.data!.addGoogleMap.id;
    const updated = await gql(
      app,
      UPDATE,
      { input: { id, google_map_link: 'https://maps.example/ktm2' } },
      nepalEditor,
    );
    expect(updated.errors).toEqual([]);
    expect(updated.data?.updateGoogleMap).toMatchObject({
      id,
      country_id: 2,
      google_map_link: 'https://maps.example/ktm2',
    });

    const sydney = await app.db
      .selectFrom('google_maps')
      .select('id')
      .where('country_id', '=', 4)
      .executeTakeFirstOrThrow();
    const other = await gql(
      app,
      UPDATE,
      { input: { id: sydney.id, google_map_link: 'https://a.example' } },
      nepalEditor,
    );
    expect(errorCode(other)).toBe('FORBIDDEN');
    expect(errorCode(await gql(app, UPDATE, { input: { id: 999, google_map_link: 'https://a.example' } }, admin))).toBe(
      'NOT_FOUND',
    );
    expect(errorCode(await gql(app, UPDATE, { input: { id, google_map_link: 'ftp://a.example' } }, admin))).toBe(
      'BAD_USER_INPUT',
    );
    expect(await storedLinks()).toEqual([
      '2 https://maps.example/ktm2',
      `4 ${SYDNEY}`,
      `${HIDDEN} https://maps.example/h`,
    ]);
  });

  it('answers the same over tRPC and GraphQL', async () => {
    const viaGraphql = await gql(app, GET, { country_id: 4 });
    const viaTrpc = await trpcCall(app, 'googleMap.get', { country_id: 4 });
    expect(viaTrpc.data).toEqual(viaGraphql.data?.getGoogleMap);
    expect(viaTrpc.data).toMatchObject({ google_map_link: SYDNEY });
  });
});
