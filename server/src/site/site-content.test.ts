import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VideoCategory } from '../../../shared/enums.js';
import type {
  SiteBranch,
  SiteGalleryImage,
  SiteHome,
  SiteList,
  SitePage,
  SiteTeamMember,
  SiteVideo,
} from '../../../shared/site-content.js';
import { SITE_PAGES } from '../../../shared/site-pages.js';
import { buildTestApp } from '../../test/app.js';
import { addDisabledCountry, addImage, addTestimonial } from '../../test/fixtures.js';
import { trpcCall } from '../../test/graphql.js';
import { PAGE_CONTENT } from '../seed/page-content-data.js';
import { altFromFileName } from './site-content.service.js';

/** The seeded country sites (server/src/seed). */
const GLOBAL = 1;
const NEPAL = 2;
const CANADA = 3;
const AUSTRALIA = 4;

describe('public site content', () => {
  let app: FastifyInstance;
  let hiddenCountry: number;

  const pageId = async (name: string) =>
    (await app.db.selectFrom('pages').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

  const sitePage = (countryId: number, path: string) => trpcCall<SitePage>(app, 'site.page', { countryId, path });
  const siteHome = (countryId: number) => trpcCall<SiteHome>(app, 'site.home', { countryId });

  async function addVideo(category: VideoCategory, name: string): Promise<number> {
    const row = await app.db
      .insertInto('videos')
      .values({ video_url: `https://www.youtube.com/watch?v=${name}`, video_name: name, category })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  beforeAll(async () => {
    app = await buildTestApp();
    hiddenCountry = await addDisabledCountry(app);
    const pages = await app.db.selectFrom('pages').select('id').execute();
    await app.db
      .insertInto('country_pages')
      .values(pages.map((page) => ({ country_id: hiddenCountry, page_id: page.id })))
      .execute();
  });
  afterAll(() => app.close());

  it('gives every public page its seeded text', async () => {
    for (const { path, name } of SITE_PAGES) {
      const response = await sitePage(GLOBAL, path);
      expect(response.error, path).toBeUndefined();
      const { page, content, banners } = response.data!;
      expect(page.name).toBe(name);
      expect(banners).toEqual([]);
      expect(content.heading.length, path).toBeGreaterThan(0);
      expect(content.summary.length, path).toBeGreaterThan(0);
      expect(content.summary.length, path).toBeLessThanOrEqual(160);
      expect(content.body, path).toMatch(/^## /m);
    }
  });

  it('answers NOT_FOUND for an unknown path, a page the country does not show, and a hidden or unknown country', async () => {
    expect((await sitePage(GLOBAL, '/no-such-page')).error?.code).toBe('NOT_FOUND');
    expect((await sitePage(GLOBAL, '/about-us/')).error?.code).toBe('NOT_FOUND');

    const blog = await pageId('Blog');
    await app.db.deleteFrom('country_pages').where('country_id', '=', NEPAL).where('page_id', '=', blog).execute();
    expect((await sitePage(NEPAL, '/blog')).error?.code).toBe('NOT_FOUND');
    expect((await sitePage(CANADA, '/blog')).data?.page.name).toBe('Blog');

    // Every page is linked to the hidden country: the country itself decides.
    expect((await sitePage(hiddenCountry, '/about-us')).error?.code).toBe('NOT_FOUND');
    expect((await siteHome(hiddenCountry)).error?.code).toBe('NOT_FOUND');
    expect((await trpcCall(app, 'site.team', { countryId: hiddenCountry })).error?.code).toBe('NOT_FOUND');
    expect((await trpcCall(app, 'site.branches', { countryId: 999 })).error?.code).toBe('NOT_FOUND');
    expect((await trpcCall(app, 'site.galleryImages', { countryId: 999 })).error?.code).toBe('NOT_FOUND');
    expect((await sitePage(999, '/')).error?.code).toBe('NOT_FOUND');

    expect((await sitePage(0, '/')).error?.code).toBe('BAD_REQUEST');
    expect((await sitePage(GLOBAL, `/${'x'.repeat(300)}`)).error?.code).toBe('BAD_REQUEST');
  });

  it('falls back to the page name when a page has no text yet', async () => {
    const eligibility = await pageId('Eligibility');
    await app.db.deleteFrom('page_contents').where('page_id', '=', eligibility).execute();
    const response = await sitePage(GLOBAL, '/other/eligibility');
    expect(response.data?.content).toEqual({ heading: 'Eligibility', summary: '', body: '' });
  });

  it("shows a page's banners in the order added, with image size and the title as alt text", async () => {
    const image = await addImage(app, 'BANNER');
    const [first, second, elsewhere] = await app.db
      .insertInto('banners')
      .values([
        {
          title: 'Meet our team',
          description: 'Counsellors',
          button_name: 'Contact',
          button_url: '/contact-us',
          image_id: image,
        },
        { title: 'Our story', description: 'Since 2010', image_id: image },
        { title: 'Study in Canada', description: 'Colleges', image_id: image },
      ])
      .returning('id')
      .execute();
    const aboutUs = await pageId('About Us');
    await app.db
      .insertInto('banner_pages')
      .values([
        { banner_id: second!.id, page_id: aboutUs },
        { banner_id: first!.id, page_id: aboutUs },
        { banner_id: elsewhere!.id, page_id: await pageId('Study in Canada') },
      ])
      .execute();

    const { banners } = (await sitePage(NEPAL, '/about-us')).data!;
    expect(banners.map((banner) => banner.id)).toEqual([first!.id, second!.id]);
    expect(banners[0]).toMatchObject({
      title: 'Meet our team',
      description: 'Counsellors',
      button_name: 'Contact',
      button_url: '/contact-us',
      image: { width: 2, height: 2, alt: 'Meet our team' },
    });
    expect(banners[0]!.image.url).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);
    expect(banners[1]).toMatchObject({ button_name: null, button_url: null });
  });

  it("shows on the home page only the country's own services, testimonials, about-us and team", async () => {
    const serviceImage = await addImage(app, 'SERVICES');
    await app.db
      .insertInto('home_services')
      .values([
        { country_id: NEPAL, title: 'Visas', description: 'Student visas', image_id: serviceImage },
        { country_id: AUSTRALIA, title: 'Insurance', description: 'OSHC', image_id: serviceImage },
      ])
      .execute();
    await addTestimonial(app, { name: 'Sita', relation: 'Student', rating: 5, testimonial: 'Great help.' }, [NEPAL]);
    await addTestimonial(app, { name: 'Ram', relation: 'Parent', rating: 4, testimonial: 'Very clear.' }, [
      NEPAL,
      AUSTRALIA,
    ]);
    const aboutVideo = await addVideo('ABOUT_US', 'about');
    await app.db
      .insertInto('home_about_us')
      .values({ country_id: NEPAL, video_id: aboutVideo, description: 'Since 2010.' })
      .execute();

    const nepal = (await siteHome(NEPAL)).data!;
    expect(nepal.page.name).toBe('Home');
    expect(nepal.content).toEqual(PAGE_CONTENT.Home);
    expect(nepal.services.map((service) => service.title)).toEqual(['Visas']);
    expect(nepal.services[0]!.image).toMatchObject({ alt: 'Visas', width: 2, height: 2 });
    expect(nepal.testimonials.map((t) => [t.name, t.rating, t.relation])).toEqual([
      ['Sita', 5, 'Student'],
      ['Ram', 4, 'Parent'],
    ]);
    expect(nepal.aboutUs).toEqual({
      description: 'Since 2010.',
      video: { id: aboutVideo, name: 'about', url: 'https://www.youtube.com/watch?v=about' },
    });

    const australia = (await siteHome(AUSTRALIA)).data!;
    expect(australia.services.map((service) => service.title)).toEqual(['Insurance']);
    expect(australia.testimonials.map((t) => t.name)).toEqual(['Ram']);
    expect(australia.aboutUs).toBeNull();
    const canada = (await siteHome(CANADA)).data!;
    expect(canada.testimonials).toEqual([]);
    expect(canada.services).toEqual([]);
  });

  it("lists a country's team with only the registrations held for that country", async () => {
    const portrait = await addImage(app, 'TEAM');
    const [both, nepalOnly] = await app.db
      .insertInto('team_members')
      .values([
        {
          name: 'Asha',
          position: 'Migration agent',
          description: 'Skilled visas',
          email: 'asha@example.com',
          whatsapp: '+61 400 000 000',
          image_id: portrait,
        },
        {
          name: 'Bikash',
          position: 'Counsellor',
          description: 'Study abroad',
          email: null,
          whatsapp: null,
          image_id: portrait,
        },
      ])
      .returning('id')
      .execute();
    await app.db
      .insertInto('team_member_countries')
      .values([
        { team_member_id: both!.id, country_id: NEPAL },
        { team_member_id: both!.id, country_id: AUSTRALIA },
        { team_member_id: nepalOnly!.id, country_id: NEPAL },
      ])
      .execute();
    const [marn, nepalCertificate] = await app.db
      .insertInto('country_certificates')
      .values([
        { country_id: AUSTRALIA, certificate_name: 'MARN' },
        { country_id: NEPAL, certificate_name: 'Ministry of Education licence' },
      ])
      .returning('id')
      .execute();
    await app.db
      .insertInto('team_certifications')
      .values([
        { team_member_id: both!.id, country_certificate_id: marn!.id, certificate_code: '0000001' },
        { team_member_id: both!.id, country_certificate_id: nepalCertificate!.id, certificate_code: 'MOE-42' },
      ])
      .execute();

    const australia = (await trpcCall<SiteTeamMember[]>(app, 'site.team', { countryId: AUSTRALIA })).data!;
    expect(australia).toEqual([
      {
        id: both!.id,
        name: 'Asha',
        position: 'Migration agent',
        description: 'Skilled visas',
        email: 'asha@example.com',
        whatsapp: '+61 400 000 000',
        image: expect.objectContaining({ alt: 'Asha', width: 2, height: 2 }) as unknown,
        certifications: [{ certificate_name: 'MARN', certificate_code: '0000001' }],
      },
    ]);
    const nepal = (await trpcCall<SiteTeamMember[]>(app, 'site.team', { countryId: NEPAL })).data!;
    // Newest first, as team.getOfCountry.
    expect(nepal.map((member) => [member.name, member.certifications])).toEqual([
      ['Bikash', []],
      ['Asha', [{ certificate_name: 'Ministry of Education licence', certificate_code: 'MOE-42' }]],
    ]);
    expect((await siteHome(NEPAL)).data!.team).toEqual(nepal);
    expect((await trpcCall<SiteTeamMember[]>(app, 'site.team', { countryId: CANADA })).data).toEqual([]);
  });

  it('pages through the gallery with cursors that never overlap and match the API', async () => {
    const ids: number[] = [];
    for (let index = 0; index < 7; index++) ids.push(await addImage(app, 'GALLERY_IMAGES'));
    const otherCountryOnly = await addImage(app, 'GALLERY_IMAGES');
    const notGallery = await addImage(app, 'BANNER');
    await app.db
      .insertInto('country_gallery_images')
      .values([
        ...ids.map((image_id) => ({ country_id: NEPAL, image_id })),
        { country_id: CANADA, image_id: otherCountryOnly },
        // A picture of another category linked by hand is not a gallery picture.
        { country_id: NEPAL, image_id: notGallery },
      ])
      .execute();

    const seen: number[] = [];
    let after: string | null = null;
    let pages = 0;
    for (;;) {
      const response: { data?: SiteList<SiteGalleryImage> } = await trpcCall<SiteList<SiteGalleryImage>>(
        app,
        'site.galleryImages',
        { countryId: NEPAL, first: 3, after },
      );
      const page: SiteList<SiteGalleryImage> = response.data!;
      pages++;
      expect(page.items.length).toBeLessThanOrEqual(3);
      for (const item of page.items) {
        expect(seen).not.toContain(item.id);
        seen.push(item.id);
        expect(item).toMatchObject({ width: 2, height: 2 });
      }
      // The same cursors as the API's gallery list.
      const api = await trpcCall<{ pageInfo: { endCursor: string | null; hasNextPage: boolean } }>(
        app,
        'media.imagesFromGallery',
        { country_id: NEPAL, first: 3, after },
      );
      expect(api.data!.pageInfo).toEqual({ endCursor: page.endCursor, hasNextPage: page.hasNextPage });
      if (!page.hasNextPage) break;
      after = page.endCursor;
      expect(pages).toBeLessThan(5);
    }
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids].reverse());

    const teaser = (await siteHome(NEPAL)).data!.galleryTeaser;
    expect(teaser.map((image) => image.id)).toEqual([...ids].reverse().slice(0, 6));
    expect((await siteHome(CANADA)).data!.galleryTeaser.map((image) => image.id)).toEqual([otherCountryOnly]);

    expect((await trpcCall(app, 'site.galleryImages', { countryId: NEPAL, first: 51 })).error?.code).toBe(
      'BAD_REQUEST',
    );
    expect((await trpcCall(app, 'site.galleryImages', { countryId: NEPAL, after: 'nonsense' })).error?.code).toBe(
      'BAD_REQUEST',
    );
  });

  it('pages through the gallery videos', async () => {
    const ids = [await addVideo('GALLERY_VIDEOS', 'one'), await addVideo('GALLERY_VIDEOS', 'two')];
    ids.push(await addVideo('GALLERY_VIDEOS', 'three'));
    await app.db
      .insertInto('country_gallery_videos')
      .values(ids.map((video_id) => ({ country_id: AUSTRALIA, video_id })))
      .execute();
    const first = (await trpcCall<SiteList<SiteVideo>>(app, 'site.galleryVideos', { countryId: AUSTRALIA, first: 2 }))
      .data!;
    expect(first.items).toEqual([
      { id: ids[2], name: 'three', url: 'https://www.youtube.com/watch?v=three' },
      { id: ids[1], name: 'two', url: 'https://www.youtube.com/watch?v=two' },
    ]);
    expect(first.hasNextPage).toBe(true);
    const second = (
      await trpcCall<SiteList<SiteVideo>>(app, 'site.galleryVideos', {
        countryId: AUSTRALIA,
        first: 2,
        after: first.endCursor,
      })
    ).data!;
    expect(second.items.map((video) => video.id)).toEqual([ids[0]]);
    expect(second.hasNextPage).toBe(false);
    // `cursor` (tRPC's infinite-query page parameter) means the same as `after`.
    const viaCursor = await trpcCall<SiteList<SiteVideo>>(app, 'site.galleryVideos', {
      countryId: AUSTRALIA,
      first: 2,
      cursor: first.endCursor,
      direction: 'forward',
    });
    expect(viaCursor.data).toEqual(second);
    const nepal = (await trpcCall<SiteList<SiteVideo>>(app, 'site.galleryVideos', { countryId: NEPAL })).data!;
    expect(nepal).toEqual({ items: [], endCursor: null, hasNextPage: false });
  });

  it("shows the country's newest switched-on popup, and none while it is switched off", async () => {
    const image = await addImage(app, 'POPUP');
    const [off] = await app.db
      .insertInto('popups')
      .values([{ image_id: image, link: 'https://example.com/off', option: 'DISABLE' }])
      .returning('id')
      .execute();
    await app.db.insertInto('popup_countries').values({ popup_id: off!.id, country_id: GLOBAL }).execute();
    expect((await siteHome(GLOBAL)).data!.popup).toBeNull();

    const [older, newer] = await app.db
      .insertInto('popups')
      .values([
        { image_id: image, link: null, option: 'ENABLE' },
        { image_id: image, link: 'https://example.com/offer', option: 'ENABLE' },
      ])
      .returning('id')
      .execute();
    await app.db
      .insertInto('popup_countries')
      .values([
        { popup_id: older!.id, country_id: GLOBAL },
        { popup_id: newer!.id, country_id: CANADA },
      ])
      .execute();
    expect((await siteHome(GLOBAL)).data!.popup).toMatchObject({ id: older!.id, link: null });
    await app.db.insertInto('popup_countries').values({ popup_id: newer!.id, country_id: GLOBAL }).execute();
    const popup = (await siteHome(GLOBAL)).data!.popup;
    expect(popup).toMatchObject({ id: newer!.id, link: 'https://example.com/offer', image: { width: 2, height: 2 } });
    await app.db.updateTable('popups').set({ option: 'DISABLE' }).where('id', 'in', [older!.id, newer!.id]).execute();
    expect((await siteHome(GLOBAL)).data!.popup).toBeNull();
  });

  it("says of a gallery picture and a popup what staff wrote as its alternative text, until then its file name's words", async () => {
    const described = async (name: string, background: string, alt_text: string) => {
      const id = await addImage(app, 'GALLERY_IMAGES', { name, background });
      await app.db.updateTable('images').set({ alt_text, alt_text_reviewed: true }).where('id', '=', id).execute();
      return id;
    };
    const written = await described('IMG_0042.png', '#204060', 'Students at the education fair in Kathmandu');
    // Not reviewed yet (uploaded without alternative text): what the file name says, as before; a camera's says nothing.
    const named = await addImage(app, 'GALLERY_IMAGES', { name: 'graduation-day_2026.png', background: '#204061' });
    const camera = await addImage(app, 'GALLERY_IMAGES', { name: 'DSC01234.png', background: '#204062' });
    await app.db
      .insertInto('country_gallery_images')
      .values([written, named, camera].map((image_id) => ({ country_id: AUSTRALIA, image_id })))
      .execute();
    const gallery = (
      await trpcCall<SiteList<SiteGalleryImage>>(app, 'site.galleryImages', { countryId: AUSTRALIA, first: 50 })
    ).data!;
    const altOf = (id: number) => gallery.items.find((item) => item.id === id)?.alt;
    expect([altOf(written), altOf(named), altOf(camera)]).toEqual([
      'Students at the education fair in Kathmandu',
      'graduation day 2026',
      '',
    ]);
    expect((await siteHome(AUSTRALIA)).data!.galleryTeaser.find((image) => image.id === written)?.alt).toBe(
      'Students at the education fair in Kathmandu',
    );

    const offer = await addImage(app, 'POPUP', { name: 'offer.png', background: '#204063' });
    await app.db
      .updateTable('images')
      .set({ alt_text: 'Free IELTS mock tests every Saturday in March', alt_text_reviewed: true })
      .where('id', '=', offer)
      .execute();
    const popup = await app.db
      .insertInto('popups')
      .values({ image_id: offer, link: '/class/ielts', option: 'ENABLE' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await app.db.insertInto('popup_countries').values({ popup_id: popup.id, country_id: AUSTRALIA }).execute();
    try {
      expect((await siteHome(AUSTRALIA)).data!.popup?.image.alt).toBe('Free IELTS mock tests every Saturday in March');
    } finally {
      await app.db.updateTable('popups').set({ option: 'DISABLE' }).where('id', '=', popup.id).execute();
    }
  });

  it("lists a country's branches by name; a site without its own lists every branch, named with its country", async () => {
    const nepal = (await trpcCall<SiteBranch[]>(app, 'site.branches', { countryId: NEPAL })).data!;
    expect(nepal.map((branch) => branch.name)).toEqual(['Butwal', 'Kathmandu']);
    expect(Object.keys(nepal[0]!).sort()).toEqual(
      [
        ...['address', 'closures', 'email', 'google_map_link', 'id', 'name', 'opening_hours', 'phone_number'],
        ...['time_zone', 'whatsapp_number', 'country'],
      ].sort(),
    );
    expect(nepal[0]!.country).toBeNull();
    const australia = (await trpcCall<SiteBranch[]>(app, 'site.branches', { countryId: AUSTRALIA })).data!;
    expect(australia.map((branch) => branch.name)).toEqual(['Sydney']);
    // Canada has no branch of its own here: its visitors are offered every enabled country's, as Global's are.
    const canada = (await trpcCall<SiteBranch[]>(app, 'site.branches', { countryId: CANADA })).data!;
    expect(canada.map((branch) => `${branch.name}, ${branch.country}`)).toEqual([
      'Sydney, Australia',
      'Kathmandu, Nepal',
      'Butwal, Nepal',
    ]);
    await app.db.updateTable('countries').set({ is_enabled: 'DISABLE' }).where('id', '=', NEPAL).execute();
    try {
      const withoutNepal = (await trpcCall<SiteBranch[]>(app, 'site.branches', { countryId: CANADA })).data!;
      expect(withoutNepal.map((branch) => branch.name)).toEqual(['Sydney']);
    } finally {
      await app.db.updateTable('countries').set({ is_enabled: 'ENABLE' }).where('id', '=', NEPAL).execute();
    }
  });
});

describe('gallery alt text from file names', () => {
  it('keeps descriptive names and drops meaningless ones', () => {
    expect(altFromFileName('graduation-day_2024.jpg')).toBe('graduation day 2024');
    expect(altFromFileName('Education Fair Kathmandu.webp')).toBe('Education Fair Kathmandu');
    expect(altFromFileName('IMG_1234.JPG')).toBe('');
    expect(altFromFileName('gallery-3.webp')).toBe('');
    expect(altFromFileName('DSC01234.png')).toBe('');
  });
});
