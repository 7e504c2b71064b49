import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownersOf } from '../db/links.js';
import { TESTIMONIAL_COUNTRIES } from './testimonial.repository.js';
import { addDisabledCountry, addImage, type ImageAnswer } from '../../test/fixtures.js';
import { sharedItemCountryTests } from '../../test/shared-items.js';
import { buildContentTestApp, errorCode, expectFieldErrors, gql, strangerToken, trpcCall } from '../../test/graphql.js';

const FIELDS = `id name image { id image_url category } testimonial rating relation isDeletable
  countries { id name is_enabled } created_at updated_at`;
const ADD = `mutation($input: AddTestimonialInput!) { addTestimonial(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation($input: UpdateTestimonialInput!) { updateTestimonial(input: $input) { ${FIELDS} } }`;
const DELETE = `mutation($id: Int!, $confirm: Boolean) {
  deleteTestimonal(testimonal_id: $id, confirm: $confirm) { success message errorCode } }`;
const ADD_TO_COUNTRY = `mutation($ids: [Int!]!, $country: Int!) {
  addTestimonialToOtherCountry(testimonal_ids: $ids, country_id: $country) { id countries { id } isDeletable } }`;
const REMOVE_FROM_COUNTRY = `mutation($id: Int!, $country: Int!) {
  deleteTestimonalFromCountry(testimonal_id: $id, country_id: $country) { success message errorCode } }`;
const ALL = `query($paginate: PaginateInput) { getAllTestimonals(paginate: $paginate) {
  data { ${FIELDS} } pagination { page perPage pageCount total } } }`;
const OF_COUNTRY = `query($country: Int!, $paginate: PaginateInput) {
  getHomeTestimonials(country_id: $country, paginate: $paginate) {
    data { ${FIELDS} } pagination { page perPage pageCount total } } }`;

interface Testimonial {
  id: number;
  name: string;
  rating: number;
  image: ImageAnswer;
  countries: { id: number; name: string; is_enabled: string }[];
  isDeletable: boolean;
}

describe('testimonials', () => {
  let app: FastifyInstance;
  let admin: string;
  let nepalEditor: string;
  let portrait: number;
  let bannerImage: number;
  let hiddenCountry: number;

  const linkedCountries = (testimonialId: number) => ownersOf(app.db, TESTIMONIAL_COUNTRIES, testimonialId);

  async function stored(testimonialId: number) {
    return app.db
      .selectFrom('testimonials')
      .select(['name', 'rating'])
      .where('id', '=', testimonialId)
      .executeTakeFirst();
  }

  async function addTestimonial(name: string, country_ids: number[]): Promise<Testimonial> {
    const input = { name, image_id: portrait, testimonial: 'Great help.', rating: 5, relation: 'Student', country_ids };
    const response = await gql<{ addTestimonial: Testimonial }>(app, ADD, { input }, admin);
    expect(response.errors).toEqual([]);
    return response.data!.addTestimonial;
  }

  beforeAll(async () => {
    ({ app, admin, nepalEditor } = await buildContentTestApp());
    portrait = await addImage(app, 'TESTIMONALS');
    bannerImage = await addImage(app, 'BANNER');
    hiddenCountry = await addDisabledCountry(app, 'United Kingdom');
  });
  afterAll(() => app.close());

  it('addTestimonial stores a testimonial in its countries', async () => {
    const input = {
      name: 'Sita Sharma',
      image_id: portrait,
      testimonial: 'They made my visa simple.',
      rating: 4,
      relation: 'Student, Sydney',
      country_ids: [2, 3],
    };
    const response = await gql<{ addTestimonial: Testimonial }>(app, ADD, { input }, admin);
    expect(response.errors).toEqual([]);
    const testimonial = response.data!.addTestimonial;
    expect(testimonial).toMatchObject({
      name: 'Sita Sharma',
      rating: 4,
      relation: 'Student, Sydney',
      image: { id: portrait, category: 'TESTIMONALS' },
      countries: [
        { id: 2, name: 'Nepal' },
        { id: 3, name: 'Canada' },
      ],
      isDeletable: false,
    });
    expect(testimonial.image.image_url).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);
    expect(await linkedCountries(testimonial.id)).toEqual([2, 3]);
  });

  it('addTestimonial validates, checks image category and countries, and stores nothing', async () => {
    const count = async () => (await app.db.selectFrom('testimonials').select('id').execute()).length;
    const before = await count();
    const input = { name: 'N', image_id: portrait, testimonial: 'T', rating: 5, relation: 'R', country_ids: [2] };
    const invalid = await gql(app, ADD, { input: { ...input, name: '', rating: 6, country_ids: [] } }, admin);
    expectFieldErrors(invalid, {
      name: 'Name is required',
      rating: 'Rating must be from 1 to 5',
      country_ids: 'Select at least one country',
    });
    const wrongImage = await gql(app, ADD, { input: { ...input, image_id: bannerImage } }, admin);
    expect(wrongImage.errors[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { image_id: 'Choose an image of the TESTIMONALS category' },
    });
    const unknownCountry = await gql(app, ADD, { input: { ...input, country_ids: [2, 999] } }, admin);
    expect(errorCode(unknownCountry)).toBe('NOT_FOUND');
    expect(await count()).toBe(before);
  });

  it('addTestimonial lets an EDITOR add only to countries they hold', async () => {
    const input = { name: 'N', image_id: portrait, testimonial: 'T', rating: 3, relation: 'R' };
    const own = await gql<{ addTestimonial: Testimonial }>(
      app,
      ADD,
      { input: { ...input, country_ids: [2] } },
      nepalEditor,
    );
    expect(own.errors).toEqual([]);
    expect(own.data!.addTestimonial.countries.map((country) => country.id)).toEqual([2]);
    const other = await gql(app, ADD, { input: { ...input, country_ids: [2, 3] } }, nepalEditor);
    expect(errorCode(other)).toBe('FORBIDDEN');
    const stranger = await gql(app, ADD, { input: { ...input, country_ids: [2] } }, await strangerToken(app));
    expect(errorCode(stranger)).toBe('FORBIDDEN');
  });

  it('getAllTestimonals lists every testimonial, newest first, to administrators', async () => {
    const latest = await addTestimonial('Latest', [hiddenCountry]);
    const total = (await app.db.selectFrom('testimonials').select('id').execute()).length;
    const response = await gql<{ getAllTestimonals: { data: Testimonial[]; pagination: Record<string, number> } }>(
      app,
      ALL,
      { paginate: { page: 1, perPage: 2 } },
      admin,
    );
    expect(response.errors).toEqual([]);
    expect(response.data!.getAllTestimonals.data[0]).toMatchObject({
      id: latest.id,
      countries: [{ id: hiddenCountry, is_enabled: 'DISABLE' }],
    });
    expect(response.data!.getAllTestimonals.pagination).toEqual({
      page: 1,
      perPage: 2,
      pageCount: Math.ceil(total / 2),
      total,
    });
    expect(errorCode(await gql(app, ALL, {}))).toBe('UNAUTHENTICATED');
  });

  it('getHomeTestimonials shows anyone the testimonials of an enabled country only', async () => {
    const everywhere = await addTestimonial('Everywhere', [4, hiddenCountry]);
    await addTestimonial('Hidden only', [hiddenCountry]);
    const response = await gql<{ getHomeTestimonials: { data: Testimonial[]; pagination: Record<string, number> } }>(
      app,
      OF_COUNTRY,
      { country: 4 },
    );
    expect(response.errors).toEqual([]);
    // Visitors never see a disabled country, even in a testimonial's country list.
    expect(response.data!.getHomeTestimonials.data).toEqual([
      expect.objectContaining({
        id: everywhere.id,
        countries: [{ id: 4, name: 'Australia', is_enabled: 'ENABLE' }],
        isDeletable: false,
      }),
    ]);
    expect(response.data!.getHomeTestimonials.pagination).toEqual({ page: 1, perPage: 5, pageCount: 1, total: 1 });
    const hidden = await gql<{ getHomeTestimonials: { data: Testimonial[]; pagination: Record<string, number> } }>(
      app,
      OF_COUNTRY,
      { country: hiddenCountry },
    );
    expect(hidden.data!.getHomeTestimonials).toEqual({
      data: [],
      pagination: { page: 1, perPage: 5, pageCount: 0, total: 0 },
    });
    expect(errorCode(await gql(app, OF_COUNTRY, { country: 0 }))).toBe('BAD_USER_INPUT');
  });

  it('updateTestimonial changes the given fields; an EDITOR needs every linked country', async () => {
    const nepalOnly = await addTestimonial('Nepal only', [2]);
    const own = await gql<{ updateTestimonial: Testimonial }>(
      app,
      UPDATE,
      { input: { id: nepalOnly.id, name: 'Renamed', rating: 2 } },
      nepalEditor,
    );
    expect(own.errors).toEqual([]);
    expect(own.data!.updateTestimonial).toMatchObject({ id: nepalOnly.id, name: 'Renamed', rating: 2 });
    expect(await stored(nepalOnly.id)).toEqual({ name: 'Renamed', rating: 2 });

    const shared = await addTestimonial('Shared', [2, 3]);
    const forbidden = await gql(app, UPDATE, { input: { id: shared.id, name: 'Taken' } }, nepalEditor);
    expect(errorCode(forbidden)).toBe('FORBIDDEN');
    expect(await stored(shared.id)).toEqual({ name: 'Shared', rating: 5 });
  });

  it('updateTestimonial refuses bad input, wrong images and unknown testimonials', async () => {
    const testimonial = await addTestimonial('Steady', [3]);
    const invalid = await gql(app, UPDATE, { input: { id: testimonial.id, rating: 0 } }, admin);
    expect(errorCode(invalid)).toBe('BAD_USER_INPUT');
    const wrongImage = await gql(app, UPDATE, { input: { id: testimonial.id, image_id: bannerImage } }, admin);
    expect(errorCode(wrongImage)).toBe('BAD_USER_INPUT');
    const unknown = await gql(app, UPDATE, { input: { id: 99_999, name: 'X' } }, admin);
    expect(errorCode(unknown)).toBe('NOT_FOUND');
    expect(await stored(testimonial.id)).toEqual({ name: 'Steady', rating: 5 });
  });

  sharedItemCountryTests(
    {
      delete: { name: 'deleteTestimonal', document: DELETE, deletedCode: 'DELETED_TESTIMONAL' },
      addToCountry: { name: 'addTestimonialToOtherCountry', document: ADD_TO_COUNTRY },
      removeFromCountry: {
        name: 'deleteTestimonalFromCountry',
        document: REMOVE_FROM_COUNTRY,
        removedCode: 'DELETED_TESTIMONAL_FROM_COUNTRY',
      },
    },
    () => ({
      app,
      admin,
      nepalEditor,
      add: (countryIds) => addTestimonial('Shared', countryIds),
      stored,
      linkedCountries,
      imageId: portrait,
    }),
  );

  it('lists testimonials for staff, all or of one country (disabled countries too)', async () => {
    const inHidden = await addTestimonial('Only in a hidden country', [hiddenCountry]);
    const inNepal = await addTestimonial('Only in Nepal', [2]);
    const list = (country_id?: number) =>
      trpcCall<{ data: Testimonial[] }>(
        app,
        'testimonial.getAll',
        { paginate: { page: 1, perPage: 100 }, country_id },
        { token: admin },
      );
    const all = (await list()).data!.data.map((t) => t.id);
    expect(all).toEqual(expect.arrayContaining([inHidden.id, inNepal.id]));
    const hidden = (await list(hiddenCountry)).data!.data;
    expect(hidden.map((t) => t.id)).toContain(inHidden.id);
    expect(hidden.map((t) => t.id)).not.toContain(inNepal.id);
    const nepal = (await list(2)).data!.data;
    expect(nepal.map((t) => t.id)).toContain(inNepal.id);
    expect(nepal.every((t) => t.countries.some((c) => c.id === 2))).toBe(true);

    // An EDITOR of Nepal sees Nepal's testimonials only, on both APIs, and may not ask for another country's.
    const asEditor = (country_id?: number) =>
      trpcCall<{ data: Testimonial[] }>(
        app,
        'testimonial.getAll',
        { paginate: { page: 1, perPage: 100 }, country_id },
        { token: nepalEditor },
      );
    const editorAll = (await asEditor()).data!.data;
    expect(editorAll.map((t) => t.id)).toContain(inNepal.id);
    expect(editorAll.map((t) => t.id)).not.toContain(inHidden.id);
    expect(editorAll.every((t) => t.countries.some((c) => c.id === 2))).toBe(true);
    expect((await asEditor(3)).error?.code).toBe('FORBIDDEN');
    const viaGraphql = await gql<{ getAllTestimonals: { data: { id: number }[] } }>(
      app,
      'query { getAllTestimonals(paginate: { page: 1, perPage: 100 }) { data { id } } }',
      {},
      nepalEditor,
    );
    expect(viaGraphql.data!.getAllTestimonals.data.map((t) => t.id).sort()).toEqual(editorAll.map((t) => t.id).sort());
  });

  it('answers the same over tRPC and GraphQL', async () => {
    const viaGraphql = await gql<{ getHomeTestimonials: unknown }>(app, OF_COUNTRY, {
      country: 2,
      paginate: { page: 1, perPage: 50 },
    });
    const viaTrpc = await trpcCall<{ data: Testimonial[] }>(app, 'testimonial.ofCountry', {
      country_id: 2,
      paginate: { page: 1, perPage: 50 },
    });
    const pick = ({ data }: { data: Testimonial[] }) =>
      data.map(({ id, name, rating, image, countries, isDeletable }) => ({
        id,
        name,
        rating,
        image: { id: image.id, image_url: image.image_url, category: image.category },
        countries: countries.map(({ id: countryId, name: countryName, is_enabled }) => ({
          id: countryId,
          name: countryName,
          is_enabled,
        })),
        isDeletable,
      }));
    const graphqlPage = viaGraphql.data!.getHomeTestimonials as { data: Testimonial[] };
    expect(graphqlPage.data.length).toBeGreaterThan(1);
    expect(pick(viaTrpc.data!)).toEqual(pick(graphqlPage));

    const input = { name: 'N', image_id: portrait, testimonial: 'T', rating: 3, relation: 'R', country_ids: [3] };
    const forbidden = await trpcCall(app, 'testimonial.add', input, { token: nepalEditor, mutation: true });
    expect(forbidden.error?.code).toBe('FORBIDDEN');
    const added = await trpcCall<Testimonial>(app, 'testimonial.add', input, { token: admin, mutation: true });
    expect(added.data).toMatchObject({ name: 'N', countries: [{ id: 3 }], isDeletable: true });
  });
});
