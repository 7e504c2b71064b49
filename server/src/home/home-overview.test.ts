import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDisabledCountry, addImage, addTestimonial } from '../../test/fixtures.js';
import { buildContentTestApp, trpcCall } from '../../test/graphql.js';
import type { HomeOverview } from './home-overview.service.js';

const NEPAL = 2;
const CANADA = 3;

describe('the staff overview of a country’s home page (home.overview)', () => {
  let app: FastifyInstance;
  let admin: string;
  let nepalEditor: string;
  let hiddenCountry: number;

  const overview = (countryId: number, token?: string) =>
    trpcCall<HomeOverview>(app, 'home.overview', { country_id: countryId }, { token });

  async function video(category: 'ABOUT_US' | 'GALLERY_VIDEOS', name: string): Promise<number> {
    const row = await app.db
      .insertInto('videos')
      .values({ video_url: `https://www.youtube.com/embed/${name}`, video_name: name, category })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  beforeAll(async () => {
    ({ app, admin, nepalEditor } = await buildContentTestApp());
    const db = app.db;
    hiddenCountry = await addDisabledCountry(app, 'United Kingdom');

    // Nepal's home page: about us, two services, a testimonial (and one of Canada only), 7 gallery pictures,
    // 5 gallery videos, a banner on Home and two popups, one switched on.
    await db
      .insertInto('home_about_us')
      .values({ country_id: NEPAL, video_id: await video('ABOUT_US', 'our-story'), description: 'Since 2010.' })
      .execute();
    const serviceImage = await addImage(app, 'SERVICES');
    await db
      .insertInto('home_services')
      .values(
        ['Study abroad', 'Visas'].map((title) => ({
          country_id: NEPAL,
          title,
          description: title,
          image_id: serviceImage,
        })),
      )
      .execute();
    await addTestimonial(app, { name: 'Asha', relation: 'Student', rating: 5, testimonial: 'Great help.' }, [NEPAL]);
    await addTestimonial(app, { name: 'Tom', relation: 'Parent', rating: 4, testimonial: 'Thank you.' }, [CANADA]);
    for (let n = 0; n < 7; n += 1) {
      await db
        .insertInto('country_gallery_images')
        .values({ country_id: NEPAL, image_id: await addImage(app, 'GALLERY_IMAGES') })
        .execute();
    }
    for (let n = 0; n < 5; n += 1) {
      await db
        .insertInto('country_gallery_videos')
        .values({ country_id: NEPAL, video_id: await video('GALLERY_VIDEOS', `gallery-${n}`) })
        .execute();
    }
    const home = await db.selectFrom('pages').select('id').where('name', '=', 'Home').executeTakeFirstOrThrow();
    const banner = await db
      .insertInto('banners')
      .values({ title: 'Your future', description: 'Study abroad', image_id: await addImage(app, 'BANNER') })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('banner_pages').values({ banner_id: banner.id, page_id: home.id }).execute();
    const popupImage = await addImage(app, 'POPUP');
    const popups = await db
      .insertInto('popups')
      .values([
        { image_id: popupImage, link: '/enquiry', option: 'ENABLE' },
        { image_id: popupImage, link: null, option: 'DISABLE' },
      ])
      .returning('id')
      .execute();
    await db
      .insertInto('popup_countries')
      .values(popups.map((popup) => ({ popup_id: popup.id, country_id: NEPAL })))
      .execute();
  });
  afterAll(() => app.close());

  it('answers every section of the home page in one call, with counts and a few items of each', async () => {
    const { data, error } = await overview(NEPAL, admin);
    expect(error).toBeUndefined();
    const home = data!;
    expect(home.country).toEqual({ id: NEPAL, name: 'Nepal', is_live: true });
    expect(home.homePageEnabled).toBe(true);
    expect(home.aboutUs).toMatchObject({ description: 'Since 2010.', video: { video_name: 'our-story' } });
    expect(home.services.count).toBe(2);
    expect(home.services.items.map((item) => item.title)).toEqual(['Study abroad', 'Visas']);
    expect(home.services.items[0]!.image.url).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);
    // Only the testimonials shown on Nepal.
    expect(home.testimonials).toMatchObject({ count: 1, items: [{ name: 'Asha', relation: 'Student', rating: 5 }] });
    expect(home.pictures.count).toBe(7);
    expect(home.pictures.items).toHaveLength(6);
    expect(home.videos.count).toBe(5);
    expect(home.videos.items.map((item) => item.video_name)).toEqual([
      'gallery-4',
      'gallery-3',
      'gallery-2',
      'gallery-1',
    ]);
    expect(home.banners).toMatchObject({ count: 1, items: [{ title: 'Your future' }] });
    expect(home.popups).toMatchObject({ count: 2, shown: { link: '/enquiry' } });
  });

  it('shows an empty country as empty, and a disabled one to staff, with whether its Home page is on', async () => {
    await app.db.deleteFrom('country_pages').where('country_id', '=', CANADA).execute();
    const canada = (await overview(CANADA, admin)).data!;
    expect(canada).toMatchObject({
      homePageEnabled: false,
      aboutUs: null,
      services: { count: 0, items: [] },
      testimonials: { count: 1 },
      pictures: { count: 0, items: [] },
      videos: { count: 0, items: [] },
      popups: { count: 0, shown: null },
    });
    const hidden = (await overview(hiddenCountry, admin)).data!;
    expect(hidden.country).toEqual({ id: hiddenCountry, name: 'United Kingdom', is_live: false });
  });

  it('lets an EDITOR see only their countries, and no one else at all', async () => {
    expect((await overview(NEPAL, nepalEditor)).data?.country.name).toBe('Nepal');
    const refused = await overview(CANADA, nepalEditor);
    expect(refused.error).toMatchObject({ code: 'FORBIDDEN', message: 'You may not see content of this country.' });
    expect(refused.data).toBeUndefined();
    expect((await overview(NEPAL)).error?.code).toBe('UNAUTHORIZED');
    expect((await overview(9_999, admin)).error).toMatchObject({ code: 'NOT_FOUND', message: 'Country not found.' });
    expect((await overview(0, admin)).error?.fields).toEqual({ country_id: 'Country is required' });
  });
});
