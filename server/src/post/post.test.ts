import { parseFeed } from '@rowanmanning/feed-parser';
import { DOMParser } from '@xmldom/xmldom';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.js';
import { addDisabledCountry, addImage } from '../../test/fixtures.js';
import { errorCode, gql, staffMember, staffToken, strangerToken, trpcCall } from '../../test/graphql.js';
import { ownersOf } from '../db/links.js';
import { EXTERNAL_LINK_REL } from './post-html.js';
import { POST_COUNTRIES, SLUG_TAKEN_MESSAGE } from './post.repository.js';

const PUBLIC_URL = 'https://www.example.com';
const DAY = 24 * 60 * 60 * 1000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString();

interface Post {
  id: number;
  title: string;
  slug: string;
  body_html: string;
  author: { id: number; name: string } | null;
  tags: string[];
  status: string;
  image: { id: number; category: string };
  countries: { id: number }[];
  isDeletable: boolean;
  published_at: string | null;
}

interface PublicPost {
  id: number;
  title: string;
  slug: string;
  url: string;
  tags: string[];
  author_name: string | null;
  reading_minutes: number;
  body_html?: string;
  related?: PublicPost[];
}

const GET_POSTS = `query($country: Int!, $tag: String, $paginate: PaginateInput) {
  getPosts(country_id: $country, tag: $tag, paginate: $paginate) {
    data { id title slug excerpt image { id category } body_html author_name tags published_at reading_minutes url }
    pagination { page perPage pageCount total } } }`;
const GET_POST = `query($country: Int!, $slug: String!) {
  getPost(country_id: $country, slug: $slug) { id slug title body_html author_name tags reading_minutes url } }`;

describe('blog posts', () => {
  let app: FastifyInstance;
  let admin: string;
  let author: { id: number; name: string };
  let nepalEditor: string;
  let cover: number;
  let hiddenCountry: number;
  let slugs = 0;

  /** Adds a post as the admin (published yesterday in Nepal unless told otherwise); a new slug each time. */
  async function addPost(overrides: Record<string, unknown> = {}): Promise<Post> {
    slugs += 1;
    const input = {
      title: `Post ${slugs}`,
      slug: `post-${slugs}`,
      excerpt: 'What changed and what to do.',
      image_id: cover,
      body_html: '<p>Some words.</p>',
      tags: [],
      published_at: daysFromNow(-1),
      country_ids: [2],
      ...overrides,
    };
    const response = await trpcCall<Post>(app, 'post.add', input, { token: admin, mutation: true });
    expect(response.error).toBeUndefined();
    return response.data!;
  }

  const update = (input: Record<string, unknown>, token = admin) =>
    trpcCall<Post>(app, 'post.update', input, { token, mutation: true });
  const sitePosts = async (countryId: number, tag?: string) =>
    (await trpcCall<{ data: PublicPost[]; pagination: { total: number } }>(app, 'site.posts', { countryId, tag }))
      .data!;
  const sitePost = async (countryId: number, slug: string) =>
    (await trpcCall<{ post?: PublicPost; redirectTo?: string } | null>(app, 'site.post', { countryId, slug })).data;
  const graphqlPost = async (country: number, slug: string) =>
    (await gql<{ getPost: PublicPost | null }>(app, GET_POST, { country, slug })).data!.getPost;
  const graphqlPosts = async (country: number, tag?: string) =>
    (await gql<{ getPosts: { data: PublicPost[] } }>(app, GET_POSTS, { country, tag, paginate: { perPage: 100 } }))
      .data!.getPosts.data;
  const feed = (country?: number) => app.inject(`/blog/feed.xml${country === undefined ? '' : `?country=${country}`}`);

  beforeAll(async () => {
    app = await buildTestApp({ config: { publicUrl: PUBLIC_URL } });
    const adminMember = await staffMember(app, { role: 'ADMIN', name: 'Asha Admin' });
    admin = adminMember.token;
    author = { id: adminMember.id, name: adminMember.name };
    nepalEditor = await staffToken(app, 'EDITOR', [2]);
    cover = await addImage(app, 'BLOG');
    hiddenCountry = await addDisabledCountry(app, 'United Kingdom');
  });
  afterAll(() => app.close());

  it('adds a post with its author, tags, status and countries; the body is sanitised', async () => {
    const post = await addPost({
      title: 'Student visa changes for 2027 intakes',
      slug: 'student-visa-changes-2027',
      body_html: '<p onclick="x()">Apply early.<script>alert(1)</script></p><a href="https://example.org">Rules</a>',
      author_id: author.id,
      tags: ['Visas', 'Australia', 'Visas'],
      country_ids: [2, 3],
    });
    expect(post).toMatchObject({
      title: 'Student visa changes for 2027 intakes',
      slug: 'student-visa-changes-2027',
      body_html: `<p>Apply early.</p><a href="https://example.org" rel="${EXTERNAL_LINK_REL}">Rules</a>`,
      author,
      tags: ['Australia', 'Visas'],
      status: 'PUBLISHED',
      image: { id: cover, category: 'BLOG' },
      countries: [{ id: 2 }, { id: 3 }],
      isDeletable: false,
    });
    const stored = await app.db.selectFrom('posts').select('body_html').where('id', '=', post.id).executeTakeFirst();
    expect(stored?.body_html).not.toMatch(/script|onclick/);
    expect((await addPost({ published_at: null })).status).toBe('DRAFT');
    expect((await addPost({ published_at: daysFromNow(3) })).status).toBe('SCHEDULED');
    expect((await addPost({ author_id: null })).author).toBeNull();
  });

  it('refuses bad input, a cover of another category and other countries for an EDITOR', async () => {
    const input = {
      title: 'T',
      slug: 'fine-slug',
      excerpt: 'E',
      image_id: cover,
      body_html: '<p>B</p>',
      country_ids: [2],
    };
    const invalid = await trpcCall(
      app,
      'post.add',
      { ...input, slug: 'Not A Slug', country_ids: [] },
      { token: admin, mutation: true },
    );
    expect(invalid.error?.fields).toMatchObject({
      slug: 'Slug may hold only lower-case letters, digits and single hyphens',
      country_ids: 'Select at least one country',
    });
    const reserved = await trpcCall(app, 'post.add', { ...input, slug: 'tag' }, { token: admin, mutation: true });
    expect(reserved.error?.fields).toEqual({ slug: 'This slug is reserved: choose another' });
    const banner = await addImage(app, 'BANNER');
    const wrongImage = await trpcCall(
      app,
      'post.add',
      { ...input, image_id: banner },
      { token: admin, mutation: true },
    );
    expect(wrongImage.error?.fields).toEqual({ image_id: 'Choose an image of the BLOG category' });
    const canada = await trpcCall(
      app,
      'post.add',
      { ...input, country_ids: [3] },
      { token: nepalEditor, mutation: true },
    );
    expect(canada.error?.code).toBe('FORBIDDEN');
    expect(await app.db.selectFrom('posts').select('id').where('slug', '=', 'fine-slug').execute()).toEqual([]);
    const own = await trpcCall<Post>(app, 'post.add', input, { token: nepalEditor, mutation: true });
    expect(own.data).toMatchObject({ slug: 'fine-slug', countries: [{ id: 2 }] });
  });

  it('keeps slugs unique across current and old addresses; a post may take back its own', async () => {
    const first = await addPost({ slug: 'ielts-writing-tips' });
    const renamed = await update({ id: first.id, slug: 'five-ielts-writing-tips', tags: ['IELTS'] });
    expect(renamed.data).toMatchObject({ slug: 'five-ielts-writing-tips', tags: ['IELTS'] });

    // Another post may take neither the current slug nor the old one.
    for (const slug of ['five-ielts-writing-tips', 'ielts-writing-tips']) {
      const added = await trpcCall(
        app,
        'post.add',
        { title: 'T', slug, excerpt: 'E', image_id: cover, body_html: '<p>B</p>', country_ids: [2] },
        { token: admin, mutation: true },
      );
      expect([slug, added.error?.code, added.error?.fields]).toEqual([
        slug,
        'BAD_REQUEST',
        { slug: SLUG_TAKEN_MESSAGE },
      ]);
    }
    const other = await addPost();
    const taken = await update({ id: other.id, slug: 'ielts-writing-tips', title: 'Changed' });
    expect(taken.error?.fields).toEqual({ slug: SLUG_TAKEN_MESSAGE });
    const unchanged = await app.db
      .selectFrom('posts')
      .select(['slug', 'title'])
      .where('id', '=', other.id)
      .executeTakeFirst();
    expect(unchanged).toEqual({ slug: other.slug, title: other.title });
    const slugsOf = async (postId: number) =>
      (
        await app.db.selectFrom('post_slugs').select('slug').where('post_id', '=', postId).orderBy('slug').execute()
      ).map((row) => row.slug);
    expect(await slugsOf(other.id)).toEqual([other.slug]);

    // The old address redirects; the post's own old slug is its own again, and then the other one redirects.
    expect(await sitePost(2, 'ielts-writing-tips')).toEqual({ redirectTo: 'five-ielts-writing-tips' });
    expect(await graphqlPost(2, 'ielts-writing-tips')).toMatchObject({ id: first.id, slug: 'five-ielts-writing-tips' });
    const back = await update({ id: first.id, slug: 'ielts-writing-tips' });
    expect(back.error).toBeUndefined();
    expect(await slugsOf(first.id)).toEqual(['five-ielts-writing-tips', 'ielts-writing-tips']);
    expect(await sitePost(2, 'five-ielts-writing-tips')).toEqual({ redirectTo: 'ielts-writing-tips' });
    expect((await sitePost(2, 'ielts-writing-tips'))?.post).toMatchObject({ id: first.id, tags: ['IELTS'] });
  });

  it('shows visitors only posts whose time has come, in an enabled country showing them', async () => {
    const tag = 'visibility';
    const published = await addPost({ tags: [tag], country_ids: [1, 2, hiddenCountry] });
    const draft = await addPost({ tags: [tag], published_at: null, country_ids: [1, 2] });
    const scheduled = await addPost({ tags: [tag], published_at: daysFromNow(2), country_ids: [1, 2] });
    const hiddenOnly = await addPost({ tags: [tag], country_ids: [hiddenCountry] });
    const unseen = [draft, scheduled, hiddenOnly];

    expect((await sitePosts(2, tag)).data.map((post) => post.id)).toEqual([published.id]);
    expect((await graphqlPosts(2, tag)).map((post) => post.id)).toEqual([published.id]);
    expect((await sitePosts(hiddenCountry, tag)).data).toEqual([]);
    expect(await graphqlPosts(hiddenCountry, tag)).toEqual([]);
    for (const post of unseen) {
      expect(await sitePost(2, post.slug)).toBeNull();
      expect(await sitePost(hiddenCountry, post.slug)).toBeNull();
      expect(await graphqlPost(2, post.slug)).toBeNull();
    }
    expect(await sitePost(hiddenCountry, published.slug)).toBeNull();
    expect(await graphqlPost(hiddenCountry, published.slug)).toBeNull();
    expect(await sitePost(3, published.slug)).toBeNull();

    const globalFeed = (await feed()).body;
    const sitemap = (await app.inject('/sitemap-global.xml')).body;
    expect(globalFeed).toContain(`${PUBLIC_URL}/blog/${published.slug}"`);
    expect(sitemap).toContain(`<loc>${PUBLIC_URL}/blog/${published.slug}</loc>`);
    for (const post of unseen) {
      expect(globalFeed).not.toContain(`/blog/${post.slug}"`);
      expect(sitemap).not.toContain(`/blog/${post.slug}<`);
    }
    expect((await feed(hiddenCountry)).statusCode).toBe(404);
    expect((await feed(999)).statusCode).toBe(404);
    expect((await feed(Number.NaN)).statusCode).toBe(404);

    // A scheduled post shows once its time is past (the clock, no change of its own).
    await app.db
      .updateTable('posts')
      .set({ published_at: daysFromNow(-0.5) })
      .where('id', '=', scheduled.id)
      .execute();
    expect((await sitePosts(2, tag)).data.map((post) => post.id)).toEqual([scheduled.id, published.id]);
  });

  it('filters by tag, counts tags, reads reading time and suggests related posts', async () => {
    const words = (count: number) => `<p>${Array.from({ length: count }, (_, i) => `word${i}`).join(' ')}</p>`;
    const older = await addPost({ tags: ['crs', 'canada'], country_ids: [4], published_at: daysFromNow(-3) });
    const long = await addPost({
      tags: ['crs'],
      country_ids: [4],
      body_html: words(401),
      published_at: daysFromNow(-2),
    });
    const unrelated = await addPost({ tags: ['ielts'], country_ids: [4], published_at: daysFromNow(-1) });

    const all = await sitePosts(4);
    expect(all.data.map((post) => post.id)).toEqual([unrelated.id, long.id, older.id]);
    expect(all.data[0]).not.toHaveProperty('body_html');
    expect(all.data.map((post) => post.reading_minutes)).toEqual([1, 3, 1]);
    expect((await sitePosts(4, 'crs')).data.map((post) => post.id)).toEqual([long.id, older.id]);
    expect((await sitePosts(4, 'none')).data).toEqual([]);
    const { data: tags } = await trpcCall(app, 'site.postTags', { countryId: 4 });
    expect(tags).toEqual([
      { tag: 'crs', count: 2 },
      { tag: 'canada', count: 1 },
      { tag: 'ielts', count: 1 },
    ]);

    const page = await sitePost(4, long.slug);
    expect(page?.post).toMatchObject({
      id: long.id,
      reading_minutes: 3,
      body_html: words(401),
      url: `/blog/${long.slug}`,
    });
    // The one sharing a tag first, then the newest.
    expect(page?.post?.related?.map((post) => post.id)).toEqual([older.id, unrelated.id]);
  });

  it('stores hostile markup inert on add and update', async () => {
    const post = await addPost();
    const hostile =
      '<p>Hi</p><img src="x" onerror="alert(1)"><iframe src="https://evil.example/x"></iframe>' +
      '<a href="javascript:alert(1)">click</a><svg onload="alert(1)"></svg><style>*{}</style>';
    const changed = await update({ id: post.id, body_html: hostile });
    expect(changed.data?.body_html).toBe('<p>Hi</p><a>click</a>');
    const row = await app.db.selectFrom('posts').select('body_html').where('id', '=', post.id).executeTakeFirst();
    expect(row?.body_html).toBe('<p>Hi</p><a>click</a>');
  });

  it('lets an EDITOR change only posts shown in countries they all hold', async () => {
    const shared = await addPost({ country_ids: [2, 3] });
    const forbidden = await update({ id: shared.id, title: 'Taken over' }, nepalEditor);
    expect(forbidden.error?.code).toBe('FORBIDDEN');
    const own = await addPost({ country_ids: [2] });
    const tagged = await addPost({ country_ids: [2], tags: ['kept'], author_id: author.id });
    // A change of some fields leaves the others (tags, author, publication) as they were.
    expect((await update({ id: tagged.id, title: 'Only the title' }, nepalEditor)).data).toMatchObject({
      title: 'Only the title',
      tags: ['kept'],
      author,
      status: 'PUBLISHED',
      published_at: tagged.published_at,
    });
    const allowed = await update({ id: own.id, title: 'Renamed', published_at: null }, nepalEditor);
    expect(allowed.data).toMatchObject({ title: 'Renamed', status: 'DRAFT' });
    const titles = await app.db
      .selectFrom('posts')
      .select('title')
      .where('id', 'in', [shared.id, own.id])
      .orderBy('id')
      .execute();
    expect(titles).toEqual([{ title: shared.title }, { title: 'Renamed' }]);
    expect((await update({ id: 99_999, title: 'X' })).error?.code).toBe('NOT_FOUND');
  });

  it('deletes, links and unlinks with the shared-content result codes', async () => {
    const call = (path: string, input: unknown, token = admin) =>
      trpcCall<unknown>(app, path, input, { token, mutation: true });
    const post = await addPost({ country_ids: [2, 3] });
    expect((await call('post.delete', { post_id: post.id })).data).toMatchObject({
      success: false,
      errorCode: 'LINKED_WITH_OTHER_COUNTRIES',
    });
    expect((await call('post.delete', { post_id: post.id, confirm: true }, nepalEditor)).error?.code).toBe('FORBIDDEN');

    const linked = await call('post.addToCountry', { post_ids: [post.id], country_id: 4 });
    expect(linked.data).toMatchObject([{ id: post.id, countries: [{ id: 2 }, { id: 3 }, { id: 4 }] }]);
    expect((await call('post.addToCountry', { post_ids: [post.id], country_id: 2 }, nepalEditor)).error?.code).toBe(
      'FORBIDDEN',
    );
    expect((await call('post.removeFromCountry', { post_id: post.id, country_id: 3 }, nepalEditor)).error?.code).toBe(
      'FORBIDDEN',
    );
    expect((await call('post.removeFromCountry', { post_id: post.id, country_id: 3 })).data).toMatchObject({
      success: true,
      errorCode: 'DELETED_POST_FROM_COUNTRY',
      message: 'Post removed from the country.',
    });
    expect(await ownersOf(app.db, POST_COUNTRIES, post.id)).toEqual([2, 4]);

    expect((await call('post.delete', { post_id: post.id, confirm: true })).data).toMatchObject({
      success: true,
      errorCode: 'DELETED_POST',
    });
    expect(await app.db.selectFrom('post_slugs').select('slug').where('post_id', '=', post.id).execute()).toEqual([]);
    expect((await call('post.delete', { post_id: post.id })).error?.code).toBe('NOT_FOUND');
    // Its address is free again once the post is gone.
    expect((await addPost({ slug: post.slug })).slug).toBe(post.slug);
    const single = await addPost({ country_ids: [2] });
    expect((await call('post.delete', { post_id: single.id }, nepalEditor)).data).toMatchObject({
      errorCode: 'DELETED_POST',
    });
  });

  it('lists posts for staff (an EDITOR their countries only) and the staff who may be authors', async () => {
    const inHidden = await addPost({ country_ids: [hiddenCountry], published_at: null });
    const list = (token: string, country_id?: number) =>
      trpcCall<{ data: Post[] }>(app, 'post.getAll', { paginate: { page: 1, perPage: 100 }, country_id }, { token });
    expect((await list(admin)).data!.data.map((post) => post.id)).toContain(inHidden.id);
    const hidden = (await list(admin, hiddenCountry)).data!.data;
    expect(hidden).toContainEqual(
      expect.objectContaining({ id: inHidden.id, status: 'DRAFT', body_html: '<p>Some words.</p>' }),
    );
    expect(hidden.every((post) => post.countries.some((country) => country.id === hiddenCountry))).toBe(true);
    const editorList = (await list(nepalEditor)).data!.data;
    expect(editorList.length).toBeGreaterThan(0);
    expect(editorList.every((post) => post.countries.some((country) => country.id === 2))).toBe(true);
    expect((await list(nepalEditor, hiddenCountry)).error?.code).toBe('FORBIDDEN');

    const authors = await trpcCall<{ id: number; name: string }[]>(app, 'post.authors', undefined, {
      token: nepalEditor,
    });
    expect(authors.data).toContainEqual(author);
    await app.db.updateTable('staff_users').set({ is_active: false }).where('name', '=', 'Test EDITOR').execute();
    const stranger = await trpcCall(app, 'post.authors', undefined, { token: await strangerToken(app) });
    expect(stranger.error?.code).toBe('FORBIDDEN');
    expect((await trpcCall(app, 'post.authors', undefined)).error?.code).toBe('UNAUTHORIZED');
  });

  it('answers GraphQL getPosts with bodies and pages, and refuses bad arguments', async () => {
    const post = await addPost({ country_ids: [3], tags: ['graphql'], body_html: '<h2>Draws</h2><p>CRS.</p>' });
    const response = await gql<{ getPosts: { data: PublicPost[]; pagination: Record<string, number> } }>(
      app,
      GET_POSTS,
      { country: 3, tag: 'graphql' },
    );
    expect(response.errors).toEqual([]);
    expect(response.data!.getPosts).toEqual({
      data: [
        expect.objectContaining({
          id: post.id,
          body_html: '<h2>Draws</h2><p>CRS.</p>',
          image: { id: cover, category: 'BLOG' },
          author_name: null,
          tags: ['graphql'],
          reading_minutes: 1,
          url: `/blog/${post.slug}`,
        }),
      ],
      pagination: { page: 1, perPage: 5, pageCount: 1, total: 1 },
    });
    expect(errorCode(await gql(app, GET_POSTS, { country: 0 }))).toBe('BAD_USER_INPUT');
    expect(await graphqlPost(3, 'no-such-post')).toBeNull();
  });

  it('publishes a well-formed Atom feed per country that a feed reader reads', async () => {
    const title = 'Express Entry <draws> & "CRS" scores: what\'s next';
    const post = await addPost({
      title,
      excerpt: 'Scores < 500 & rising',
      tags: ['Canada & PR', 'crs'],
      author_id: author.id,
      body_html: '<p>Cut-off <strong>491</strong> &amp; falling.</p><img src="/media/a.png" alt="Chart">',
      country_ids: [3],
    });
    const response = await feed(3);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const document = new DOMParser({
      onError: (_level, message) => {
        throw new Error(message);
      },
    }).parseFromString(response.body, 'application/xml');
    expect(document.documentElement?.namespaceURI).toBe('http://www.w3.org/2005/Atom');

    const parsed = parseFeed(response.body);
    expect(parsed.meta.type).toBe('atom');
    expect(parsed.title).toBe('Horizon Education & Migration blog: Canada');
    // At Canada's own address (decision 066); its first address answers the same.
    expect(parsed.self).toBe(`${PUBLIC_URL}/ca/blog/feed.xml`);
    expect((await app.inject('/ca/blog/feed.xml')).body).toBe(response.body);
    const item = parsed.items.find((entry) => entry.url === `${PUBLIC_URL}/ca/blog/${post.slug}`);
    expect(item).toBeDefined();
    expect(item!.title).toBe(title);
    expect(item!.description).toBe('Scores < 500 & rising');
    // The reader decodes the escaped HTML; the raw feed carries the body's own entity escaped once more.
    expect(item!.content).toContain('<p>Cut-off <strong>491</strong>');
    expect(response.body).toContain('&lt;p&gt;Cut-off &lt;strong&gt;491&lt;/strong&gt; &amp;amp; falling.&lt;/p&gt;');
    expect(response.body).not.toContain('<p>');
    expect(item!.authors.map((entry) => entry.name)).toEqual([author.name]);
    expect(item!.categories.map((category) => category.term)).toEqual(['Canada & PR', 'crs']);
    expect(item!.id).toMatch(new RegExp(`^tag:www\\.example\\.com,\\d{4}-\\d{2}-\\d{2}:post-${post.id}$`));
    expect(item!.published?.toISOString()).toBe(post.published_at);
    expect(parsed.items.length).toBeLessThanOrEqual(20);

    // Without ?country= the feed is Global's, which does not show this Canadian post.
    const global = parseFeed((await feed()).body);
    expect(global.title).toBe('Horizon Education & Migration blog');
    expect(global.items.map((entry) => entry.url)).not.toContain(`${PUBLIC_URL}/blog/${post.slug}`);
    expect((await app.inject('/xx/blog/feed.xml')).statusCode).toBe(404);
  });

  it('lists Global’s posts in the sitemap with their last change, and has a feed, while Global shows its blog', async () => {
    const post = await addPost({ country_ids: [1] });
    const sitemap = (await app.inject('/sitemap-global.xml')).body;
    expect(sitemap).toContain(`<loc>${PUBLIC_URL}/blog/${post.slug}</loc>\n    <lastmod>`);
    const blog = await app.db.selectFrom('pages').select('id').where('name', '=', 'Blog').executeTakeFirstOrThrow();
    await app.db.deleteFrom('country_pages').where('country_id', '=', 1).where('page_id', '=', blog.id).execute();
    expect((await app.inject('/sitemap-global.xml')).body).not.toContain('/blog');
    // Nor a feed: the blog is off for Global (Canada's still answers).
    expect((await feed()).statusCode).toBe(404);
    expect((await feed(3)).statusCode).toBe(200);
  });
});
