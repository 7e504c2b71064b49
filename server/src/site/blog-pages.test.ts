import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREVIEW_EXPIRED, PREVIEW_PATH } from '../../../shared/post-address.js';
import { addImage } from '../../test/fixtures.js';
import { pageCacheSettled } from '../../test/page-cache.js';
import { buildTestSiteApp } from '../../test/site.js';
import { addPost as addPostAsStaff } from '../post/post.service.js';

const NEPAL = 2;
const CANADA = 3;

/**
 * The public blog as the server renders it from the database: its lists by path (`/blog`, `/blog/tag/<tag>`,
 * `/blog/page/<n>`), a post's page with its article meta tags and JSON-LD, old addresses answering 301, and a body
 * written to the database bypassing the sanitiser rendering no script of its own.
 */
describe('the public blog', () => {
  let app: FastifyInstance;
  let authorId: number;

  /** A post straight in the tables, as the server's service would leave it (or worse: `body_html` as given). */
  async function addPost(post: {
    title: string;
    slug: string;
    body_html?: string;
    published_at: string | null;
    tags?: string[];
    countries?: number[];
    oldSlugs?: string[];
    excerpt?: string;
  }): Promise<number> {
    const image_id = await addImage(app, 'BLOG');
    const { id } = await app.db
      .insertInto('posts')
      .values({
        title: post.title,
        slug: post.slug,
        excerpt: post.excerpt ?? `What ${post.title} is about.`,
        image_id,
        body_html: post.body_html ?? `<p>The body of ${post.title}.</p>`,
        author_id: authorId,
        published_at: post.published_at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await app.db
      .insertInto('post_slugs')
      .values([post.slug, ...(post.oldSlugs ?? [])].map((slug) => ({ slug, post_id: id })))
      .execute();
    if (post.tags?.length) {
      await app.db
        .insertInto('post_tags')
        .values(post.tags.map((tag) => ({ post_id: id, tag })))
        .execute();
    }
    await app.db
      .insertInto('post_countries')
      .values((post.countries ?? [NEPAL]).map((country_id) => ({ post_id: id, country_id })))
      .execute();
    return id;
  }

  function visit(path: string, countryId = NEPAL) {
    return app.inject({ url: path, headers: { cookie: `site_country=${countryId}` } });
  }

  /** The `<script>` elements of a page, each with its attributes and text. */
  function scriptsOf(html: string) {
    return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].map(([, attributes, text]) => ({
      attributes: attributes!,
      text: text!,
    }));
  }

  /** The start tags of the page's links to `href`, in page order. */
  function linksTo(html: string, href: string): string[] {
    return [...html.matchAll(new RegExp(`<a\\b[^>]*\\shref="${href.replace(/[.?/]/g, '\\$&')}"[^>]*>`, 'g'))].map(
      ([tag]) => tag,
    );
  }

  /** The start tag of the page's first link to `href`. */
  const linkTo = (html: string, href: string): string => linksTo(html, href)[0] ?? '';

  beforeAll(async () => {
    app = await buildTestSiteApp();
    await app.ready();
    ({ id: authorId } = await app.db
      .insertInto('staff_users')
      .values({ email: 'writer@example.com', name: 'Asha Writer', password_hash: null, oidc_subject: null })
      .returning('id')
      .executeTakeFirstOrThrow());
    const day = (n: number) => new Date(Date.UTC(2026, 9, n, 9)).toISOString();
    await addPost({
      title: 'Study in Canada: 2027 intakes',
      slug: 'study-in-canada-2027',
      oldSlugs: ['canada-intakes'],
      published_at: day(20),
      tags: ['Study', 'Canada'],
      body_html: '<h2>Key dates</h2><p>Apply <strong>early</strong> for <a href="https://example.com">fall</a>.</p>',
    });
    await addPost({ title: 'Visa interview tips', slug: 'visa-interview-tips', published_at: day(10), tags: ['Visa'] });
    await addPost({
      title: 'A draft about scholarships',
      slug: 'scholarship-draft',
      published_at: null,
      tags: ['Study'],
    });
    await addPost({ title: 'Coming next year', slug: 'coming-next-year', published_at: '2099-01-01T00:00:00Z' });
    await addPost({ title: 'Only for Canada', slug: 'only-for-canada', published_at: day(5), countries: [CANADA] });
    // Markup the sanitiser would have refused, written to the table directly.
    await addPost({
      title: 'Hostile </script><script>alert(1)</script>',
      slug: 'hostile-post',
      published_at: day(1),
      body_html: '<p>Fine text</p>',
    });
  });
  afterAll(() => app.close());

  it('lists the published posts of the country, newest first, and no draft, scheduled or other country’s post', async () => {
    const response = await visit('/blog');
    expect(response.statusCode).toBe(200);
    const html = response.body;
    const titles = [...html.matchAll(/<h3[^>]*><a[^>]*href="\/blog\/([^"]+)"/g)].map(([, slug]) => slug);
    expect(titles).toEqual(['study-in-canada-2027', 'visa-interview-tips', 'hostile-post']);
    expect(html).not.toContain('scholarship-draft');
    expect(html).not.toContain('coming-next-year');
    expect(html).not.toContain('only-for-canada');
    // The topic filter: every tag of a published post, "All posts" the current one.
    expect(linkTo(html, '/blog')).toContain('aria-current="page"');
    expect(html).toContain('href="/blog/tag/Visa"');
    expect(html).toContain(`<link rel="alternate" type="application/atom+xml"`);
    // Nepal's feed, at its site's address (decision 066).
    expect(html).toContain('href="/np/blog/feed.xml"');
    expect(html).toContain(`href="${app.config.publicUrl}/np/blog/feed.xml"`);
    expect(html).toContain('<meta property="og:type" content="website">');
  });

  it('filters by tag at /blog/tag/<tag>, and answers 404 for a tag without posts or a page beyond the last', async () => {
    const response = await visit('/blog/tag/Visa');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('href="/blog/visa-interview-tips"');
    expect(response.body).not.toContain('href="/blog/study-in-canada-2027"');
    expect(linkTo(response.body, '/blog/tag/Visa')).toContain('aria-current="page"');
    expect(linkTo(response.body, '/blog')).not.toContain('aria-current');
    expect((await visit('/blog/tag/Nothing')).statusCode).toBe(404);
    expect((await visit('/blog/page/2')).statusCode).toBe(404);
    expect((await visit('/blog/page/0')).statusCode).toBe(404);
    const first = await visit('/blog/page/1');
    expect([first.statusCode, first.headers.location]).toEqual([301, '/blog']);
  });

  it('renders a post with its body, an article’s meta tags, its canonical address and JSON-LD', async () => {
    const response = await visit('/blog/study-in-canada-2027');
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toMatch(/<h1[^>]*>Study in Canada: 2027 intakes<\/h1>/);
    expect(html).toContain('<h2>Key dates</h2><p>Apply <strong>early</strong>');
    expect(html).toContain('By Asha Writer');
    expect(html).toMatch(/<time dateTime="2026-10-20T09:00:00(\.000)?Z">20 Oct 2026<\/time>/);
    expect(html).toMatch(/<link rel="canonical" href="http[^"]*\/blog\/study-in-canada-2027">/);
    expect(html).toContain('<meta property="og:type" content="article">');
    expect(html).toMatch(/<meta property="article:published_time" content="2026-10-20T09:00:00/);
    expect(html).toMatch(/<meta property="og:image" content="http[^"]*\/media\//);
    // The cover is the hero: asked for from the head.
    expect(html).toMatch(/<link rel="preload" as="image" href="\/media\//);
    // The post, then where it sits on the site (its breadcrumb).
    const ld = scriptsOf(html).filter((script) => script.attributes.includes('application/ld+json'));
    expect(ld).toHaveLength(2);
    expect((JSON.parse(ld[1]!.text) as { '@type': string })['@type']).toBe('BreadcrumbList');
    const article = JSON.parse(ld[0]!.text) as Record<string, unknown>;
    expect(article).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'Study in Canada: 2027 intakes',
      author: { '@type': 'Person', name: 'Asha Writer' },
      mainEntityOfPage: { '@id': expect.stringMatching(/\/blog\/study-in-canada-2027$/) as unknown },
    });
    expect(String(article.datePublished)).toMatch(/^2026-10-20T09:00:00/);
    // Changed since it went out (the row was written now): its last change, in both.
    const { updated_at } = await app.db
      .selectFrom('posts')
      .select('updated_at')
      .where('slug', '=', 'study-in-canada-2027')
      .executeTakeFirstOrThrow();
    expect(article.dateModified).toBe(updated_at);
    expect(html).toContain(`<meta property="article:modified_time" content="${updated_at}">`);
    // Related posts of the country.
    expect(html).toContain('Related posts');
  });

  it('shows a draft at its preview link with a notice, never kept, never listed, and a tampered link as 404', async () => {
    const id = await addPost({ title: 'Unfinished thoughts', slug: 'unfinished-thoughts', published_at: null });
    const path = new URL(app.previews.linkFor(id).url).pathname;
    expect(path.startsWith(PREVIEW_PATH)).toBe(true);
    const response = await visit(path);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toMatch(/<p role="status"[^>]*>Preview — this post is not published yet<\/p>/);
    expect(html).toMatch(/<h1[^>]*>Unfinished thoughts<\/h1>/);
    expect(html).toContain('<p>The body of Unfinished thoughts.</p>');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toMatch(/<link rel="canonical" href="http[^"]*\/blog\/unfinished-thoughts">/);
    expect(response.headers).toMatchObject({
      'cache-control': 'private, no-store',
      'x-robots-tag': 'noindex',
      'referrer-policy': 'no-referrer',
    });
    // Not kept: the next visit renders it again, and a change to the draft shows at once.
    const again = await visit(path);
    expect(again.statusCode).toBe(200);
    expect(again.headers['x-page-cache']).toBeUndefined();
    // (A post's own address is kept: the same app's cache at work, once it has heard of the changes before.)
    await pageCacheSettled(app);
    await visit('/blog/visa-interview-tips');
    expect((await visit('/blog/visa-interview-tips')).headers['x-page-cache']).toBe('hit');
    await app.db.updateTable('posts').set({ title: 'Finished thoughts' }).where('id', '=', id).execute();
    expect((await visit(path)).body).toMatch(/<h1[^>]*>Finished thoughts<\/h1>/);
    // A scheduled post says so.
    const scheduled = await addPost({ title: 'Later on', slug: 'later-on', published_at: '2099-01-01T00:00:00Z' });
    expect((await visit(new URL(app.previews.linkFor(scheduled).url).pathname)).body).toContain(
      'Preview — this post is scheduled and not shown to visitors yet',
    );

    // A later expiry than the one signed.
    const tampered = await visit(path.replace(/\.(\d+)\./, (_, expires: string) => `.${Number(expires) + 3600}.`));
    expect(tampered.statusCode).toBe(404);
    expect(tampered.body).toContain(PREVIEW_EXPIRED);
    expect(tampered.body).not.toContain('Finished thoughts');
    expect(tampered.headers['cache-control']).toBe('private, no-store');
    expect(tampered.body).not.toMatch(/\bat .*\.(ts|js):\d+/);
    // The draft itself is no post at its own address yet.
    expect((await visit('/blog/unfinished-thoughts')).statusCode).toBe(404);
  });

  it('answers an old address with 301 to the current one, and an unknown or unshown post with 404', async () => {
    const moved = await visit('/blog/canada-intakes');
    expect([moved.statusCode, moved.headers.location]).toEqual([301, '/blog/study-in-canada-2027']);
    for (const path of ['/blog/no-such-post', '/blog/scholarship-draft', '/blog/coming-next-year', '/blog/tag']) {
      expect((await visit(path)).statusCode, path).toBe(404);
    }
    expect((await visit('/blog/only-for-canada')).statusCode).toBe(404);
    expect((await visit('/blog/only-for-canada', CANADA)).statusCode).toBe(200);
  });

  it('writes nothing of a post as a script of its own: the JSON-LD is escaped and no other script appears', async () => {
    // Through the staff's way in, so the body is what the sanitiser kept of it.
    await addPostAsStaff(app.db, {
      title: 'Hostile body',
      slug: 'hostile-body',
      excerpt: 'Markup that must not run.',
      image_id: await addImage(app, 'BLOG'),
      body_html:
        '<p>Kept text</p><script>alert(2)</script><img src="/media/x.png" onerror="alert(3)">' +
        '<a href="javascript:alert(4)">link</a><iframe src="https://evil.example/"></iframe>',
      author_id: null,
      tags: [],
      published_at: '2026-10-02T00:00:00Z',
      country_ids: [NEPAL],
    });
    const body = await visit('/blog/hostile-body');
    expect(body.statusCode).toBe(200);
    expect(body.body).toContain('<p>Kept text</p>');
    for (const hostile of ['alert(2)', 'onerror', 'javascript:', 'evil.example'])
      expect(body.body).not.toContain(hostile);

    const response = await visit('/blog/hostile-post');
    expect(response.statusCode).toBe(200);
    const scripts = scriptsOf(response.body);
    const templateScripts = scriptsOf(readFileSync('client/index.html', 'utf8'))
      .map((script) => script.text)
      .filter((text) => text.trim() !== '');
    for (const { attributes, text } of scripts) {
      expect(text).not.toContain('alert(1)</script>');
      // Ours: the JSON-LD, the state and react-router's hydration data, and the template's own scripts.
      const ours =
        attributes === ' type="application/ld+json"' ||
        templateScripts.includes(text) ||
        text.startsWith('window.__SITE_STATE__=') ||
        text.startsWith('window.__staticRouterHydrationData = JSON.parse(') ||
        (/\ssrc="\/src\/entry-client.tsx"/.test(attributes) && text === '');
      expect(ours, `${attributes} ${text.slice(0, 80)}`).toBe(true);
    }
    const ld = scripts.find((script) => script.attributes.includes('application/ld+json'))!;
    expect(ld.text).not.toContain('<');
    expect(ld.text).toContain('\\u003c/script>');
    expect((JSON.parse(ld.text) as { headline: string }).headline).toBe('Hostile </script><script>alert(1)</script>');
  });

  it('pages a list nine posts at a time, newer and older by path, and shows a new post on a kept page', async () => {
    expect((await visit('/blog')).statusCode).toBe(200);
    for (let n = 1; n <= 10; n++) {
      await addPost({
        title: `Weekly note ${n}`,
        slug: `weekly-note-${n}`,
        published_at: new Date(Date.UTC(2026, 10, n, 9)).toISOString(),
        tags: ['Weekly'],
      });
    }
    // The kept /blog hears of the new posts (their countries' tag) and is rendered again.
    const deadline = Date.now() + 5_000;
    while (!(await visit('/blog')).body.includes('href="/blog/weekly-note-10"')) {
      if (Date.now() > deadline) throw new Error('/blog was not rendered again after a post was added');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const first = (await visit('/blog/tag/Weekly')).body;
    expect(first.match(/<article /g)).toHaveLength(9);
    expect(linksTo(first, '/blog/tag/Weekly/page/2')).toEqual([expect.stringContaining('rel="next"')]);
    expect(first).toContain('Page 1 of 2');
    expect(first).not.toContain('href="/blog/weekly-note-1"');
    const second = await visit('/blog/tag/Weekly/page/2');
    expect(second.statusCode).toBe(200);
    expect(second.body).toContain('href="/blog/weekly-note-1"');
    expect(second.body.match(/<article /g)).toHaveLength(1);
    // The topic chip (its list, not this very page), the pager's way back, and the card's tag.
    const back = linksTo(second.body, '/blog/tag/Weekly');
    expect(back[0]).toContain('aria-current="true"');
    expect(back.filter((tag) => tag.includes('rel="prev"'))).toHaveLength(1);
    expect((await visit('/blog/tag/Weekly/page/3')).statusCode).toBe(404);
  });
});
