/**
 * Also run on PostgreSQL (decision 056): what the page cache keeps, told by NOTIFY.
 * @module-tag database-engine
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { logCapture, testConfig } from '../../test/app.js';
import { createTestDatabase } from '../../test/database.js';
import { addImage } from '../../test/fixtures.js';
import { gql, staffToken, trpcCall } from '../../test/graphql.js';
import { pageCacheSettled } from '../../test/page-cache.js';
import { standInSite } from '../../test/stand-in-site.js';
import { PageCache, type CachedPage } from './page-cache.js';
import { preferredEncoding } from './page-cache-front.js';
import { stylesFirst } from './site.routes.js';

const NEPAL = 2;
const CANADA = 3;

function page(tags: string[], html = '<p>page</p>'): Omit<CachedPage, 'storedAt' | 'bytes'> {
  return { body: Buffer.from(html), encoded: {}, headers: {}, etag: '"e"', tags };
}

/** A cache that is listening (the tests speak for the database by calling `changed`). */
async function listeningCache(limits?: ConstructorParameters<typeof PageCache>[0]): Promise<PageCache> {
  const cache = new PageCache(limits);
  await cache.listen({ listen: () => Promise.resolve({ close: () => Promise.resolve() }) });
  return cache;
}

describe('the page cache', () => {
  it('keeps a page until a notification names something it shows', async () => {
    const cache = await listeningCache();
    cache.keep('2 /', page(['countries', 'country:2', 'page:1']), cache.begin());
    cache.keep('3 /', page(['countries', 'country:3', 'page:1']), cache.begin());
    cache.keep('2 /about-us', page(['countries', 'country:2', 'page:4']), cache.begin());
    cache.changed('country:3');
    expect([cache.get('2 /') !== undefined, cache.get('3 /') !== undefined]).toEqual([true, false]);
    cache.changed('page:1');
    expect([cache.get('2 /'), cache.get('2 /about-us') !== undefined]).toEqual([undefined, true]);
    cache.changed('countries');
    expect(cache.size).toBe(0);
  });

  it('does not keep a page whose render began before a change it shows', async () => {
    const cache = await listeningCache();
    const startedAt = cache.begin();
    cache.changed('country:2');
    expect(cache.keep('2 /', page(['country:2']), startedAt)).toBe(false);
    // A change to something else does not matter; one to everything does.
    const again = cache.begin();
    cache.changed('country:3');
    expect(cache.keep('2 /', page(['country:2']), again)).toBe(true);
    const third = cache.begin();
    cache.changed('all');
    expect(cache.keep('2 /', page(['country:2']), third)).toBe(false);
  });

  it('keeps nothing while it cannot hear the database, and forgets all when it stops hearing it', async () => {
    const silent = new PageCache();
    expect(silent.keep('1 /', page(['country:1']), silent.begin())).toBe(false);
    let lost: ((listening: boolean) => void) | undefined;
    const cache = new PageCache();
    await cache.listen({
      listen: (_channel, handlers) => {
        lost = (listening) => handlers.onLost?.(listening);
        return Promise.resolve({ close: () => Promise.resolve() });
      },
    });
    cache.keep('1 /', page(['country:1']), cache.begin());
    lost!(false);
    expect(cache.get('1 /')).toBeUndefined();
    expect(cache.keep('1 /', page(['country:1']), cache.begin())).toBe(false);
    lost!(true);
    expect(cache.keep('1 /', page(['country:1']), cache.begin())).toBe(true);
  });

  it('stays within its limits, dropping the least recently used page first, and renews old pages', async () => {
    const cache = await listeningCache({ maxEntries: 2, maxBytes: 1_000, maxAgeMs: 60_000, maxValues: 10 });
    cache.keep('a', page([]), cache.begin(), 0);
    cache.keep('b', page([]), cache.begin(), 0);
    cache.get('a', 0);
    cache.keep('c', page([]), cache.begin(), 0);
    expect([cache.get('a', 0) !== undefined, cache.get('b', 0), cache.get('c', 0) !== undefined]).toEqual([
      true,
      undefined,
      true,
    ]);
    expect(cache.keep('big', page([], 'x'.repeat(1_000)), cache.begin(), 0)).toBe(false);
    expect(cache.get('a', 60_001)).toBeUndefined();
  });

  it('remembers a value until a notification names one of its tags, and only while it hears the database', async () => {
    const cache = await listeningCache();
    let loads = 0;
    const load = () => Promise.resolve((loads += 1));
    expect(await cache.remember('countries', ['countries'], load)).toBe(1);
    cache.changed('country:2');
    expect(await cache.remember('countries', ['countries'], load)).toBe(1);
    cache.changed('countries');
    expect(await cache.remember('countries', ['countries'], load)).toBe(2);
    const silent = new PageCache();
    expect(await silent.remember('countries', ['countries'], load)).toBe(3);
    expect(await silent.remember('countries', ['countries'], load)).toBe(4);
  });

  it('renders once for a burst of requests for the same page', async () => {
    const cache = await listeningCache();
    let renders = 0;
    const render = async () => {
      renders += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return renders;
    };
    const answers = await Promise.all(Array.from({ length: 10 }, () => cache.once('1 /', render)));
    expect(answers).toEqual(Array.from({ length: 10 }, () => 1));
    expect(await cache.once('1 /', render)).toBe(2);
  });
});

describe('the built template', () => {
  it("puts its stylesheets first, right after the page's own head, with a place for the page's styles, and asks for its scripts at low priority", () => {
    const built =
      '<head><meta charset="UTF-8" /><!--app-head-->\n' +
      '<script type="module" crossorigin src="/assets/index.js"></script>\n' +
      '<link rel="modulepreload" crossorigin href="/assets/lib.js">\n' +
      '<link rel="stylesheet" crossorigin href="/assets/embeds.css">\n' +
      '<link rel="stylesheet" crossorigin href="/assets/index.css">\n</head>';
    expect(stylesFirst(built)).toBe(
      '<head><meta charset="UTF-8" /><!--app-head-->' +
        '<link rel="stylesheet" crossorigin href="/assets/embeds.css">\n' +
        '<link rel="stylesheet" crossorigin href="/assets/index.css">\n<!--page-styles-->\n' +
        '<script type="module" fetchpriority="low" crossorigin src="/assets/index.js"></script>\n' +
        '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/lib.js">\n</head>',
    );
  });
});

describe("the client's preferred compression", () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['BR', 'br'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['deflate', undefined],
  ])('%j → %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});

/**
 * The site with a stand-in render: it counts its renders, writes who the procedures think is asking, and has an
 * inline script (as the real render's state), so what the server does around rendering shows plainly.
 */
const STAND_IN = `export async function render({ request, countryId, createTrpc, nonce }) {
  globalThis.pageCacheRenders = (globalThis.pageCacheRenders ?? 0) + 1;
  const options = createTrpc({}).me.get.queryOptions();
  let who = 'anonymous';
  try {
    const me = await options.queryFn({ queryKey: options.queryKey, signal: new AbortController().signal });
    who = 'staff ' + me.email;
  } catch {}
  const path = new URL(request.url).pathname;
  return {
    kind: 'page',
    status: path === '/no-such-page' ? 404 : 200,
    lang: 'en',
    head: '<title>Stand-in</title>',
    body: '<p>' + who + ' saw ' + path + ' of country ' + countryId + ' (render ' + globalThis.pageCacheRenders + ')</p>',
    state: '<script' + (nonce ? ' nonce="' + nonce + '"' : '') + '>window.__SITE_STATE__={"countryId":' + countryId + '}</script>',
  };
}`;

/** Issue 15: public pages are rendered once and kept until something they show changes, on any instance. */
describe('public pages from the page cache', () => {
  let app: FastifyInstance;
  let admin: string;
  const renders = () => (globalThis as { pageCacheRenders?: number }).pageCacheRenders ?? 0;

  async function visit(path: string, countryId = NEPAL, headers: Record<string, string> = {}) {
    const response = await app.inject({ url: path, headers: { cookie: `site_country=${countryId}`, ...headers } });
    return { response, state: response.headers['x-page-cache'], body: response.body };
  }

  /** Waits until the page is rendered again (the notification arrives on commit; on PostgreSQL, a moment later). */
  async function renderedAgain(path: string, countryId = NEPAL): Promise<void> {
    const deadline = Date.now() + 3_000;
    while ((await visit(path, countryId)).state !== 'miss') {
      if (Date.now() > deadline) throw new Error(`${path} of country ${countryId} was not rendered again`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  async function kept(path: string, countryId = NEPAL): Promise<void> {
    await visit(path, countryId);
    expect((await visit(path, countryId)).state, `${path} of country ${countryId}`).toBe('hit');
  }

  const settled = () => pageCacheSettled(app);

  beforeAll(async () => {
    const distDir = standInSite(STAND_IN);
    app = await buildApp(testConfig({ distDir }), { database: await createTestDatabase() });
    admin = await staffToken(app, 'ADMIN');
  });
  afterAll(() => app?.close());

  it('renders a page once: the second request is served without rendering, and a browser holding it gets 304', async () => {
    const first = await visit('/about-us');
    expect(first.state).toBe('miss');
    const before = renders();
    const second = await visit('/about-us');
    expect(second.state).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(renders()).toBe(before);
    const etag = second.response.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const revalidated = await visit('/about-us', NEPAL, { 'if-none-match': etag });
    expect(revalidated.response.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
  });

  it('sends a kept page from its front door with the headers of the render that kept it, compressed once', async () => {
    const first = await visit('/study/uk');
    expect(first.state).toBe('miss');
    const hit = await visit('/study/uk');
    expect(hit.state).toBe('hit');
    const perResponse = ['x-page-cache', 'x-request-id', 'date', 'connection', 'content-length', 'transfer-encoding'];
    const shared = (headers: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(headers).filter(([name]) => !perResponse.includes(name)));
    expect(shared(hit.response.headers)).toEqual(shared(first.response.headers));
    expect(hit.response.headers['x-request-id']).not.toBe(first.response.headers['x-request-id']);
    expect(hit.response.headers.vary).toBe('accept-encoding');

    // The compressed copies are made off the event loop, once; until then the route compresses its own (or, as this
    // small page, sends it as it is).
    // Each copy is made on its own, so each is waited for (on a busy machine one may lag the other).
    const encoded = async (acceptEncoding: string, encoding: string) => {
      const deadline = Date.now() + 3_000;
      let answer = await visit('/study/uk', NEPAL, { 'accept-encoding': acceptEncoding });
      while (answer.response.headers['content-encoding'] !== encoding && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        answer = await visit('/study/uk', NEPAL, { 'accept-encoding': acceptEncoding });
      }
      return answer;
    };
    const br = await encoded('gzip, deflate, br', 'br');
    expect(br.response.headers['content-encoding']).toBe('br');
    expect(br.response.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(br.response.rawPayload).toString()).toBe(first.body);
    const gzip = await encoded('gzip', 'gzip');
    expect(gzip.response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.response.rawPayload).toString()).toBe(first.body);
    const etag = hit.response.headers.etag as string;
    const revalidated = await visit('/study/uk', NEPAL, { 'if-none-match': etag, 'accept-encoding': 'br' });
    expect([revalidated.response.statusCode, revalidated.body, revalidated.response.headers.etag]).toEqual([
      304,
      '',
      etag,
    ]);
  });

  it("allows a kept page's inline script by its hash, not by a nonce, and the hash is the script's", async () => {
    const { response, body } = await visit('/about-us');
    const script = /<script>([^<]*)<\/script>/.exec(body)![1]!;
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256').update(script).digest('base64');
    const policy = response.headers['content-security-policy'] as string;
    expect(policy).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(policy).not.toContain('nonce-');
  });

  it('keeps one page per country', async () => {
    await kept('/', NEPAL);
    await kept('/', CANADA);
    expect((await visit('/', NEPAL)).body).toContain('of country 2');
    expect((await visit('/', CANADA)).body).toContain('of country 3');
  });

  it('renders every page as an anonymous visitor, even for a request carrying a staff token', async () => {
    const withToken = await visit('/contact-us', NEPAL, { authorization: `Bearer ${admin}` });
    expect(withToken.body).toContain('anonymous saw /contact-us');
    expect(withToken.body).not.toContain('staff');
  });

  it('does not keep a page that is not found', async () => {
    const before = renders();
    expect((await visit('/no-such-page')).response.statusCode).toBe(404);
    expect((await visit('/no-such-page')).state).toBe('miss');
    expect(renders()).toBe(before + 2);
  });

  it('renders again only the pages a banner is on, in every country, when it changes', async () => {
    await settled();
    const home = (await app.db.selectFrom('pages').select('id').where('name', '=', 'Home').executeTakeFirstOrThrow())
      .id;
    await kept('/', NEPAL);
    await kept('/', CANADA);
    await kept('/about-us', NEPAL);
    const image = await addImage(app, 'BANNER');
    const added = await gql(
      app,
      'mutation($input: AddBannerInput!) { addBanner(input: $input) { id } }',
      { input: { title: 'Intakes open', description: 'February', image_id: image, page_ids: [home] } },
      admin,
    );
    expect(added.errors).toEqual([]);
    await renderedAgain('/', NEPAL);
    await renderedAgain('/', CANADA);
    expect((await visit('/about-us', NEPAL)).state).toBe('hit');
  });

  it('renders the pages of every country that showed a banner again when it is kept to one country', async () => {
    const home = (await app.db.selectFrom('pages').select('id').where('name', '=', 'Home').executeTakeFirstOrThrow())
      .id;
    const image = await addImage(app, 'BANNER');
    const title = 'Namaste: your study plan starts in Kathmandu';
    const added = await gql<{ addBanner: { id: number } }>(
      app,
      'mutation($input: AddBannerInput!) { addBanner(input: $input) { id } }',
      { input: { title, description: 'Nepal only', image_id: image, page_ids: [home] } },
      admin,
    );
    expect(added.errors).toEqual([]);
    await kept('/', NEPAL);
    await kept('/', CANADA);
    const keptToNepal = await gql(
      app,
      'mutation($input: UpdateBannerInput!) { updateBanner(input: $input) { id } }',
      { input: { id: added.data!.addBanner.id, only_country_ids: [NEPAL] } },
      admin,
    );
    expect(keptToNepal.errors).toEqual([]);
    // Canada's home page drops it (its site no longer shows it), Nepal's keeps it: both are rendered again.
    await renderedAgain('/', CANADA);
    await renderedAgain('/', NEPAL);
  });

  it("renders again one page's pages when its text changes", async () => {
    await settled();
    await kept('/about-us', NEPAL);
    await kept('/', NEPAL);
    const aboutUs = (
      await app.db.selectFrom('pages').select('id').where('name', '=', 'About Us').executeTakeFirstOrThrow()
    ).id;
    const changed = await trpcCall(
      app,
      'page.updateContent',
      { page_id: aboutUs, heading: 'About our team', summary: 'Who we are.', body: 'We help students.' },
      { token: admin, mutation: true },
    );
    expect(changed.status).toBe(200);
    await renderedAgain('/about-us', NEPAL);
    expect((await visit('/', NEPAL)).state).toBe('hit');
  });

  it("renders again one country's pages when its branch changes, and not another country's", async () => {
    await settled();
    await kept('/contact-us', NEPAL);
    await kept('/contact-us', CANADA);
    const added = await gql(
      app,
      `mutation($input: AddBranchInput!) { addBranch(input: $input) { id } }`,
      {
        input: {
          country_id: NEPAL,
          name: 'Pokhara',
          email: 'pokhara@example.com',
          phone_number: '+977 61 500000',
          address: 'Lakeside, Pokhara',
        },
      },
      admin,
    );
    expect(added.errors).toEqual([]);
    await renderedAgain('/contact-us', NEPAL);
    expect((await visit('/contact-us', CANADA)).state).toBe('hit');
  });

  it("renders every country's pages again when a branch the chat bubble lists changes (every page lists them)", async () => {
    await kept('/contact-us', NEPAL);
    await kept('/about-us', CANADA);
    const added = await gql(
      app,
      `mutation($input: AddBranchInput!) { addBranch(input: $input) { id } }`,
      {
        input: {
          country_id: NEPAL,
          name: 'Chitwan',
          email: 'chitwan@example.com',
          phone_number: '+977 56 500000',
          address: 'Bharatpur, Chitwan',
          messenger_url: 'https://m.me/horizon.chitwan.example',
        },
      },
      admin,
    );
    expect(added.errors).toEqual([]);
    await renderedAgain('/contact-us', NEPAL);
    await renderedAgain('/about-us', CANADA);
  });

  it('renders every page again when a country changes (a page shows its country’s name and flag)', async () => {
    await kept('/', CANADA);
    await kept('/about-us', NEPAL);
    const renamed = await gql(app, 'mutation { updateCountry(id: 3, name: "Canada (Toronto)") { id } }', {}, admin);
    expect(renamed.errors).toEqual([]);
    await renderedAgain('/', CANADA);
    await renderedAgain('/about-us', NEPAL);
  });

  it("gives a disabled country's visitors the Global site at once", async () => {
    expect((await visit('/about-us', CANADA)).body).toContain('of country 3');
    const disabled = await gql(app, 'mutation { updateCountry(id: 3, is_enabled: DISABLE) { id } }', {}, admin);
    expect(disabled.errors).toEqual([]);
    try {
      const deadline = Date.now() + 3_000;
      while (!(await visit('/about-us', CANADA)).body.includes('of country 1')) {
        if (Date.now() > deadline) throw new Error('the disabled country is still served');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    } finally {
      await gql(app, 'mutation { updateCountry(id: 3, is_enabled: ENABLE) { id } }', {}, admin);
    }
  });

  it('keeps pages out of shared caches unless a CDN tells the country', async () => {
    const { response } = await visit('/about-us');
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers.vary ?? '').not.toMatch(/cf-ipcountry/i);
  });
});

describe('public pages behind a CDN that tells the country', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const config = testConfig({ distDir: standInSite(STAND_IN), cdnCountryHeader: 'cf-ipcountry' });
    app = await buildApp(config, { database: await createTestDatabase() });
  });
  afterAll(() => app?.close());

  it("follows the CDN's country, may be kept by the CDN a minute (then stale while it asks again), keyed by that and the cookie", async () => {
    const nepal = await app.inject({ url: '/about-us', headers: { 'cf-ipcountry': 'NP' } });
    expect(nepal.body).toContain('of country 2');
    expect(nepal.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=600');
    expect(nepal.headers.vary).toMatch(/cf-ipcountry, Cookie/i);
    const elsewhere = await app.inject({ url: '/about-us', headers: { 'cf-ipcountry': 'US' } });
    expect(elsewhere.body).toContain('of country 1');
    const chosen = await app.inject({
      url: '/about-us',
      headers: { 'cf-ipcountry': 'NP', cookie: `site_country=${CANADA}` },
    });
    expect(chosen.body).toContain('of country 3');
    // Not found is this visitor's answer only.
    const missing = await app.inject({ url: '/no-such-page', headers: { 'cf-ipcountry': 'NP' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('private, no-cache');
  });
});

describe('public pages with the page cache turned off (PAGE_CACHE=0)', () => {
  let app: FastifyInstance;
  const renders = () => (globalThis as { pageCacheRenders?: number }).pageCacheRenders ?? 0;
  beforeAll(async () => {
    app = await buildApp(testConfig({ distDir: standInSite(STAND_IN), pageCache: false }), {
      database: await createTestDatabase(),
    });
  });
  afterAll(() => app?.close());

  it('renders every request, with a nonce instead of hashes', async () => {
    const before = renders();
    const first = await app.inject('/about-us');
    const second = await app.inject('/about-us');
    expect(renders() - before).toBe(2);
    expect(second.headers['x-page-cache']).toBeUndefined();
    expect(first.body).toMatch(/<script nonce="[^"]+">/);
  });
});

describe('the log of pages sent from the page cache', () => {
  const { lines, logger } = logCapture();
  let app: FastifyInstance;
  // Counts the request loggers made: one for a request that logs, none for a kept page sent.
  let made = 0;
  // The app is built in a hook: a fresh database can take long on a busy machine.
  beforeAll(async () => {
    app = await buildApp(testConfig({ distDir: standInSite(STAND_IN) }), {
      database: await createTestDatabase(),
      logger,
    });
    const child = app.log.child.bind(app.log);
    app.log.child = (...args: Parameters<typeof child>) => {
      made += 1;
      return child(...args);
    };
  });
  afterAll(() => app?.close());

  it('has no line per kept page sent, and one for every other request', async () => {
    // A visitor who chose a site: no address to look up (a private one logs "Could not find IP").
    const headers = { cookie: `site_country=${NEPAL}` };
    const first = await app.inject({ url: '/about-us', headers });
    const before = made;
    const hit = await app.inject({ url: '/about-us', headers });
    expect(hit.headers['x-page-cache']).toBe('hit');
    expect(made).toBe(before);
    const completed = (response: { headers: Record<string, unknown> }) =>
      lines.filter((line) => line.msg === 'request completed' && line.reqId === response.headers['x-request-id']);
    expect(completed(first)).toHaveLength(1);
    expect(completed(hit)).toHaveLength(0);
  });
});
