import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.js';
import { addImage } from '../../test/fixtures.js';
import { gql, staffMember, staffToken, trpcCall } from '../../test/graphql.js';

interface Post {
  id: number;
  title: string;
  slug: string;
  body_html: string;
  tags: string[];
  status: string;
  has_draft?: boolean;
}
interface PostDraft {
  saved_at: string;
  saved_by: string | null;
  post: Post;
}
interface PageText {
  heading: string;
  summary: string;
  body: string;
  draft: { values: { heading: string; body: string }; saved_by: string | null } | null;
}

const GET_POST = `query($slug: String!) { getPost(country_id: 2, slug: $slug) { title body_html } }`;

/** Drafts of live items (decision 041): saved aside, invisible to visitors and both APIs until published. */
describe('drafts', () => {
  let app: FastifyInstance;
  let admin: string;
  let canadaEditor: string;
  let cover: number;

  const call = <T>(procedure: string, input: unknown, token = admin) =>
    trpcCall<T>(app, procedure, input, { token, mutation: !/\.(draft|content|getAll)$/.test(procedure) });

  beforeAll(async () => {
    app = await buildTestApp();
    admin = (await staffMember(app, { role: 'ADMIN', name: 'Dina Drafter' })).token;
    canadaEditor = await staffToken(app, 'EDITOR', [3]);
    cover = await addImage(app, 'BLOG');
  });
  afterAll(() => app.close());

  describe('of a published post', () => {
    let post: Post;
    const visitorsSee = async () => ({
      site: (await trpcCall<{ post?: Post }>(app, 'site.post', { countryId: 2, slug: post.slug })).data?.post?.title,
      graphql: (await gql<{ getPost: Post | null }>(app, GET_POST, { slug: post.slug })).data?.getPost?.title,
    });

    beforeAll(async () => {
      const added = await call<Post>('post.add', {
        title: 'Intakes for 2027',
        slug: 'intakes-for-2027',
        excerpt: 'When to apply.',
        image_id: cover,
        body_html: '<p>February and July.</p>',
        tags: ['Intakes'],
        published_at: new Date(Date.now() - 60_000).toISOString(),
        country_ids: [2],
      });
      expect(added.error).toBeUndefined();
      post = added.data!;
    });

    it("keeps the change aside: the pages' reads and GraphQL still show the published post", async () => {
      const saved = await call<PostDraft>('post.saveDraft', {
        id: post.id,
        title: 'Intakes for 2027, updated',
        body_html: '<p>February, July <img src=x onerror="alert(1)"> and November.</p>',
        tags: ['Intakes', 'Deadlines'],
      });
      expect(saved.error).toBeUndefined();
      expect(saved.data).toMatchObject({
        saved_by: 'Dina Drafter',
        post: { id: post.id, title: 'Intakes for 2027, updated', slug: post.slug, tags: ['Intakes', 'Deadlines'] },
      });
      // Sanitised like a published body.
      expect(saved.data!.post.body_html).not.toMatch(/onerror/);

      const seen = await visitorsSee();
      expect(seen.site).toBe('Intakes for 2027');
      expect(seen.graphql).toBe('Intakes for 2027');
      const stored = await app.db.selectFrom('posts').select('title').where('id', '=', post.id).executeTakeFirst();
      expect(stored?.title).toBe('Intakes for 2027');

      const listed = await call<{ data: Post[] }>('post.getAll', { paginate: { page: 1, perPage: 100 } });
      expect(listed.data!.data.find((p) => p.id === post.id)).toMatchObject({ has_draft: true, status: 'PUBLISHED' });
      expect((await call<PostDraft>('post.draft', { id: post.id })).data?.post.title).toBe('Intakes for 2027, updated');
    });

    it('shows the draft through the preview link, before it is published', async () => {
      const link = await call<{ url: string }>('post.previewLink', { id: post.id });
      const token = link.data!.url.split('/blog/preview/')[1]!;
      const preview = await trpcCall<{ post: Post }>(app, 'site.postPreview', { token });
      expect(preview.data?.post.title).toBe('Intakes for 2027, updated');
      expect(preview.data?.post.tags).toEqual(['Intakes', 'Deadlines']);
    });

    it('refuses a slug another post has and an EDITOR of other countries, keeping the draft', async () => {
      await call<Post>('post.add', {
        title: 'Another',
        slug: 'another-post',
        excerpt: 'E.',
        image_id: cover,
        body_html: '<p>B</p>',
        published_at: null,
        country_ids: [2],
      });
      const taken = await call('post.saveDraft', { id: post.id, slug: 'another-post' });
      expect(taken.error?.code).toBe('BAD_REQUEST');
      const forbidden = await call('post.saveDraft', { id: post.id, title: 'Not mine' }, canadaEditor);
      expect(forbidden.error?.code).toBe('FORBIDDEN');
      expect((await call('post.draft', { id: post.id }, canadaEditor)).error?.code).toBe('FORBIDDEN');
      expect((await call<PostDraft>('post.draft', { id: post.id })).data?.post.title).toBe('Intakes for 2027, updated');
    });

    it('publishes with the ordinary update, which removes the draft; a discarded draft changes nothing', async () => {
      const published = await call<Post>('post.update', { id: post.id, title: 'Intakes for 2027, updated' });
      expect(published.error).toBeUndefined();
      expect((await call('post.draft', { id: post.id })).data).toBeNull();
      expect((await visitorsSee()).graphql).toBe('Intakes for 2027, updated');

      await call('post.saveDraft', { id: post.id, title: 'Thrown away' });
      expect((await call<{ discarded: boolean }>('post.discardDraft', { id: post.id })).data).toEqual({
        discarded: true,
      });
      expect((await call('post.draft', { id: post.id })).data).toBeNull();
      expect((await visitorsSee()).graphql).toBe('Intakes for 2027, updated');
    });

    it('goes with its post', async () => {
      await call('post.saveDraft', { id: post.id, title: 'Left behind?' });
      expect((await call('post.delete', { post_id: post.id, confirm: true })).error).toBeUndefined();
      const left = await app.db.selectFrom('drafts').selectAll().where('item_id', '=', post.id).execute();
      expect(left.filter((draft) => draft.kind === 'post')).toEqual([]);
    });
  });

  describe("of a page's text", () => {
    let aboutUs: number;
    const onSite = async () =>
      (await trpcCall<{ content: { heading: string } }>(app, 'site.page', { countryId: 2, path: '/about-us' })).data
        ?.content.heading;

    beforeAll(async () => {
      aboutUs = (await app.db.selectFrom('pages').select('id').where('name', '=', 'About Us').executeTakeFirstOrThrow())
        .id;
      const published = await call('page.updateContent', {
        page_id: aboutUs,
        heading: 'About us',
        summary: 'Who we are.',
        body: 'Since 2009.',
      });
      expect(published.error).toBeUndefined();
    });

    it('keeps a draft aside until it is saved, which publishes it', async () => {
      const draft = { page_id: aboutUs, heading: 'About our counsellors', summary: 'Who we are.', body: 'Since 2009.' };
      const saved = await call<PageText>('page.saveContentDraft', draft);
      expect(saved.error).toBeUndefined();
      expect(saved.data).toMatchObject({
        heading: 'About us',
        draft: { values: { heading: 'About our counsellors' }, saved_by: 'Dina Drafter' },
      });
      expect(await onSite()).toBe('About us');
      // Only administrators write page texts, drafts included.
      expect((await call('page.saveContentDraft', draft, canadaEditor)).error?.code).toBe('FORBIDDEN');

      const published = await call<PageText>('page.updateContent', draft);
      expect(published.data).toMatchObject({ heading: 'About our counsellors', draft: null });
      expect(await onSite()).toBe('About our counsellors');
    });

    it('throws a draft away, keeping the published text', async () => {
      await call('page.saveContentDraft', { page_id: aboutUs, heading: 'Scrapped', summary: 'S.', body: 'B.' });
      const discarded = await call<PageText>('page.discardContentDraft', { page_id: aboutUs });
      expect(discarded.data).toMatchObject({ heading: 'About our counsellors', draft: null });
      expect(await onSite()).toBe('About our counsellors');
      expect(
        (await call('page.saveContentDraft', { page_id: 9_999, heading: 'H', summary: 'S', body: 'B' })).error?.code,
      ).toBe('NOT_FOUND');
    });
  });

  describe('of a banner', () => {
    let banner: { id: number; title: string };
    let home: number;
    const onHome = async () =>
      (
        await trpcCall<{ data: { id: number; title: string }[] }>(app, 'banner.ofPage', {
          page_id: home,
          paginate: { page: 1, perPage: 100 },
        })
      ).data!.data.find((b) => b.id === banner.id)?.title;

    /** Whether the staff list of every banner marks this one as having a draft. */
    const marked = async () =>
      (
        await call<{ data: { id: number; has_draft: boolean }[] }>('banner.getAll', {
          paginate: { page: 1, perPage: 100 },
        })
      ).data!.data.find((b) => b.id === banner.id)?.has_draft;

    beforeAll(async () => {
      home = (await app.db.selectFrom('pages').select('id').where('name', '=', 'Home').executeTakeFirstOrThrow()).id;
      const image = await addImage(app, 'BANNER');
      const added = await call<{ id: number; title: string }>('banner.add', {
        title: 'Intakes open',
        description: 'February and July',
        image_id: image,
        page_ids: [home],
      });
      expect(added.error).toBeUndefined();
      banner = added.data!;
    });

    it('keeps a draft aside (pages included) until an update, by either API, publishes it', async () => {
      const about = (
        await app.db.selectFrom('pages').select('id').where('name', '=', 'About Us').executeTakeFirstOrThrow()
      ).id;
      const saved = await call<{ banner: { title: string; pages: { id: number; name: string }[] } }>(
        'banner.saveDraft',
        { id: banner.id, title: 'Intakes open: apply by May', page_ids: [home, about] },
      );
      expect(saved.error).toBeUndefined();
      expect(saved.data!.banner).toMatchObject({
        title: 'Intakes open: apply by May',
        pages: [
          { id: home, name: 'Home' },
          { id: about, name: 'About Us' },
        ].sort((a, b) => a.id - b.id),
      });
      expect(await onHome()).toBe('Intakes open');
      expect(await marked()).toBe(true);
      // Checked as an update is: pages that do not exist, and an EDITOR of a country that does not show it.
      expect((await call('banner.saveDraft', { id: banner.id, page_ids: [9_999] })).error?.code).toBe('NOT_FOUND');
      const editor = await staffToken(app, 'EDITOR', [3]);
      expect((await call('banner.saveDraft', { id: banner.id, title: 'Mine' }, editor)).error?.code).toBe('FORBIDDEN');

      const published = await gql(
        app,
        'mutation($input: UpdateBannerInput!) { updateBanner(input: $input) { id title } }',
        { input: { id: banner.id, title: 'Intakes open: apply by May' } },
        admin,
      );
      expect(published.errors).toEqual([]);
      expect(await onHome()).toBe('Intakes open: apply by May');
      expect((await call('banner.draft', { id: banner.id })).data).toBeNull();
      expect(await marked()).toBe(false);
    });

    it('goes with its banner', async () => {
      await call('banner.saveDraft', { id: banner.id, title: 'Left behind?' });
      expect((await call('banner.discardDraft', { id: banner.id })).data).toEqual({ discarded: true });
      await call('banner.saveDraft', { id: banner.id, title: 'Left behind?' });
      expect((await call('banner.delete', { banner_id: banner.id, confirm: true })).error).toBeUndefined();
      expect(
        await app.db
          .selectFrom('drafts')
          .selectAll()
          .where('kind', '=', 'banner')
          .where('item_id', '=', banner.id)
          .execute(),
      ).toEqual([]);
    });
  });
});
