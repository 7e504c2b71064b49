import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { GLOBAL_COUNTRY_ID } from '../shared/enums.js';
import { axeProblems, scrollThrough, siteInBrowser, visitorContext } from './support/site.js';
import { adminToken, trpc } from './support/staff.js';

const ARTIFACTS = path.resolve('e2e/.artifacts');
/** The demo's Australia. */
const AUSTRALIA = 4;
const VIEWPORTS = { desktop: { width: 1366, height: 900 }, phone: { width: 375, height: 812 } } as const;

/** A cover picture of its own colours (a soft gradient with a sun), as an editor's photo would fill the frame. */
function cover(from: string, to: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/>
    <stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="1600" height="900" fill="url(#g)"/><circle cx="1180" cy="300" r="150" fill="#ffd36b" opacity="0.85"/>
    <path d="M0 700 L420 430 L760 650 L1080 420 L1600 760 L1600 900 L0 900 Z" fill="#0b2537" opacity="0.55"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

async function uploadCovers(
  url: string,
  token: string,
  pictures: Buffer[],
): Promise<{ id: number; image_url: string }[]> {
  const form = new FormData();
  form.append(
    'operations',
    JSON.stringify({
      query: 'mutation($images: [Upload!]!) { uploadImages(images: $images, category: BLOG) { id image_url } }',
      variables: { images: pictures.map(() => null) },
    }),
  );
  form.append(
    'map',
    JSON.stringify(Object.fromEntries(pictures.map((_, i) => [String(i), [`variables.images.${i}`]]))),
  );
  pictures.forEach((picture, i) =>
    form.append(String(i), new Blob([picture], { type: 'image/jpeg' }), `cover-${i}.jpg`),
  );
  const response = await fetch(`${url}/api/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'x-apollo-operation-name': 'uploadImages' },
    body: form,
  });
  const body = (await response.json()) as { data?: { uploadImages: { id: number; image_url: string }[] } };
  return body.data!.uploadImages;
}

/**
 * The blog as a visitor reads it: the list with its topics, a post with its cover, body and related posts, a tag's
 * list; axe on each, and full-page screenshots at desktop and phone widths (`e2e/.artifacts/blog-*.png`).
 */
describe('the blog', () => {
  const site = siteInBrowser();

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    const token = await adminToken(site.browser, site.app);
    const covers = await uploadCovers(site.app.url, token, [
      await cover('#4299c2', '#1d5f86'),
      await cover('#f0a860', '#c2557a'),
      await cover('#6cc3a0', '#2f7d6b'),
      await cover('#8a7be0', '#3f3a8c'),
    ]);
    const posts = [
      {
        title: 'Study in Canada: what the 2027 intakes mean for you',
        tags: ['Study abroad', 'Canada'],
        excerpt:
          'Deadlines, documents and the new provincial letters: a counsellor’s checklist for the fall 2027 intake.',
      },
      {
        title: 'Ten IELTS speaking mistakes we hear every week',
        tags: ['IELTS'],
        excerpt: 'Small habits cost students half a band. Here is how to spot them and what to say instead.',
      },
      {
        title: 'Student visa interview: questions to prepare',
        tags: ['Visa', 'Study abroad'],
        excerpt: 'What officers ask, why they ask it, and how to answer honestly and clearly.',
      },
      {
        title: 'Your first month in Sydney',
        tags: ['Study abroad', 'Australia'],
        excerpt: 'Opening a bank account, finding a room and making friends before classes begin.',
      },
    ];
    for (const [index, post] of posts.entries()) {
      const added = await trpc(
        site.app,
        token,
        'post.add',
        {
          ...post,
          slug: post.title
            .toLowerCase()
            .replace(/[^a-z0-9]+/g, '-')
            .replace(/^-|-$/g, ''),
          image_id: covers[index]!.id,
          author_id: null,
          published_at: new Date(Date.UTC(2026, 10, 20 - index * 3, 9)).toISOString(),
          // The last is Australia's too: a post one country site shows and another does not.
          country_ids: index === posts.length - 1 ? [GLOBAL_COUNTRY_ID, AUSTRALIA] : [GLOBAL_COUNTRY_ID],
          body_html:
            '<p>Every year we help hundreds of students through this step, and the same questions come up. ' +
            'Here is what matters most, in the order you will need it.</p>' +
            '<h2>Start with the dates</h2><p>Universities open applications about a year ahead. Give yourself ' +
            'time for the <a href="https://www.canada.ca/">official requirements</a> and your English test.</p>' +
            '<ul><li>Choose two or three courses</li><li>Book your English test early</li>' +
            '<li>Prepare your financial documents</li></ul>' +
            '<blockquote><p>The students who start early are the ones who get to choose.</p></blockquote>' +
            `<h3>Documents</h3><p>Keep copies of everything.</p><img src="${covers[(index + 1) % 4]!.image_url}" alt="A checklist">` +
            '<ol><li>Passport</li><li>Transcripts</li><li>Statement of purpose</li></ol>' +
            '<p>Questions? Our counsellors are happy to check your plan with you.</p>',
        },
        'mutation',
      );
      expect(added.error, JSON.stringify(added.error)).toBeUndefined();
    }
  });

  it('"More Sites" on a post opens it on the chosen site when that site has it, else that site’s blog', async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    const moreSites = async (country: string) => {
      await page.getByRole('button', { name: /More Sites/ }).click();
      await page.getByRole('list', { name: 'Country sites' }).getByRole('button', { name: country }).click();
    };
    await page.goto(`${site.app.url}/au/blog/your-first-month-in-sydney`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.locator('h1').textContent()).toBe('Your first month in Sydney');
    await moreSites('Canada');
    await page.waitForURL(`${site.app.url}/ca/blog`);
    await page.getByRole('heading', { name: 'Latest posts' }).waitFor();
    await page.goto(`${site.app.url}/au/blog/your-first-month-in-sydney`, { waitUntil: 'networkidle' });
    await moreSites('Global');
    await page.waitForURL(`${site.app.url}/blog/your-first-month-in-sydney`);
    await expect.poll(() => page.getByTestId('current-country').textContent()).toBe('Global');
    await context.close();
  });

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`opens the blog, a post and a tag at ${name} width (${viewport.width} px)`, async () => {
      const context = await visitorContext(site.browser, site.app, GLOBAL_COUNTRY_ID, { viewport });
      const page = await context.newPage();
      const problems: string[] = [];

      await page.goto(`${site.app.url}/blog`, { waitUntil: 'networkidle' });
      await expect(page.getByRole('heading', { name: 'Latest posts' }).isVisible()).resolves.toBe(true);
      await expect(page.getByRole('link', { name: 'All posts' }).getAttribute('aria-current')).resolves.toBe('page');
      problems.push(...(await axeProblems(page)));
      await scrollThrough(page);
      await page.screenshot({ path: path.join(ARTIFACTS, `blog-${viewport.width}-list.png`), fullPage: true });

      await page.getByRole('link', { name: 'Ten IELTS speaking mistakes we hear every week' }).click();
      await page.waitForURL(/\/blog\/ten-ielts-speaking-mistakes-we-hear-every-week$/);
      await expect.poll(() => page.locator('h1').textContent()).toBe('Ten IELTS speaking mistakes we hear every week');
      // The head follows the navigation: the post is an article.
      await expect.poll(() => page.locator('head meta[property="og:type"]').getAttribute('content')).toBe('article');
      problems.push(...(await axeProblems(page)));

      // A fresh load, as a visitor arriving from a search engine, for the screenshot.
      await page.goto(page.url(), { waitUntil: 'networkidle' });
      await scrollThrough(page);
      await page.screenshot({ path: path.join(ARTIFACTS, `blog-${viewport.width}-post.png`), fullPage: true });

      await page.getByRole('list', { name: 'Tags' }).first().getByRole('link', { name: 'IELTS' }).click();
      await page.waitForURL(/\/blog\/tag\/IELTS$/);
      await expect.poll(() => page.getByRole('heading', { name: 'Posts tagged “IELTS”' }).isVisible()).toBe(true);
      // Only the posts with that tag (the seeded ones too).
      await expect
        .poll(() => page.locator('main article h3').allTextContents())
        .toContain('Ten IELTS speaking mistakes we hear every week');
      const titles = await page.locator('main article h3').allTextContents();
      expect(titles).not.toContain('Your first month in Sydney');
      const tagged = page
        .locator('main article')
        .filter({ has: page.getByRole('link', { name: 'IELTS', exact: true }) });
      await expect(tagged.count()).resolves.toBe(titles.length);
      problems.push(...(await axeProblems(page)));

      await context.close();
      expect(problems).toEqual([]);
    });
  }
});
