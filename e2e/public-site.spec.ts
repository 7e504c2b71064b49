import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { SITE_PAGES } from '../shared/site-pages.js';
import { holdScripts, siteInBrowser } from './support/site.js';
import { adminToken, graphql } from './support/staff.js';

// Addresses registered in Nepal and in the United States (the embedded IP-to-country data).
const NEPAL_IP = '27.34.16.1';
const US_IP = '8.8.8.8';
const AUSTRALIA_IP = '1.128.0.1';

describe('the public site: country, navigation and chat', () => {
  const site = siteInBrowser();
  let countries: Map<string, number>;

  beforeAll(async () => {
    const token = await adminToken(site.browser, site.app);
    const result = await graphql<{ getCountries: { id: number; name: string }[] }>(
      site.app,
      token,
      'query { getCountries { id name } }',
    );
    countries = new Map(result.getCountries.map((country) => [country.name, country.id]));
  });

  /** A visitor behind the (trusted) proxy at 127.0.0.1, arriving from `ip`. */
  /** A page's id, by its name. */
  async function pageIdOf(token: string, name: string): Promise<number> {
    const { getPages } = await graphql<{ getPages: { id: number; name: string }[] }>(
      site.app,
      token,
      'query { getPages { id name } }',
    );
    return getPages.find((page) => page.name === name)!.id;
  }

  async function visitor(ip: string, viewport = { width: 1280, height: 900 }): Promise<BrowserContext> {
    return site.browser.newContext({ viewport, extraHTTPHeaders: { 'X-Forwarded-For': ip } });
  }

  it("renders Nepal's contact strip and navigation in the server HTML for a Nepal IP, Global for others", async () => {
    const nepal = await fetch(`${site.app.url}/`, { headers: { 'X-Forwarded-For': NEPAL_IP } }).then((r) => r.text());
    expect(nepal).toContain('nepal@example.com');
    expect(nepal).toContain('data-testid="current-country"');
    expect(nepal).toMatch(/data-testid="current-country"[^>]*>Nepal</);
    // The navigation is in the HTML before any script runs.
    expect(nepal).toContain('href="/about-us"');
    expect(nepal).toContain('href="/contact-us"');

    const unknown = await fetch(`${site.app.url}/`, { headers: { 'X-Forwarded-For': US_IP } }).then((r) => r.text());
    expect(unknown).toMatch(/data-testid="current-country"[^>]*>Global</);
    expect(unknown).toContain('info@example.com');
  });

  it('opens the same page at Canada’s address with "More Sites", and keeps the choice at the root addresses', async () => {
    const context = await visitor(NEPAL_IP);
    const page = await context.newPage();
    // Not the home page: Nepal's home popup opens shortly after load and would close the menu under test.
    await page.goto(`${site.app.url}/about-us`, { waitUntil: 'networkidle' });
    await expect(page.getByTestId('current-country').textContent()).resolves.toBe('Nepal');

    await page.getByRole('button', { name: /More Sites/ }).click();
    // The list of country sites loads when "More Sites" is wanted, not with the page.
    await page.getByRole('list', { name: 'Country sites' }).getByRole('button', { name: 'Canada' }).click();
    await page.waitForURL(`${site.app.url}/ca/about-us`);
    await page.getByTestId('current-country').filter({ hasText: 'Canada' }).waitFor();
    await page.getByTestId('contact-strip').getByText('canada@example.com').waitFor();
    // Links stay on Canada's site.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact Us' }).first().click();
    await page.waitForURL(`${site.app.url}/ca/contact-us`);

    // The choice is remembered: the spec's addresses at the root show Canada from now on.
    await page.goto(`${site.app.url}/about-us`);
    await expect(page.getByTestId('current-country').textContent()).resolves.toBe('Canada');
    expect(await page.getByTestId('contact-strip').textContent()).toContain('canada@example.com');
    await context.close();
  });

  it('shows Nepal’s page at its address to a visitor from Australia, suggesting Australia’s site, until dismissed', async () => {
    const context = await visitor(AUSTRALIA_IP);
    const page = await context.newPage();
    await page.goto(`${site.app.url}/np/visa/student`, { waitUntil: 'networkidle' });
    await expect(page.getByTestId('current-country').textContent()).resolves.toBe('Nepal');
    const suggestion = page.getByRole('complementary', { name: 'Country site suggestion' });
    await suggestion.getByText('Looking for our Australia site?').waitFor();
    await page.screenshot({ path: 'e2e/.artifacts/site-suggestion-1280.png' });
    await suggestion.getByRole('button', { name: 'Dismiss the suggestion' }).click();
    await suggestion.waitFor({ state: 'detached' });
    await page.reload({ waitUntil: 'networkidle' });
    expect(await suggestion.count()).toBe(0);

    // Dismissed in every tab.
    const another = await context.newPage();
    await another.goto(`${site.app.url}/np/about-us`, { waitUntil: 'networkidle' });
    expect(await another.getByRole('complementary', { name: 'Country site suggestion' }).count()).toBe(0);
    await context.close();

    // The suggestion leads to Australia's site.
    const fresh = await visitor(AUSTRALIA_IP, { width: 375, height: 800 });
    const phone = await fresh.newPage();
    await phone.goto(`${site.app.url}/np/about-us`, { waitUntil: 'networkidle' });
    const toAustralia = phone.getByRole('link', { name: 'Go to Australia’s site' });
    await toAustralia.waitFor();
    await phone.screenshot({ path: 'e2e/.artifacts/site-suggestion-375.png' });
    await toAustralia.click();
    await phone.waitForURL(`${site.app.url}/au`);
    await expect(phone.getByTestId('current-country').textContent()).resolves.toBe('Australia');
    await fresh.close();
  });

  it('offers another country site’s branches once the visitor switches to it, not the one chosen before', async () => {
    const context = await visitor(NEPAL_IP);
    const page = await context.newPage();
    await page.goto(`${site.app.url}/enquiry`, { waitUntil: 'networkidle' });
    const branch = page.getByRole('combobox', { name: /^Branch/ });
    await branch.click();
    await page.getByRole('option', { name: 'Kathmandu' }).click();
    await expect(branch.inputValue()).resolves.toBe('Kathmandu');

    await page.getByRole('button', { name: /More Sites/ }).click();
    await page.getByRole('list', { name: 'Country sites' }).getByRole('button', { name: 'Australia' }).click();
    await page.waitForURL(`${site.app.url}/au/enquiry`);
    await page.getByTestId('current-country').filter({ hasText: 'Australia' }).waitFor();
    await expect.poll(() => branch.inputValue()).toBe('');
    await branch.click();
    await page.getByRole('option', { name: 'Sydney' }).waitFor();
    expect(await page.getByRole('option', { name: 'Kathmandu' }).count()).toBe(0);
    await context.close();
  });

  it('hides a page disabled for one country and answers 404 for it there only', async () => {
    const token = await adminToken(site.browser, site.app);
    const healthInsurance = await pageIdOf(token, 'Health Insurance');
    await graphql(
      site.app,
      token,
      'mutation($c: Int!, $p: Int!) { deletePageFromCountry(country_id: $c, page_id: $p) { message } }',
      {
        c: countries.get('Nepal'),
        p: healthInsurance,
      },
    );

    const nepalPage = await fetch(`${site.app.url}/other/health-insurance`, {
      headers: { 'X-Forwarded-For': NEPAL_IP },
    });
    expect(nepalPage.status).toBe(404);
    const nepalHome = await fetch(`${site.app.url}/`, { headers: { 'X-Forwarded-For': NEPAL_IP } }).then((r) =>
      r.text(),
    );
    expect(nepalHome).not.toContain('href="/other/health-insurance"');

    const globalPage = await fetch(`${site.app.url}/other/health-insurance`, {
      headers: { 'X-Forwarded-For': US_IP },
    });
    expect(globalPage.status).toBe(200);
    const globalHome = await fetch(`${site.app.url}/`, { headers: { 'X-Forwarded-For': US_IP } }).then((r) => r.text());
    expect(globalHome).toContain('href="/other/health-insurance"');
  });

  it("leads a 404 to the country's first page when staff took its Home page off", async () => {
    const token = await adminToken(site.browser, site.app);
    const pageOfNepal = { c: countries.get('Nepal'), p: await pageIdOf(token, 'Home') };
    await graphql(
      site.app,
      token,
      'mutation($c: Int!, $p: Int!) { deletePageFromCountry(country_id: $c, page_id: $p) { message } }',
      pageOfNepal,
    );
    try {
      const context = await visitor(NEPAL_IP);
      const page = await context.newPage();
      const response = await page.goto(`${site.app.url}/`, { waitUntil: 'networkidle' });
      expect(response?.status()).toBe(404);
      await page.getByRole('heading', { name: 'Page not found', level: 1 }).waitFor();
      await page.getByRole('main').getByRole('link', { name: 'Go to About Us' }).click();
      await page.waitForURL(`${site.app.url}/about-us`);
      await page.getByRole('heading', { level: 1 }).filter({ hasText: 'About' }).waitFor();
      await context.close();
    } finally {
      await graphql(
        site.app,
        token,
        'mutation($c: Int!, $p: [Int!]!) { addPageToOtherCountry(country_id: $c, page_ids: $p) { id } }',
        { c: pageOfNepal.c, p: [pageOfNepal.p] },
      );
    }
    const nepalHome = await fetch(`${site.app.url}/`, { headers: { 'X-Forwarded-For': NEPAL_IP } });
    expect(nepalHome.status).toBe(200);
  });

  it('opens the chat dialog on Sydney and sends the visitor to the branch messenger page in a new tab', async () => {
    const context = await visitor(US_IP);
    // No internet here: answer the messenger page locally, so the new tab has somewhere to land.
    await context.route('https://m.me/**', (route) => route.fulfill({ contentType: 'text/html', body: 'Messenger' }));
    const page = await context.newPage();
    // Hydrated (the page's chunks loaded and idle) before the first click or key.
    await page.goto(`${site.app.url}/`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Chat with us !' }).click();
    const dialog = page.getByRole('dialog', { name: 'Any Queries ?' });
    await dialog.getByText('Select branch.').waitFor();
    await expect(dialog.getByLabel('Chat with our consultants today.').inputValue()).resolves.toBe('Sydney, Australia');
    // Sydney is on WhatsApp too: offered beside Send, as a link to WhatsApp's chat with its number.
    const whatsapp = dialog.getByRole('link', { name: /^Chat on WhatsApp/ });
    await expect(whatsapp.getAttribute('href')).resolves.toBe('https://wa.me/61491570156');
    await expect(whatsapp.getAttribute('rel')).resolves.toBe('noopener noreferrer');
    // A branch without a number offers Messenger alone.
    const branchChoice = dialog.getByLabel('Chat with our consultants today.');
    await branchChoice.click();
    await page.getByRole('option', { name: 'Kathmandu, Nepal' }).click();
    await expect.poll(() => whatsapp.count()).toBe(0);
    await branchChoice.click();
    await page.getByRole('option', { name: 'Sydney, Australia' }).click();
    await whatsapp.waitFor();

    const [messenger] = await Promise.all([
      context.waitForEvent('page'),
      dialog.getByRole('button', { name: 'Send' }).click(),
    ]);
    await messenger.waitForLoadState();
    expect(messenger.url()).toBe('https://m.me/horizon.sydney.example');
    // noopener: the messenger tab cannot reach back into the site.
    expect(await messenger.evaluate('window.opener === null')).toBe(true);
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('lists a country site’s own branches first in the chat, under its name, still starting on Sydney', async () => {
    const context = await visitor(US_IP);
    const page = await context.newPage();
    await page.goto(`${site.app.url}/np`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Chat with us !' }).click();
    const dialog = page.getByRole('dialog', { name: 'Any Queries ?' });
    const branchChoice = dialog.getByLabel('Chat with our consultants today.');
    await expect(branchChoice.inputValue()).resolves.toBe('Sydney, Australia');
    await branchChoice.click();
    const listbox = page.getByRole('listbox');
    await expect
      .poll(() => listbox.getByRole('option').allTextContents())
      .toEqual(['Kathmandu, Nepal', 'Butwal, Nepal', 'Sydney, Australia']);
    await listbox.getByText('Nepal', { exact: true }).waitFor();
    await listbox.getByText('Other countries', { exact: true }).waitFor();
    await context.close();
  });

  it('at 375 px opens a drawer that fills the screen, with every menu item reachable', async () => {
    const context = await visitor(US_IP, { width: 375, height: 800 });
    const page = await context.newPage();
    // Hydrated (the page's chunks loaded and idle) before the first click or key.
    await page.goto(`${site.app.url}/`, { waitUntil: 'networkidle' });
    // Nothing sticks out sideways: the page fits the phone's width.
    await expect(page.evaluate('document.documentElement.scrollWidth')).resolves.toBeLessThanOrEqual(375);
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    const buttonBox = await menuButton.boundingBox();
    expect(buttonBox!.x + buttonBox!.width).toBeLessThanOrEqual(375);
    await menuButton.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.waitFor();
    const box = await drawer.boundingBox();
    expect(box?.width).toBeCloseTo(375, 0);

    // Expand every group (and nested group) and count the page links.
    for (;;) {
      const closed = drawer.locator('button[aria-expanded="false"]');
      if ((await closed.count()) === 0) break;
      await closed.first().click();
    }
    const links = drawer.getByRole('link');
    const hrefs: (string | null)[] = [];
    for (let index = 0; index < (await links.count()); index++) hrefs.push(await links.nth(index).getAttribute('href'));
    for (const path of ['/about-us', '/study/uk', '/visa/sub-class190', '/visa/sponsor', '/canada/life-in-canada']) {
      expect(hrefs).toContain(path);
    }
    // Every page of the menu (29 pages without Home, Blog, Gallery, Enquiry and Book an Appointment) plus the
    // Book An Appointment action.
    expect(hrefs.filter((href) => href !== '/book-an-appointment')).toHaveLength(26);
    await drawer.getByRole('link', { name: 'Subclass 887' }).click();
    await page.waitForURL(`${site.app.url}/visa/sub-class887`);
    await drawer.waitFor({ state: 'hidden' });
    await context.close();
  });

  it("answers a tap made before the page's script has loaded: the menu opens once it has", async () => {
    const context = await visitor(US_IP, { width: 375, height: 800 });
    const page = await context.newPage();
    const releaseScripts = await holdScripts(page);
    await page.goto(`${site.app.url}/`, { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer.count()).resolves.toBe(0);

    releaseScripts();
    await drawer.waitFor();
    // Tapped once, not twice (a second tap would close it again).
    await page.waitForTimeout(500);
    await expect(drawer.isVisible()).resolves.toBe(true);
    await context.close();
  });

  it('works with the keyboard: nested menus open and lead to a page, dialogs close on Escape and give focus back', async () => {
    const context = await visitor(US_IP, { width: 1440, height: 900 });
    const page = await context.newPage();
    // Hydrated (the page's chunks loaded and idle) before the first click or key.
    await page.goto(`${site.app.url}/`, { waitUntil: 'networkidle' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Visa' }).focus();
    await page.keyboard.press('Enter');
    const skilled = nav.getByRole('button', { name: 'Skilled Visa' });
    await skilled.waitFor();
    const focused = () => page.evaluate('document.activeElement?.textContent?.trim()');
    // ArrowDown moves into the open group, and on; ArrowRight opens a nested group and moves into it.
    await page.keyboard.press('ArrowDown');
    await expect.poll(focused).toBe('Student Visa');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(focused).toBe('Skilled Visa');
    await page.keyboard.press('ArrowRight');
    await expect.poll(focused).toBe('subclass 189');
    await page.keyboard.press('ArrowDown');
    await expect.poll(focused).toBe('subclass 190');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${site.app.url}/visa/sub-class190`);

    // The enquiry modal: opens from its button, closes on Escape, and focus returns to the button.
    const enquiry = page.getByRole('banner').getByRole('button', { name: 'Enquiry' });
    await enquiry.click();
    const dialog = page.getByRole('dialog', { name: 'Enquiry' });
    await dialog.getByLabel('First Name').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect(focused()).resolves.toBe('Enquiry');
    await context.close();
  });

  it('serves every public page as readable HTML before any script runs, each with its own title', async () => {
    const titles = new Set<string>();
    for (const { path: pagePath } of SITE_PAGES) {
      const response = await fetch(`${site.app.url}${pagePath}`, { headers: { 'X-Forwarded-For': US_IP } });
      expect(response.status, pagePath).toBe(200);
      const html = await response.text();
      expect(html.match(/<h1[\s>]/g), `one h1 on ${pagePath}`).toHaveLength(1);
      expect(html, pagePath).toContain(`<link rel="canonical" href="${site.app.url}${pagePath}">`);
      expect(html, pagePath).toMatch(/<meta name="description" content="[^"]{20,}">/);
      titles.add(/<title>([^<]+)<\/title>/.exec(html)![1]!);
    }
    expect(titles.size).toBe(SITE_PAGES.length);
  });

  it('sizes images for the screen: srcset, width and height, the first banner eager and the rest lazy', async () => {
    const html = await fetch(`${site.app.url}/`, { headers: { 'X-Forwarded-For': US_IP } }).then((r) => r.text());
    // Content images (flags and social icons are fixed-size icons, not content).
    const images = [...html.matchAll(/<img [^>]*src="\/media\/[^"]*\?w=[^>]*>/g)].map((match) => match[0]);
    expect(images.length).toBeGreaterThan(5);
    const [banner, ...rest] = images;
    expect(banner).toMatch(/fetchPriority="high"|fetchpriority="high"/);
    expect(banner).not.toContain('loading="lazy"');
    for (const image of [banner!, ...rest]) {
      expect(image).toMatch(/ width="\d+"/);
      expect(image).toMatch(/ height="\d+"/);
      expect(image).toMatch(/srcSet="[^"]*\?w=\d+ \d+w|srcset="[^"]*\?w=\d+ \d+w/);
    }
    for (const image of rest) expect(image).toContain('loading="lazy"');
    // The variants are real, smaller WebP images.
    const variant = /src="(\/media\/[^"]+\?w=\d+)"/.exec(banner!)![1]!;
    const response = await fetch(`${site.app.url}${variant.replace(/&amp;/g, '&')}`);
    expect(response.headers.get('content-type')).toBe('image/webp');
  });

  it('loads more gallery pictures by cursor, appending the next page without duplicates', async () => {
    const token = await adminToken(site.browser, site.app);
    // 14 more pictures on the Global gallery: with the 6 seeded ones, two pages of 12.
    const form = new FormData();
    const count = 14;
    const files = Object.fromEntries(
      Array.from({ length: count }, (_, index) => [String(index), [`variables.images.${index}`]]),
    );
    form.append(
      'operations',
      JSON.stringify({
        query: 'mutation($images: [Upload!]!) { uploadImages(images: $images, category: GALLERY_IMAGES) { id } }',
        variables: { images: Array.from({ length: count }, () => null) },
      }),
    );
    form.append('map', JSON.stringify(files));
    for (let index = 0; index < count; index++) {
      const png = await sharp({
        create: { width: 64, height: 48, channels: 3, background: { r: 10 * index, g: 120, b: 200 } },
      })
        .png()
        .toBuffer();
      form.append(String(index), new Blob([png], { type: 'image/png' }), `extra-${index}.png`);
    }
    const upload = await fetch(`${site.app.url}/api/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'x-apollo-operation-name': 'uploadImages' },
      body: form,
    });
    const uploaded = (await upload.json()) as { data?: { uploadImages: { id: number }[] }; errors?: unknown };
    expect(uploaded.errors).toBeUndefined();
    await graphql(
      site.app,
      token,
      'mutation($c: Int!, $ids: [Int!]!) { addImagesToGallery(country_id: $c, image_ids: $ids) { id } }',
      {
        c: 1,
        ids: uploaded.data!.uploadImages.map((image) => image.id),
      },
    );

    const context = await visitor(US_IP);
    const page = await context.newPage();
    await page.goto(`${site.app.url}/gallery`);
    const pictures = page.getByRole('button', { name: /^Open Picture/ });
    await expect(pictures.count()).resolves.toBe(12);
    await page.getByRole('button', { name: 'Load more pictures' }).click();
    // Polled from here: a string predicate for waitForFunction would be eval'd in the page, which its policy forbids.
    await expect.poll(() => pictures.count()).toBeGreaterThan(12);
    const labels: string[] = [];
    for (let index = 0; index < (await pictures.count()); index++) {
      labels.push((await pictures.nth(index).getAttribute('aria-label'))!);
    }
    const sources: (string | null)[] = [];
    for (let index = 0; index < (await pictures.count()); index++) {
      sources.push(await pictures.nth(index).locator('img').getAttribute('src'));
    }
    expect(labels).toHaveLength(20);
    expect(new Set(sources).size).toBe(20);
    expect(new Set(labels).size).toBe(20);
    // The last page: no more button.
    await page.getByRole('button', { name: 'Load more pictures' }).waitFor({ state: 'detached' });

    // The lightbox (its code loads on the first open): the arrow keys move, Escape closes, focus goes back.
    await pictures.nth(1).click();
    const lightbox = page.getByRole('dialog', { name: 'Picture 2 of 20' });
    await lightbox.waitFor();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('dialog', { name: 'Picture 3 of 20' }).waitFor();
    await page.getByRole('button', { name: 'Previous picture' }).click();
    await lightbox.waitFor();
    await page.keyboard.press('Escape');
    await lightbox.waitFor({ state: 'detached' });
    type Focus = { document: { activeElement: { getAttribute(name: string): string | null } | null } };
    const focusedLabel = () =>
      page.evaluate(() => (globalThis as unknown as Focus).document.activeElement?.getAttribute('aria-label'));
    await expect.poll(focusedLabel).toBe(labels[1]);
    await context.close();
  });

  it('fits the whole menu and both actions on a 1440 px screen', async () => {
    const context = await visitor(US_IP, { width: 1440, height: 900 });
    const page = await context.newPage();
    await page.goto(`${site.app.url}/`);
    await expect(page.evaluate('document.documentElement.scrollWidth')).resolves.toBeLessThanOrEqual(1440);
    const header = page.getByRole('banner');
    for (const control of [
      header.getByRole('link', { name: 'Contact Us' }),
      header.getByRole('button', { name: 'Enquiry' }),
      header.getByRole('link', { name: 'Book An Appointment' }),
    ]) {
      const box = await control.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x + box!.width).toBeLessThanOrEqual(1440);
    }
    await context.close();
  });
});
