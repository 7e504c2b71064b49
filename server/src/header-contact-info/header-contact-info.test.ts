import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContentTestApp, errorCode, expectFieldErrors, gql, trpcCall } from '../../test/graphql.js';

const FIELDS = 'id country_id email phone_number address created_at updated_at';

describe('header contact infos', () => {
  let app: FastifyInstance;
  let admin: string;
  let nepalEditor: string;

  beforeAll(async () => {
    ({ app, admin, nepalEditor } = await buildContentTestApp());
    const created = await app.db
      .insertInto('countries')
      .values({ name: 'United Kingdom' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(created.id).toBe(5);
  });
  afterAll(() => app.close());

  it('getHeaderContactInfos returns a country’s contact strip to anyone, null when it has none', async () => {
    const found = await gql(app, `query { getHeaderContactInfos(country_id: 2) { ${FIELDS} } }`);
    expect(found.errors).toEqual([]);
    expect(found.data?.getHeaderContactInfos).toMatchObject({ country_id: 2, email: 'nepal@example.com' });
    expect((found.data?.getHeaderContactInfos as { created_at: string }).created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    const missing = await gql(app, `query { getHeaderContactInfos(country_id: 5) { id } }`);
    expect(missing.data).toEqual({ getHeaderContactInfos: null });
  });

  it('getHeaderContactInfos rejects a non-numeric country', async () => {
    const response = await gql(app, `query { getHeaderContactInfos(country_id: "two") { id } }`);
    expect(errorCode(response)).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('addHeaderContactInfos adds one per country and refuses a second', async () => {
    const mutation = `mutation($input: AddHeaderContactInfosInput!) { addHeaderContactInfos(input: $input) { ${FIELDS} } }`;
    const input = { country_id: 5, email: 'uk@example.com', phone_number: '+44 20 7946 0000', address: 'London' };
    const added = await gql(app, mutation, { input }, admin);
    expect(added.errors).toEqual([]);
    expect(added.data?.addHeaderContactInfos).toMatchObject(input);
    const again = await gql(app, mutation, { input }, admin);
    expect(errorCode(again)).toBe('CONFLICT');
  });

  it('addHeaderContactInfos validates with field messages and stores nothing', async () => {
    const response = await gql(
      app,
      `mutation($input: AddHeaderContactInfosInput!) { addHeaderContactInfos(input: $input) { id } }`,
      { input: { country_id: 1, email: 'not-an-email', phone_number: 'call me', address: '' } },
      admin,
    );
    expectFieldErrors(response, {
      email: 'Enter a valid email address',
      phone_number: 'Enter a valid phone number',
      address: 'Address is required',
    });
  });

  it('updateHeaderContactInfos changes the given fields; an editor only in their country', async () => {
    const mutation = `mutation($input: UpdateHeaderContactInfosInput!) { updateHeaderContactInfos(input: $input) { ${FIELDS} } }`;
    const own = await gql(app, mutation, { input: { id: 2, phone_number: '+977 1 5999999' } }, nepalEditor);
    expect(own.errors).toEqual([]);
    expect(own.data?.updateHeaderContactInfos).toMatchObject({
      id: 2,
      phone_number: '+977 1 5999999',
      email: 'nepal@example.com',
    });
    const other = await gql(app, mutation, { input: { id: 3, phone_number: '+1 416 555 0199' } }, nepalEditor);
    expect(errorCode(other)).toBe('FORBIDDEN');
    const unknown = await gql(app, mutation, { input: { id: 999, address: 'Nowhere' } }, admin);
    expect(errorCode(unknown)).toBe('NOT_FOUND');
    const anonymous = await gql(app, mutation, { input: { id: 2, address: 'Nowhere' } });
    expect(errorCode(anonymous)).toBe('UNAUTHENTICATED');
  });

  it('answers the same over tRPC and GraphQL', async () => {
    const viaGraphql = await gql(app, `query { getHeaderContactInfos(country_id: 4) { ${FIELDS} } }`);
    const viaTrpc = await trpcCall(app, 'headerContactInfo.get', { country_id: 4 });
    expect(viaTrpc.data).toEqual(viaGraphql.data?.getHeaderContactInfos);
  });
});
