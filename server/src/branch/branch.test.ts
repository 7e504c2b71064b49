import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContentTestApp, errorCode, expectFieldErrors, gql, trpcCall } from '../../test/graphql.js';
import { addDisabledCountry, columnOfCountry } from '../../test/fixtures.js';
import { WEEKDAYS } from '../../../shared/opening-hours.js';
import type { SiteLayout } from '../site/site.service.js';

const BRANCH_FIELDS =
  'id name email phone_number address google_map_link messenger_url whatsapp_number time_zone created_at updated_at';
const FIELDS = `${BRANCH_FIELDS} country { id name is_enabled }`;
const ADD = `mutation($input: AddBranchInput!) { addBranch(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation($input: UpdateBranchInput!) { updateBranch(input: $input) { ${FIELDS} } }`;
const DELETE = 'mutation($branch_id: Int!) { deleteBranch(branch_id: $branch_id) { success message errorCode } }';
const OF_COUNTRY = 'query($country_id: Int!) { getCountryBranch(country_id: $country_id) { id name } }';

type Branch = { id: number; name: string; country: { id: number; name: string } };

describe('branches', () => {
  let app: FastifyInstance;
  let admin: string;
  let nepalEditor: string;
  const HIDDEN = 5;
  let hiddenBranch: number;

  const branchNames = (countryId: number) => columnOfCountry(app, 'branches', 'name', countryId);

  beforeAll(async () => {
    ({ app, admin, nepalEditor } = await buildContentTestApp());
    expect(await addDisabledCountry(app)).toBe(HIDDEN);
    const branch = await app.db
      .insertInto('branches')
      .values({
        country_id: HIDDEN,
        name: 'Secret',
        email: 'secret@example.com',
        phone_number: '+1 555 0100',
        address: 'Nowhere',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    hiddenBranch = branch.id;
  });
  afterAll(() => app.close());

  it('getAllBranch lists the branches of enabled countries with their country; staff see every branch', async () => {
    const response = await gql<{ getAllBranch: Branch[] }>(app, `query { getAllBranch { ${FIELDS} } }`);
    expect(response.errors).toEqual([]);
    expect(response.data?.getAllBranch.map((b) => `${b.name}, ${b.country.name}`)).toEqual([
      'Sydney, Australia',
      'Kathmandu, Nepal',
      'Butwal, Nepal',
    ]);
    expect(response.data?.getAllBranch[0]).toMatchObject({
      email: 'sydney@example.com',
      messenger_url: 'https://m.me/horizon.sydney.example',
      country: { id: 4, name: 'Australia', is_enabled: 'ENABLE' },
    });
    const asStaff = await gql<{ getAllBranch: Branch[] }>(app, 'query { getAllBranch { id } }', {}, nepalEditor);
    expect(asStaff.data?.getAllBranch.map((b) => b.id)).toContain(hiddenBranch);
  });

  it('getAllBranch takes no arguments', async () => {
    const response = await gql(app, 'query { getAllBranch(country_id: 2) { id } }');
    expect(errorCode(response)).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('getCountryBranch lists one country’s branches; none for an unknown or (to visitors) disabled one', async () => {
    const nepal = await gql(app, OF_COUNTRY, { country_id: 2 });
    expect(nepal.data).toEqual({
      getCountryBranch: [
        { id: 2, name: 'Kathmandu' },
        { id: 3, name: 'Butwal' },
      ],
    });
    expect((await gql(app, OF_COUNTRY, { country_id: 999 })).data).toEqual({ getCountryBranch: [] });
    expect((await gql(app, OF_COUNTRY, { country_id: HIDDEN })).data).toEqual({ getCountryBranch: [] });
    expect((await gql(app, OF_COUNTRY, { country_id: HIDDEN }, admin)).data).toEqual({
      getCountryBranch: [{ id: hiddenBranch, name: 'Secret' }],
    });
    expect(errorCode(await gql(app, OF_COUNTRY, { country_id: -1 }))).toBe('BAD_USER_INPUT');
  });

  it('addBranch adds a branch to a country', async () => {
    const input = {
      country_id: 2,
      name: 'Pokhara',
      email: 'pokhara@example.com',
      phone_number: '+977 61 500000',
      address: 'Lakeside, Pokhara',
      google_map_link: 'https://www.google.com/maps?q=Lakeside+Pokhara&output=embed',
    };
    const response = await gql<{ addBranch: Branch }>(app, ADD, { input }, nepalEditor);
    expect(response.errors).toEqual([]);
    const { country_id: _country, ...fields } = input;
    expect(response.data?.addBranch).toMatchObject({
      ...fields,
      messenger_url: null,
      whatsapp_number: null,
      time_zone: null,
      country: { id: 2 },
    });
    expect(await branchNames(2)).toEqual(['Kathmandu', 'Butwal', 'Pokhara']);
  });

  it('addBranch refuses bad input with field messages, a taken name, unknown countries and other editors', async () => {
    const valid = { country_id: 2, name: 'Birgunj', email: 'b@example.com', phone_number: '+977 51 500000' };
    const bad = await gql(
      app,
      ADD,
      {
        input: {
          ...valid,
          email: 'nope',
          phone_number: 'call me',
          address: '',
          messenger_url: 'javascript:alert(1)',
        },
      },
      admin,
    );
    expectFieldErrors(bad, {
      email: 'Enter a valid email address',
      phone_number: 'Enter a valid phone number',
      address: 'Address is required',
      messenger_url: 'Messenger link must be an http(s) link',
    });
    const taken = await gql(app, ADD, { input: { ...valid, name: 'BUTWAL', address: 'x' } }, admin);
    expect(errorCode(taken)).toBe('CONFLICT');
    expect(taken.errors[0]?.extensions?.fields).toEqual({ name: 'This country already has a branch with this name' });
    const unknown = await gql(app, ADD, { input: { ...valid, country_id: 999, address: 'x' } }, admin);
    expect(errorCode(unknown)).toBe('NOT_FOUND');
    const other = await gql(app, ADD, { input: { ...valid, country_id: 4, address: 'x' } }, nepalEditor);
    expect(errorCode(other)).toBe('FORBIDDEN');
    expect(errorCode(await gql(app, ADD, { input: { ...valid, address: 'x' } }))).toBe('UNAUTHENTICATED');
    expect(await branchNames(2)).toEqual(['Kathmandu', 'Butwal', 'Pokhara']);
    expect(await branchNames(4)).toEqual(['Sydney']);
  });

  it('updateBranch changes the given fields; an empty link clears it', async () => {
    const response = await gql<{ updateBranch: Branch }>(
      app,
      UPDATE,
      { input: { id: 3, phone_number: '+977 71 599999', google_map_link: '' } },
      nepalEditor,
    );
    expect(response.errors).toEqual([]);
    expect(response.data?.updateBranch).toMatchObject({
      id: 3,
      name: 'Butwal',
      phone_number: '+977 71 599999',
      google_map_link: null,
      messenger_url: 'https://m.me/horizon.butwal.example',
      country: { id: 2, name: 'Nepal' },
    });
  });

  it("keeps a branch's WhatsApp number as written, refuses one without its country code, and clears it", async () => {
    const set = await gql<{ updateBranch: Branch & { whatsapp_number: string | null } }>(
      app,
      UPDATE,
      { input: { id: 2, whatsapp_number: ' +977 980-000 0000 ' } },
      nepalEditor,
    );
    expect(set.errors).toEqual([]);
    expect(set.data?.updateBranch.whatsapp_number).toBe('+977 980-000 0000');
    // The chat dialog offers it beside the messenger page, as WhatsApp's link of the digits.
    const layout = await trpcCall<SiteLayout>(app, 'site.layout', { countryId: 2 });
    expect(layout.data?.chatBranches.find((branch) => branch.id === 2)?.whatsappUrl).toBe(
      'https://wa.me/9779800000000',
    );

    for (const number of ['9800000000', '+0 123 456 789', '+977 98', '+977 980 000 000 000 000 1', 'wa.me/977980']) {
      const refused = await gql(app, UPDATE, { input: { id: 2, whatsapp_number: number } }, nepalEditor);
      expect(errorCode(refused), number).toBe('BAD_USER_INPUT');
      expect(refused.errors[0]?.extensions?.fields).toHaveProperty('whatsapp_number');
    }
    const cleared = await gql<{ updateBranch: { whatsapp_number: string | null } }>(
      app,
      UPDATE,
      { input: { id: 2, whatsapp_number: '' } },
      nepalEditor,
    );
    expect(cleared.data?.updateBranch.whatsapp_number).toBeNull();
  });

  it('updateBranch refuses other editors (also when moving a branch there), unknown branches and taken names', async () => {
    expect(errorCode(await gql(app, UPDATE, { input: { id: 1, name: 'Sydney CBD' } }, nepalEditor))).toBe('FORBIDDEN');
    expect(errorCode(await gql(app, UPDATE, { input: { id: 2, country_id: 4 } }, nepalEditor))).toBe('FORBIDDEN');
    expect(errorCode(await gql(app, UPDATE, { input: { id: 999, name: 'Nowhere' } }, admin))).toBe('NOT_FOUND');
    expect(errorCode(await gql(app, UPDATE, { input: { id: 2, name: 'butwal' } }, admin))).toBe('CONFLICT');
    expect(errorCode(await gql(app, UPDATE, { input: { id: 2, email: 'x' } }, admin))).toBe('BAD_USER_INPUT');
    const kathmandu = await app.db
      .selectFrom('branches')
      .select(['name', 'country_id', 'email'])
      .where('id', '=', 2)
      .executeTakeFirst();
    expect(kathmandu).toEqual({ name: 'Kathmandu', country_id: 2, email: 'kathmandu@example.com' });
  });

  it('deleteBranch deletes the branch and keeps its enquiries without a branch', async () => {
    const entry = await app.db
      .insertInto('contact_us_entries')
      .values({
        country_id: 2,
        branch_id: 2,
        first_name: 'Asha',
        last_name: 'Rai',
        email_address: 'asha@example.com',
        phone_number: '+977 9800000001',
        subject: 'Study in Australia',
        hear_about_us: 'FRIENDS',
        interested_service: 'EDUCATION',
        message: 'Hello',
        has_agreed_to_terms: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const response = await gql(app, DELETE, { branch_id: 2 }, nepalEditor);
    expect(response.errors).toEqual([]);
    expect(response.data?.deleteBranch).toEqual({
      success: true,
      message: 'Branch deleted.',
      errorCode: 'DELETED_BRANCH',
    });
    expect(await branchNames(2)).toEqual(['Butwal', 'Pokhara']);
    const kept = await app.db
      .selectFrom('contact_us_entries')
      .select(['branch_id', 'first_name'])
      .where('id', '=', entry.id)
      .executeTakeFirst();
    expect(kept).toEqual({ branch_id: null, first_name: 'Asha' });
  });

  it('deleteBranch refuses unknown branches and other editors', async () => {
    expect(errorCode(await gql(app, DELETE, { branch_id: 2 }, admin))).toBe('NOT_FOUND');
    expect(errorCode(await gql(app, DELETE, { branch_id: 1 }, nepalEditor))).toBe('FORBIDDEN');
    expect(errorCode(await gql(app, DELETE, { branch_id: 1 }))).toBe('UNAUTHENTICATED');
    expect(await branchNames(4)).toEqual(['Sydney']);
  });

  it('answers the same over tRPC and GraphQL', async () => {
    const country = 'country { id name flag_url is_enabled time_zone code created_at updated_at }';
    const day = '{ opens closes }';
    const week = `opening_hours { ${WEEKDAYS.map((d) => `${d} ${day}`).join(' ')} }`;
    await app.db
      .updateTable('branches')
      .set({
        opening_hours: JSON.stringify({
          ...Object.fromEntries(WEEKDAYS.map((d) => [d, null])),
          monday: { opens: '09:00', closes: '17:00' },
        }),
      })
      .where('id', '=', 1)
      .execute();
    const viaGraphql = await gql(app, `query { getAllBranch { ${BRANCH_FIELDS} ${week} ${country} } }`);
    const viaTrpc = await trpcCall<Record<string, unknown>[]>(app, 'branch.getAll', undefined);
    // tRPC also carries the branch's country_id; everything else is the same.
    expect(viaTrpc.data?.map(({ country_id: _countryId, ...branch }) => branch)).toEqual(viaGraphql.data?.getAllBranch);
    const viaTrpcCountry = await trpcCall<Branch[]>(app, 'branch.getOfCountry', { country_id: 4 });
    expect(viaTrpcCountry.data?.map((b) => b.name)).toEqual(['Sydney']);
  });
});
