import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownersOf } from '../db/links.js';
import { TEAM_COUNTRIES } from './team.repository.js';
import { buildContentTestApp, errorCode, expectFieldErrors, gql, strangerToken, trpcCall } from '../../test/graphql.js';
import type { ImageCategory } from '../../../shared/enums.js';
import type { PageResult } from '../db/pagination.js';
import { saveBlob } from '../media/media.repository.js';
import { addDisabledCountry, type ImageAnswer } from '../../test/fixtures.js';

const TEAM_FIELDS = `id name position description email whatsapp
  image { id image_url category }
  countries { id name }
  teamsCountriesCertifications { id certificate_code countries_certifications { id certificate_name country_id } }
  isDeletable created_at updated_at`;

const ADD = `mutation($input: AddTeamInput!) { addTeam(input: $input) { message id } }`;
const UPDATE = `mutation($input: UpdateTeamInput!) { updateTeam(input: $input) { message id } }`;
const DELETE = `mutation($id: Int!, $confirm: Boolean) {
  deleteTeam(team_id: $id, confirm: $confirm) { success message errorCode } }`;
const ADD_TO_COUNTRY = `mutation($ids: [Int!]!, $country: Int!) {
  addTeamToOtherCountry(team_ids: $ids, country_id: $country) { id countries { id } } }`;
const DELETE_FROM_COUNTRY = `mutation($id: Int!, $country: Int!) {
  deleteTeamFromCountry(team_id: $id, country_id: $country) { success message errorCode } }`;

interface TeamView {
  id: number;
  name: string;
  email: string | null;
  whatsapp: string | null;
  image: ImageAnswer;
  countries: { id: number; name: string }[];
  teamsCountriesCertifications: {
    id: number;
    certificate_code: string;
    countries_certifications: { id: number; certificate_name: string; country_id: number };
  }[];
  isDeletable: boolean;
}
type TeamPageView = PageResult<TeamView>;

describe('team members and country certificates', () => {
  let app: FastifyInstance;
  let admin: string;
  let nepalEditor: string;
  let teamImage: number;
  let galleryImage: number;
  /** Certificates: MARN (Australia), ECAN (Nepal), OISC (United Kingdom, disabled). */
  let marn: number;
  let ecan: number;
  let oisc: number;
  const UK = 5;

  async function image(name: string, category: ImageCategory): Promise<number> {
    const bytes = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const blob_sha256 = await saveBlob(app.db, { bytes, contentType: 'image/png', width: 2, height: 2 });
    const row = await app.db
      .insertInto('images')
      .values({ image_name: name, category, blob_sha256 })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function certificate(country_id: number, certificate_name: string): Promise<number> {
    const row = await app.db
      .insertInto('country_certificates')
      .values({ country_id, certificate_name })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  function member(overrides: Record<string, unknown> = {}) {
    return {
      name: 'Asha Karki',
      position: 'Senior Counsellor',
      description: 'Helps students choose courses.',
      email: 'asha@example.com',
      whatsapp: '+977 980 0000000',
      image_id: teamImage,
      country_ids: [2],
      certifications: [],
      ...overrides,
    };
  }

  async function addMember(overrides: Record<string, unknown> = {}): Promise<number> {
    const response = await gql<{ addTeam: { id: number } }>(app, ADD, { input: member(overrides) }, admin);
    expect(response.errors).toEqual([]);
    return response.data!.addTeam.id;
  }

  const links = (id: number) => ownersOf(app.db, TEAM_COUNTRIES, id);

  async function certifications(id: number) {
    return app.db
      .selectFrom('team_certifications')
      .select(['id', 'country_certificate_id', 'certificate_code'])
      .where('team_member_id', '=', id)
      .orderBy('country_certificate_id')
      .execute();
  }

  const memberCount = async () =>
    Number(
      (
        await app.db
          .selectFrom('team_members')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  async function teamOf(id: number): Promise<TeamView> {
    const response = await gql<{ getAllTeams: TeamPageView }>(
      app,
      `query { getAllTeams(paginate: { perPage: 100 }) { data { ${TEAM_FIELDS} } } }`,
      {},
      admin,
    );
    const found = response.data?.getAllTeams.data.find((team) => team.id === id);
    if (!found) throw new Error(`team member ${id} not listed`);
    return found;
  }

  beforeAll(async () => {
    ({ app, admin, nepalEditor } = await buildContentTestApp());
    expect(await addDisabledCountry(app, 'United Kingdom')).toBe(UK);
    teamImage = await image('asha.png', 'TEAM');
    galleryImage = await image('office.png', 'GALLERY_IMAGES');
    marn = await certificate(4, 'MARN');
    ecan = await certificate(2, 'ECAN');
    oisc = await certificate(UK, 'OISC');
  });
  afterAll(() => app.close());

  describe('addTeam', () => {
    it('adds a member with countries and certifications and answers a message and the id', async () => {
      const response = await gql<{ addTeam: { message: string; id: number } }>(
        app,
        ADD,
        {
          input: member({
            name: 'Bikash Thapa',
            country_ids: [2, 4],
            certifications: [
              { country_certificate_id: marn, certificate_code: '0000001' },
              { country_certificate_id: ecan, certificate_code: 'ECAN-0001' },
            ],
          }),
        },
        admin,
      );
      expect(response.errors).toEqual([]);
      const { id, message } = response.data!.addTeam;
      expect(message).toBe('Successfully Added!');
      expect(await links(id)).toEqual([2, 4]);
      expect((await certifications(id)).map((c) => [c.country_certificate_id, c.certificate_code])).toEqual([
        [marn, '0000001'],
        [ecan, 'ECAN-0001'],
      ]);
      const team = await teamOf(id);
      expect(team).toMatchObject({
        name: 'Bikash Thapa',
        email: 'asha@example.com',
        whatsapp: '+977 980 0000000',
        image: { id: teamImage, category: 'TEAM' },
        countries: [
          { id: 2, name: 'Nepal' },
          { id: 4, name: 'Australia' },
        ],
        isDeletable: false,
      });
      expect(team.image.image_url).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);
      expect(team.teamsCountriesCertifications.map((c) => [c.certificate_code, c.countries_certifications])).toEqual([
        ['0000001', { id: marn, certificate_name: 'MARN', country_id: 4 }],
        ['ECAN-0001', { id: ecan, certificate_name: 'ECAN', country_id: 2 }],
      ]);
    });

    it('validates with field messages and stores nothing', async () => {
      const before = await memberCount();
      const response = await gql(
        app,
        ADD,
        { input: member({ name: ' ', email: 'not-an-email', whatsapp: 'call me', country_ids: [] }) },
        admin,
      );
      expectFieldErrors(response, {
        name: 'Name is required',
        email: 'Enter a valid email address',
        whatsapp: 'Enter a valid phone number',
        country_ids: 'Choose at least one country',
      });
      expect(await memberCount()).toBe(before);
    });

    it('refuses a certificate of a country the member is not in, and stores nothing', async () => {
      const before = await memberCount();
      const response = await gql(
        app,
        ADD,
        {
          input: member({
            country_ids: [2],
            certifications: [{ country_certificate_id: marn, certificate_code: 'X1' }],
          }),
        },
        admin,
      );
      expectFieldErrors(response, {
        'certifications.0.country_certificate_id': "Not a certificate of the member's countries",
      });
      const unknown = await gql(
        app,
        ADD,
        { input: member({ certifications: [{ country_certificate_id: 999, certificate_code: 'X1' }] }) },
        admin,
      );
      expect(errorCode(unknown)).toBe('NOT_FOUND');
      const duplicate = await gql(
        app,
        ADD,
        {
          input: member({
            certifications: [
              { country_certificate_id: ecan, certificate_code: 'A' },
              { country_certificate_id: ecan, certificate_code: 'B' },
            ],
          }),
        },
        admin,
      );
      expect(duplicate.errors[0]?.extensions?.fields).toEqual({ certifications: 'Each certificate can be given once' });
      expect(await memberCount()).toBe(before);
    });

    it('refuses an unknown or non-team image and an unknown country', async () => {
      const wrongCategory = await gql(app, ADD, { input: member({ image_id: galleryImage }) }, admin);
      expectFieldErrors(wrongCategory, { image_id: 'Choose an image of the TEAM category' });
      expect(errorCode(await gql(app, ADD, { input: member({ image_id: 999 }) }, admin))).toBe('NOT_FOUND');
      expect(errorCode(await gql(app, ADD, { input: member({ country_ids: [2, 99] }) }, admin))).toBe('NOT_FOUND');
    });

    it('lets an EDITOR add only to countries they hold; anonymous callers not at all', async () => {
      const own = await gql<{ addTeam: { id: number } }>(app, ADD, { input: member({ name: 'Own' }) }, nepalEditor);
      expect(own.errors).toEqual([]);
      expect(await links(own.data!.addTeam.id)).toEqual([2]);
      const before = await memberCount();
      const shared = await gql(app, ADD, { input: member({ country_ids: [2, 4] }) }, nepalEditor);
      expect(errorCode(shared)).toBe('FORBIDDEN');
      expect(errorCode(await gql(app, ADD, { input: member() }))).toBe('UNAUTHENTICATED');
      expect(await memberCount()).toBe(before);
    });
  });

  describe('reads', () => {
    it('getAllTeams pages every member for staff only', async () => {
      await addMember({ name: 'Page One' });
      await addMember({ name: 'Page Two' });
      const total = await memberCount();
      const response = await gql<{ getAllTeams: TeamPageView }>(
        app,
        `query { getAllTeams(paginate: { page: 1, perPage: 2 }) { data { id name } pagination { page perPage pageCount total } } }`,
        {},
        admin,
      );
      expect(response.errors).toEqual([]);
      expect(response.data!.getAllTeams.pagination).toEqual({
        page: 1,
        perPage: 2,
        pageCount: Math.ceil(total / 2),
        total,
      });
      // Newest first.
      expect(response.data!.getAllTeams.data.map((team) => team.name)).toEqual(['Page Two', 'Page One']);
      expect(errorCode(await gql(app, 'query { getAllTeams { data { id } } }'))).toBe('UNAUTHENTICATED');
      const stranger = await strangerToken(app);
      expect(errorCode(await gql(app, 'query { getAllTeams { data { id } } }', {}, stranger))).toBe('FORBIDDEN');
    });

    it('team.getAll lists members for staff, all or of one country (disabled countries too), with all their countries', async () => {
      const inHidden = await addMember({ name: 'Only In UK', country_ids: [UK] });
      const inNepalAndAustralia = await addMember({ name: 'Nepal And Australia', country_ids: [2, 4] });
      const list = async (country_id?: number) =>
        (
          await trpcCall<TeamPageView>(
            app,
            'team.getAll',
            { paginate: { page: 1, perPage: 100 }, country_id },
            { token: admin },
          )
        ).data!.data;
      expect((await list()).map((team) => team.id)).toEqual(expect.arrayContaining([inHidden, inNepalAndAustralia]));
      const hidden = (await list(UK)).map((team) => team.id);
      expect(hidden).toContain(inHidden);
      expect(hidden).not.toContain(inNepalAndAustralia);
      const nepal = await list(2);
      expect(nepal.map((team) => team.id)).toContain(inNepalAndAustralia);
      expect(nepal.map((team) => team.id)).not.toContain(inHidden);
      expect(nepal.every((team) => team.countries.some((country) => country.id === 2))).toBe(true);
      // The filter picks members; each still shows every country it is in.
      const shared = nepal.find((team) => team.id === inNepalAndAustralia)!;
      expect(shared.countries.map((country) => country.id).sort()).toEqual([2, 4]);
      const anonymous = await trpcCall(app, 'team.getAll', { paginate: { page: 1, perPage: 5 }, country_id: 2 });
      expect(anonymous.error?.code).toBe('UNAUTHORIZED');

      // An EDITOR of Nepal sees Nepal's members only, on both APIs, and may not ask for another country's.
      const asEditor = (country_id?: number) =>
        trpcCall<TeamPageView>(
          app,
          'team.getAll',
          { paginate: { page: 1, perPage: 100 }, country_id },
          { token: nepalEditor },
        );
      const editorAll = (await asEditor()).data!.data;
      expect(editorAll.map((team) => team.id)).toContain(inNepalAndAustralia);
      expect(editorAll.map((team) => team.id)).not.toContain(inHidden);
      expect((await asEditor(UK)).error?.code).toBe('FORBIDDEN');
      const viaGraphql = await gql<{ getAllTeams: TeamPageView }>(
        app,
        'query { getAllTeams(paginate: { perPage: 100 }) { data { id } } }',
        {},
        nepalEditor,
      );
      expect(viaGraphql.data!.getAllTeams.data.map((team) => team.id)).toEqual(editorAll.map((team) => team.id));
    });

    it('getCountryTeams shows a country’s members to anyone, with only enabled countries and their certificates', async () => {
      const id = await addMember({
        name: 'Canada And UK',
        country_ids: [3, UK],
        certifications: [{ country_certificate_id: oisc, certificate_code: 'OISC-9' }],
      });
      const response = await gql<{ getCountryTeams: TeamPageView }>(
        app,
        `query { getCountryTeams(country_id: 3, paginate: { perPage: 10 }) { data { ${TEAM_FIELDS} } pagination { total } } }`,
      );
      expect(response.errors).toEqual([]);
      const page = response.data!.getCountryTeams;
      expect(page.pagination.total).toBe(1);
      expect(page.data[0]).toMatchObject({
        id,
        countries: [{ id: 3, name: 'Canada' }],
        teamsCountriesCertifications: [],
      });
      // Staff see both countries and the certificate.
      expect(await teamOf(id)).toMatchObject({
        countries: [{ id: 3 }, { id: UK }],
        teamsCountriesCertifications: [{ certificate_code: 'OISC-9' }],
      });
      // A disabled country's site has no team.
      const hidden = await gql<{ getCountryTeams: TeamPageView }>(
        app,
        `query { getCountryTeams(country_id: ${UK}) { data { id } pagination { total } } }`,
      );
      expect(hidden.data!.getCountryTeams).toEqual({ data: [], pagination: { total: 0 } });
    });

    it('getCountryTeams rejects a bad page size', async () => {
      const response = await gql(
        app,
        'query { getCountryTeams(country_id: 2, paginate: { perPage: 1000 }) { data { id } } }',
      );
      expectFieldErrors(response, { 'paginate.perPage': 'perPage must be 1 to 100' });
    });

    it('getCountryCertificates lists the certificates of the given countries; visitors see enabled countries only', async () => {
      const query = `query($ids: [Int!]!) { getCountryCertificates(country_ids: $ids) { id certificate_name country_id } }`;
      const publicView = await gql(app, query, { ids: [2, 4, UK] });
      expect(publicView.errors).toEqual([]);
      expect(publicView.data?.getCountryCertificates).toEqual([
        { id: ecan, certificate_name: 'ECAN', country_id: 2 },
        { id: marn, certificate_name: 'MARN', country_id: 4 },
      ]);
      const staffView = await gql(app, query, { ids: [UK] }, nepalEditor);
      expect(staffView.data?.getCountryCertificates).toEqual([{ id: oisc, certificate_name: 'OISC', country_id: UK }]);
      expect(errorCode(await gql(app, query, { ids: [0] }))).toBe('BAD_USER_INPUT');
    });
  });

  describe('updateTeam', () => {
    it('changes the given fields and replaces the certifications, keeping kept ones', async () => {
      const id = await addMember({
        country_ids: [2, 4],
        certifications: [
          { country_certificate_id: marn, certificate_code: 'M-1' },
          { country_certificate_id: ecan, certificate_code: 'E-1' },
        ],
      });
      const [, kept] = await certifications(id);
      const response = await gql<{ updateTeam: { message: string; id: number } }>(
        app,
        UPDATE,
        {
          input: {
            id,
            name: 'Asha K.',
            email: null,
            certifications: [{ country_certificate_id: ecan, certificate_code: 'E-2' }],
          },
        },
        admin,
      );
      expect(response.errors).toEqual([]);
      expect(response.data!.updateTeam).toEqual({ message: 'Successfully Updated!', id });
      expect(await certifications(id)).toEqual([
        { id: kept!.id, country_certificate_id: ecan, certificate_code: 'E-2' },
      ]);
      expect(await teamOf(id)).toMatchObject({ name: 'Asha K.', email: null, whatsapp: '+977 980 0000000' });
      expect(await links(id)).toEqual([2, 4]);
    });

    it('replaces the countries and drops certificates of countries the member left', async () => {
      const id = await addMember({
        country_ids: [2, 4],
        certifications: [
          { country_certificate_id: marn, certificate_code: 'M-1' },
          { country_certificate_id: ecan, certificate_code: 'E-1' },
        ],
      });
      const response = await gql(app, UPDATE, { input: { id, country_ids: [2, 3] } }, admin);
      expect(response.errors).toEqual([]);
      expect(await links(id)).toEqual([2, 3]);
      expect((await certifications(id)).map((c) => c.country_certificate_id)).toEqual([ecan]);
    });

    it('refuses a certificate outside the member’s countries and changes nothing', async () => {
      const id = await addMember({ country_ids: [2] });
      const response = await gql(
        app,
        UPDATE,
        { input: { id, name: 'Changed', certifications: [{ country_certificate_id: marn, certificate_code: 'M' }] } },
        admin,
      );
      expect(errorCode(response)).toBe('BAD_USER_INPUT');
      expect((await teamOf(id)).name).toBe('Asha Karki');
      expect(await certifications(id)).toEqual([]);
    });

    it('answers NOT_FOUND for an unknown member and FORBIDDEN to an EDITOR without all its countries', async () => {
      expect(errorCode(await gql(app, UPDATE, { input: { id: 9999, name: 'Nobody' } }, admin))).toBe('NOT_FOUND');
      const shared = await addMember({ country_ids: [2, 4] });
      expect(errorCode(await gql(app, UPDATE, { input: { id: shared, name: 'X' } }, nepalEditor))).toBe('FORBIDDEN');
      const own = await addMember({ country_ids: [2] });
      expect(errorCode(await gql(app, UPDATE, { input: { id: own, country_ids: [2, 4] } }, nepalEditor))).toBe(
        'FORBIDDEN',
      );
      const allowed = await gql(app, UPDATE, { input: { id: own, position: 'Director' } }, nepalEditor);
      expect(allowed.errors).toEqual([]);
      expect((await teamOf(shared)).name).toBe('Asha Karki');
    });
  });

  describe('deleteTeam', () => {
    it('answers LINKED_WITH_OTHER_COUNTRIES for a shared member and deletes nothing', async () => {
      const id = await addMember({
        country_ids: [2, 4],
        certifications: [{ country_certificate_id: ecan, certificate_code: 'E' }],
      });
      const response = await gql(app, DELETE, { id }, admin);
      expect(response.errors).toEqual([]);
      expect(response.data?.deleteTeam).toMatchObject({ success: false, errorCode: 'LINKED_WITH_OTHER_COUNTRIES' });
      expect(await links(id)).toEqual([2, 4]);
      expect(await certifications(id)).toHaveLength(1);
      expect((await teamOf(id)).isDeletable).toBe(false);
    });

    it('deletes a shared member everywhere with confirm: DELETED_TEAM, keeping the image', async () => {
      const id = await addMember({
        country_ids: [2, 4],
        certifications: [{ country_certificate_id: ecan, certificate_code: 'E' }],
      });
      const response = await gql(app, DELETE, { id, confirm: true }, admin);
      expect(response.data?.deleteTeam).toEqual({
        success: true,
        message: 'Team member deleted.',
        errorCode: 'DELETED_TEAM',
      });
      expect(await app.db.selectFrom('team_members').select('id').where('id', '=', id).execute()).toEqual([]);
      expect(await links(id)).toEqual([]);
      expect(await certifications(id)).toEqual([]);
      expect(await app.db.selectFrom('images').select('id').where('id', '=', teamImage).execute()).toHaveLength(1);
    });

    it('deletes a member of one country without confirm', async () => {
      const id = await addMember({ country_ids: [3] });
      expect((await teamOf(id)).isDeletable).toBe(true);
      const response = await gql(app, DELETE, { id }, admin);
      expect(response.data?.deleteTeam).toMatchObject({ success: true, errorCode: 'DELETED_TEAM' });
      expect(await app.db.selectFrom('team_members').select('id').where('id', '=', id).execute()).toEqual([]);
      expect(errorCode(await gql(app, DELETE, { id }, admin))).toBe('NOT_FOUND');
    });

    it('lets an EDITOR of one of the countries hear LINKED…, but not delete everywhere', async () => {
      const id = await addMember({ country_ids: [2, 4] });
      const plain = await gql(app, DELETE, { id }, nepalEditor);
      expect(plain.data?.deleteTeam).toMatchObject({ errorCode: 'LINKED_WITH_OTHER_COUNTRIES' });
      expect(errorCode(await gql(app, DELETE, { id, confirm: true }, nepalEditor))).toBe('FORBIDDEN');
      expect(await links(id)).toEqual([2, 4]);
    });
  });

  describe('country links', () => {
    it('addTeamToOtherCountry links members once, however often it is asked', async () => {
      const first = await addMember({ country_ids: [2] });
      const second = await addMember({ country_ids: [2, 4] });
      for (let i = 0; i < 2; i++) {
        const response = await gql<{ addTeamToOtherCountry: { id: number; countries: { id: number }[] }[] }>(
          app,
          ADD_TO_COUNTRY,
          { ids: [first, second], country: 4 },
          admin,
        );
        expect(response.errors).toEqual([]);
        expect(response.data!.addTeamToOtherCountry.map((team) => [team.id, team.countries.map((c) => c.id)])).toEqual([
          [second, [2, 4]],
          [first, [2, 4]],
        ]);
      }
      expect(await links(first)).toEqual([2, 4]);
      expect(await links(second)).toEqual([2, 4]);
    });

    it('addTeamToOtherCountry refuses unknown members and countries an EDITOR does not hold', async () => {
      const id = await addMember({ country_ids: [2] });
      const unknown = await gql(app, ADD_TO_COUNTRY, { ids: [id, 9999], country: 3 }, admin);
      expect(errorCode(unknown)).toBe('NOT_FOUND');
      expect(errorCode(await gql(app, ADD_TO_COUNTRY, { ids: [id], country: 99 }, admin))).toBe('NOT_FOUND');
      expect(errorCode(await gql(app, ADD_TO_COUNTRY, { ids: [id], country: 3 }, nepalEditor))).toBe('FORBIDDEN');
      expect(await links(id)).toEqual([2]);
    });

    it('deleteTeamFromCountry only unlinks: DELETED_TEAM_FROM_COUNTRY, with that country’s certificates', async () => {
      const id = await addMember({
        country_ids: [2, 4],
        certifications: [
          { country_certificate_id: marn, certificate_code: 'M' },
          { country_certificate_id: ecan, certificate_code: 'E' },
        ],
      });
      const response = await gql(app, DELETE_FROM_COUNTRY, { id, country: 4 }, admin);
      expect(response.data?.deleteTeamFromCountry).toEqual({
        success: true,
        message: 'Team member removed from the country.',
        errorCode: 'DELETED_TEAM_FROM_COUNTRY',
      });
      expect(await links(id)).toEqual([2]);
      expect((await certifications(id)).map((c) => c.country_certificate_id)).toEqual([ecan]);
      expect(await app.db.selectFrom('team_members').select('id').where('id', '=', id).execute()).toHaveLength(1);
      expect(errorCode(await gql(app, DELETE_FROM_COUNTRY, { id, country: 4 }, admin))).toBe('NOT_FOUND');
      expect(errorCode(await gql(app, DELETE_FROM_COUNTRY, { id, country: 4 }, nepalEditor))).toBe('FORBIDDEN');
    });
  });

  describe('tRPC', () => {
    it('answers the same as GraphQL', async () => {
      await addMember({ country_ids: [4], certifications: [{ country_certificate_id: marn, certificate_code: 'P' }] });
      const viaGraphql = await gql<{ getCountryTeams: TeamPageView }>(
        app,
        `query { getCountryTeams(country_id: 4, paginate: { perPage: 50 }) { data { ${TEAM_FIELDS} } pagination { page perPage pageCount total } } }`,
      );
      const viaTrpc = await trpcCall<TeamPageView>(app, 'team.getOfCountry', {
        country_id: 4,
        paginate: { perPage: 50 },
      });
      expect(viaTrpc.data!.data.length).toBeGreaterThan(0);
      // tRPC carries every field of the nested country and image; compare what the GraphQL query selected.
      const selected = (teams: TeamView[]) =>
        teams.map(({ image, countries, ...team }) => ({
          ...team,
          image: { id: image.id, image_url: image.image_url, category: image.category },
          countries: countries.map(({ id, name }) => ({ id, name })),
        }));
      expect(selected(viaTrpc.data!.data)).toEqual(selected(viaGraphql.data!.getCountryTeams.data));
      expect(viaTrpc.data!.pagination).toEqual(viaGraphql.data!.getCountryTeams.pagination);
    });

    it('adds with the same rules, the EDITOR check reading country_ids', async () => {
      const added = await trpcCall<{ message: string; id: number }>(app, 'team.add', member({ name: 'Via tRPC' }), {
        token: nepalEditor,
        mutation: true,
      });
      expect(added.data?.message).toBe('Successfully Added!');
      expect(await links(added.data!.id)).toEqual([2]);
      const refused = await trpcCall(app, 'team.add', member({ country_ids: [2, 4] }), {
        token: nepalEditor,
        mutation: true,
      });
      expect(refused.error?.code).toBe('FORBIDDEN');
      const certificates = await trpcCall(app, 'team.getCountryCertificates', { country_ids: [4] });
      expect(certificates.data).toEqual([{ id: marn, certificate_name: 'MARN', country_id: 4 }]);
    });
  });
});
