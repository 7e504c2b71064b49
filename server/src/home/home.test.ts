import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VideoCategory } from '../../../shared/enums.js';
import { addDisabledCountry, addImage, type ImageAnswer } from '../../test/fixtures.js';
import { buildContentTestApp, errorCode, gql, trpcCall } from '../../test/graphql.js';

const ABOUT_US_FIELDS = 'id country_id video { id video_url video_name category } description created_at updated_at';
const SERVICE_FIELDS = 'id country_id title description image { id image_url category } created_at updated_at';
const GET_ABOUT_US = `query($country: Int!) { getHomeAboutUs(country_id: $country) { ${ABOUT_US_FIELDS} } }`;
const ADD_ABOUT_US = `mutation($input: AddHomeAboutUsInput!) { addHomeAboutUs(input: $input) { ${ABOUT_US_FIELDS} } }`;
const UPDATE_ABOUT_US = `mutation($input: UpdateHomeAboutUsInput!) {
  updateHomeAboutUs(input: $input) { ${ABOUT_US_FIELDS} } }`;
const GET_SERVICES = `query($country: Int!) { getHomeServices(country_id: $country) { ${SERVICE_FIELDS} } }`;
const ADD_SERVICE = `mutation($input: AddHomeServiceInput!) { addHomeService(input: $input) { ${SERVICE_FIELDS} } }`;
const UPDATE_SERVICE = `mutation($input: UpdateHomeServiceInput!) {
  updateHomeService(input: $input) { ${SERVICE_FIELDS} } }`;
const DELETE_SERVICE = `mutation($id: Int!) { deleteHomeService(service_id: $id) { success message errorCode } }`;

interface AboutUs {
  id: number;
  country_id: number;
  video: { id: number; video_url: string; category: string };
  description: string;
}

interface Service {
  id: number;
  country_id: number;
  title: string;
  image: ImageAnswer;
}

async function addVideo(app: FastifyInstance, category: VideoCategory): Promise<number> {
  const row = await app.db
    .insertInto('videos')
    .values({ video_url: `https://www.youtube.com/embed/${category}`, video_name: category, category })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('home about us and services', () => {
  let app: FastifyInstance;
  let admin: string;
  let nepalEditor: string;
  let aboutVideo: number;
  let galleryVideo: number;
  let serviceImage: number;
  let bannerImage: number;
  let hiddenCountry: number;

  async function storedAboutUs(countryId: number) {
    return app.db
      .selectFrom('home_about_us')
      .select(['video_id', 'description'])
      .where('country_id', '=', countryId)
      .execute();
  }

  async function storedService(id: number) {
    return app.db.selectFrom('home_services').select(['title', 'image_id']).where('id', '=', id).executeTakeFirst();
  }

  async function addService(country_id: number, title: string): Promise<Service> {
    const response = await gql<{ addHomeService: Service }>(
      app,
      ADD_SERVICE,
      { input: { country_id, title, description: `${title} help`, image_id: serviceImage } },
      admin,
    );
    expect(response.errors).toEqual([]);
    return response.data!.addHomeService;
  }

  beforeAll(async () => {
    ({ app, admin, nepalEditor } = await buildContentTestApp());
    aboutVideo = await addVideo(app, 'ABOUT_US');
    galleryVideo = await addVideo(app, 'GALLERY_VIDEOS');
    serviceImage = await addImage(app, 'SERVICES');
    bannerImage = await addImage(app, 'BANNER');
    hiddenCountry = await addDisabledCountry(app, 'United Kingdom');
  });
  afterAll(() => app.close());

  it('addHomeAboutUs adds one per country and refuses a second (CONFLICT)', async () => {
    const input = { country_id: 2, video_id: aboutVideo, description: 'We help students since 2010.' };
    const added = await gql<{ addHomeAboutUs: AboutUs }>(app, ADD_ABOUT_US, { input }, nepalEditor);
    expect(added.errors).toEqual([]);
    expect(added.data!.addHomeAboutUs).toMatchObject({
      country_id: 2,
      description: 'We help students since 2010.',
      video: { id: aboutVideo, video_url: 'https://www.youtube.com/embed/ABOUT_US', category: 'ABOUT_US' },
    });
    const again = await gql(app, ADD_ABOUT_US, { input: { ...input, description: 'Second' } }, admin);
    expect(errorCode(again)).toBe('CONFLICT');
    expect(await storedAboutUs(2)).toEqual([{ video_id: aboutVideo, description: 'We help students since 2010.' }]);
  });

  it('addHomeAboutUs refuses other categories, unknown ids, bad input and other countries’ editors', async () => {
    const input = { country_id: 3, video_id: aboutVideo, description: 'Canada' };
    const wrongVideo = await gql(app, ADD_ABOUT_US, { input: { ...input, video_id: galleryVideo } }, admin);
    expect(wrongVideo.errors[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { video_id: 'Choose a video of the ABOUT_US category' },
    });
    expect(errorCode(await gql(app, ADD_ABOUT_US, { input: { ...input, video_id: 9_999 } }, admin))).toBe('NOT_FOUND');
    expect(errorCode(await gql(app, ADD_ABOUT_US, { input: { ...input, country_id: 999 } }, admin))).toBe('NOT_FOUND');
    const blank = await gql(app, ADD_ABOUT_US, { input: { ...input, description: '   ' } }, admin);
    expect(blank.errors[0]?.extensions?.fields).toEqual({ description: 'Description is required' });
    const noVideo = await trpcCall(
      app,
      'home.addAboutUs',
      { country_id: 3, description: 'Canada' },
      { token: admin, mutation: true },
    );
    expect(noVideo.error?.fields).toEqual({ video_id: 'Video is required' });
    expect(errorCode(await gql(app, ADD_ABOUT_US, { input }, nepalEditor))).toBe('FORBIDDEN');
    expect(errorCode(await gql(app, ADD_ABOUT_US, { input }))).toBe('UNAUTHENTICATED');
    expect(await storedAboutUs(3)).toEqual([]);
  });

  it('getHomeAboutUs answers anyone for an enabled country, null otherwise', async () => {
    const found = await gql<{ getHomeAboutUs: AboutUs | null }>(app, GET_ABOUT_US, { country: 2 });
    expect(found.errors).toEqual([]);
    expect(found.data!.getHomeAboutUs).toMatchObject({ country_id: 2, video: { id: aboutVideo } });
    expect((await gql(app, GET_ABOUT_US, { country: 4 })).data).toEqual({ getHomeAboutUs: null });
    await app.db
      .insertInto('home_about_us')
      .values({ country_id: hiddenCountry, video_id: aboutVideo, description: 'Not yet live' })
      .execute();
    expect((await gql(app, GET_ABOUT_US, { country: hiddenCountry })).data).toEqual({ getHomeAboutUs: null });
    expect(errorCode(await gql(app, GET_ABOUT_US, { country: 0 }))).toBe('BAD_USER_INPUT');
  });

  it('getHomeAboutUs shows staff a disabled country’s about-us, so they can edit it before it goes live', async () => {
    const asStaff = await gql<{ getHomeAboutUs: AboutUs | null }>(app, GET_ABOUT_US, { country: hiddenCountry }, admin);
    expect(asStaff.data!.getHomeAboutUs).toMatchObject({ country_id: hiddenCountry, description: 'Not yet live' });
    const viaTrpc = await trpcCall<AboutUs | null>(
      app,
      'home.aboutUs',
      { country_id: hiddenCountry },
      { token: admin },
    );
    expect(viaTrpc.data).toMatchObject({ country_id: hiddenCountry, description: 'Not yet live' });
    expect((await trpcCall(app, 'home.aboutUs', { country_id: hiddenCountry })).data).toBeNull();
  });

  it('updateHomeAboutUs changes the given fields; an EDITOR only in their country', async () => {
    const { id } = await app.db
      .selectFrom('home_about_us')
      .select('id')
      .where('country_id', '=', 2)
      .executeTakeFirstOrThrow();
    const own = await gql<{ updateHomeAboutUs: AboutUs }>(
      app,
      UPDATE_ABOUT_US,
      { input: { id, description: 'Updated' } },
      nepalEditor,
    );
    expect(own.errors).toEqual([]);
    expect(own.data!.updateHomeAboutUs).toMatchObject({ id, description: 'Updated', video: { id: aboutVideo } });

    const hidden = await app.db
      .selectFrom('home_about_us')
      .select('id')
      .where('country_id', '=', hiddenCountry)
      .executeTakeFirstOrThrow();
    const forbidden = await gql(app, UPDATE_ABOUT_US, { input: { id: hidden.id, description: 'X' } }, nepalEditor);
    expect(errorCode(forbidden)).toBe('FORBIDDEN');
    const wrongVideo = await gql(app, UPDATE_ABOUT_US, { input: { id, video_id: galleryVideo } }, admin);
    expect(errorCode(wrongVideo)).toBe('BAD_USER_INPUT');
    expect(errorCode(await gql(app, UPDATE_ABOUT_US, { input: { id: 9_999, description: 'X' } }, admin))).toBe(
      'NOT_FOUND',
    );
    expect(await storedAboutUs(2)).toEqual([{ video_id: aboutVideo, description: 'Updated' }]);
    expect(await storedAboutUs(hiddenCountry)).toEqual([{ video_id: aboutVideo, description: 'Not yet live' }]);
  });

  it('addHomeService adds a service to a country', async () => {
    const response = await gql<{ addHomeService: Service }>(
      app,
      ADD_SERVICE,
      { input: { country_id: 2, title: 'Visa', description: 'Student visas.', image_id: serviceImage } },
      nepalEditor,
    );
    expect(response.errors).toEqual([]);
    const service = response.data!.addHomeService;
    expect(service).toMatchObject({ country_id: 2, title: 'Visa', image: { id: serviceImage, category: 'SERVICES' } });
    expect(service.image.image_url).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);
    expect(await storedService(service.id)).toEqual({ title: 'Visa', image_id: serviceImage });
  });

  it('addHomeService refuses bad input, other categories and other countries’ editors', async () => {
    const count = async () => (await app.db.selectFrom('home_services').select('id').execute()).length;
    const before = await count();
    const input = { country_id: 2, title: 'T', description: 'D', image_id: serviceImage };
    const blank = await gql(app, ADD_SERVICE, { input: { ...input, title: '' } }, admin);
    expect(blank.errors[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { title: 'Title is required' },
    });
    const wrongImage = await gql(app, ADD_SERVICE, { input: { ...input, image_id: bannerImage } }, admin);
    expect(wrongImage.errors[0]?.extensions?.fields).toEqual({ image_id: 'Choose an image of the SERVICES category' });
    expect(errorCode(await gql(app, ADD_SERVICE, { input: { ...input, country_id: 3 } }, nepalEditor))).toBe(
      'FORBIDDEN',
    );
    expect(errorCode(await gql(app, ADD_SERVICE, { input: { ...input, country_id: 999 } }, admin))).toBe('NOT_FOUND');
    expect(await count()).toBe(before);
  });

  it('getHomeServices shows anyone the services of an enabled country, in the order added', async () => {
    const first = await addService(4, 'Education');
    const second = await addService(4, 'Migration');
    await addService(hiddenCountry, 'Hidden');
    const response = await gql<{ getHomeServices: Service[] }>(app, GET_SERVICES, { country: 4 });
    expect(response.errors).toEqual([]);
    expect(response.data!.getHomeServices.map(({ id, title }) => ({ id, title }))).toEqual([
      { id: first.id, title: 'Education' },
      { id: second.id, title: 'Migration' },
    ]);
    expect((await gql(app, GET_SERVICES, { country: hiddenCountry })).data).toEqual({ getHomeServices: [] });
    expect(errorCode(await gql(app, GET_SERVICES, { country: 'four' }))).toBe('BAD_USER_INPUT');
  });

  it('getHomeServices shows staff a disabled country’s services, so they can edit them before it goes live', async () => {
    const asStaff = await gql<{ getHomeServices: Service[] }>(app, GET_SERVICES, { country: hiddenCountry }, admin);
    expect(asStaff.errors).toEqual([]);
    expect(asStaff.data!.getHomeServices.map(({ country_id, title }) => ({ country_id, title }))).toEqual([
      { country_id: hiddenCountry, title: 'Hidden' },
    ]);
    const viaTrpc = await trpcCall<Service[]>(app, 'home.services', { country_id: hiddenCountry }, { token: admin });
    expect(viaTrpc.data?.map((service) => service.title)).toEqual(['Hidden']);
    expect((await trpcCall(app, 'home.services', { country_id: hiddenCountry })).data).toEqual([]);
    expect((await gql(app, GET_SERVICES, { country: 999 }, admin)).data).toEqual({ getHomeServices: [] });
  });

  it('updateHomeService changes the given fields; an EDITOR only in their country', async () => {
    const nepal = await addService(2, 'Before');
    const own = await gql<{ updateHomeService: Service }>(
      app,
      UPDATE_SERVICE,
      { input: { id: nepal.id, title: 'After' } },
      nepalEditor,
    );
    expect(own.errors).toEqual([]);
    expect(own.data!.updateHomeService).toMatchObject({ id: nepal.id, title: 'After', image: { id: serviceImage } });
    const canada = await addService(3, 'Canadian');
    expect(errorCode(await gql(app, UPDATE_SERVICE, { input: { id: canada.id, title: 'X' } }, nepalEditor))).toBe(
      'FORBIDDEN',
    );
    expect(errorCode(await gql(app, UPDATE_SERVICE, { input: { id: canada.id, image_id: bannerImage } }, admin))).toBe(
      'BAD_USER_INPUT',
    );
    expect(errorCode(await gql(app, UPDATE_SERVICE, { input: { id: 9_999, title: 'X' } }, admin))).toBe('NOT_FOUND');
    expect(await storedService(canada.id)).toEqual({ title: 'Canadian', image_id: serviceImage });
  });

  it('links a service card to one of the site’s pages, changes or clears the link, and refuses any other address', async () => {
    const LINKED = `mutation($input: AddHomeServiceInput!) { addHomeService(input: $input) { id link } }`;
    const input = { country_id: 1, title: 'Student visas', description: 'D', image_id: serviceImage };
    const added = await gql<{ addHomeService: { id: number; link: string | null } }>(
      app,
      LINKED,
      { input: { ...input, link: '/visa/student' } },
      admin,
    );
    expect(added.errors).toEqual([]);
    const id = added.data!.addHomeService.id;
    expect(added.data!.addHomeService.link).toBe('/visa/student');
    const home = await trpcCall<{ services: { id: number; link: string | null }[] }>(app, 'site.home', {
      countryId: 1,
    });
    expect(home.data?.services.find((service) => service.id === id)?.link).toBe('/visa/student');

    const linkOf = async () =>
      (await app.db.selectFrom('home_services').select('link').where('id', '=', id).executeTakeFirstOrThrow()).link;
    const UPDATE = `mutation($input: UpdateHomeServiceInput!) { updateHomeService(input: $input) { link } }`;
    // Changing the title leaves the link; null clears it.
    await gql(app, UPDATE, { input: { id, title: 'Visas' } }, admin);
    expect(await linkOf()).toBe('/visa/student');
    await gql(app, UPDATE, { input: { id, link: '/class/pte' } }, admin);
    expect(await linkOf()).toBe('/class/pte');
    await gql(app, UPDATE, { input: { id, link: null } }, admin);
    expect(await linkOf()).toBeNull();

    for (const link of ['https://evil.example/', 'javascript:alert(1)', '/no-such-page', '']) {
      const refused = await gql(app, UPDATE, { input: { id, link } }, admin);
      expect(refused.errors[0]?.extensions, link).toMatchObject({
        code: 'BAD_USER_INPUT',
        fields: { link: "Link must be one of the site's pages" },
      });
    }
    expect(await linkOf()).toBeNull();
  });

  it('deleteHomeService deletes the service (DELETED_SERVICE) and keeps its image', async () => {
    const nepal = await addService(2, 'Short-lived');
    const canada = await addService(3, 'Protected');
    expect(errorCode(await gql(app, DELETE_SERVICE, { id: canada.id }, nepalEditor))).toBe('FORBIDDEN');
    expect(await storedService(canada.id)).toBeDefined();
    const deleted = await gql(app, DELETE_SERVICE, { id: nepal.id }, nepalEditor);
    expect(deleted.data?.deleteHomeService).toEqual({
      success: true,
      message: 'Service deleted.',
      errorCode: 'DELETED_SERVICE',
    });
    expect(await storedService(nepal.id)).toBeUndefined();
    expect(await app.db.selectFrom('images').select('id').where('id', '=', serviceImage).execute()).toHaveLength(1);
    expect(errorCode(await gql(app, DELETE_SERVICE, { id: nepal.id }, admin))).toBe('NOT_FOUND');
  });

  it('answers the same over tRPC and GraphQL', async () => {
    const services = await gql<{ getHomeServices: Service[] }>(app, GET_SERVICES, { country: 4 });
    const servicesViaTrpc = await trpcCall<Service[]>(app, 'home.services', { country_id: 4 });
    const pick = (list: Service[]) =>
      list.map(({ id, country_id, title, image }) => ({
        id,
        country_id,
        title,
        image: { id: image.id, image_url: image.image_url, category: image.category },
      }));
    expect(services.data!.getHomeServices).toHaveLength(2);
    expect(pick(servicesViaTrpc.data!)).toEqual(pick(services.data!.getHomeServices));

    const aboutUs = await gql<{ getHomeAboutUs: AboutUs }>(app, GET_ABOUT_US, { country: 2 });
    const aboutUsViaTrpc = await trpcCall<AboutUs>(app, 'home.aboutUs', { country_id: 2 });
    expect(aboutUsViaTrpc.data).toMatchObject(aboutUs.data!.getHomeAboutUs);

    const forbidden = await trpcCall(
      app,
      'home.addService',
      { country_id: 3, title: 'T', description: 'D', image_id: serviceImage },
      { token: nepalEditor, mutation: true },
    );
    expect(forbidden.error?.code).toBe('FORBIDDEN');
  });
});
