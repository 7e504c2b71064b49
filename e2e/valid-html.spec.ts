import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_PAGES } from '../shared/site-pages.js';
import { PAGES_LEFT_OUT, type SeedCountryName } from '../server/src/seed/seed-data.js';
import { SITE_COUNTRY_COOKIE } from '../shared/site-country.js';
import { E2E_ADMIN, preparedDataDir, startApp, type RunningApp } from './support/app.js';

/** The W3C Nu HTML Checker, as the `vnu-jar` package ships it (run with the machine's Java, 11 or later). */
const VNU_JAR = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

/** A document with a known error: proof that the checker ran and reported, so silence means valid pages. */
const CANARY = '<!doctype html><html lang="en"><title>canary</title><ul><li role="status">x</li></ul></html>';

/** The pages checked again at each country's own address: its home, a service page, the blog, contact and booking. */
const PREFIXED_PATHS = ['/', '/visa/student', '/blog', '/contact-us', '/book-an-appointment'];

interface Page {
  /** Where it came from, as a failure names it. */
  name: string;
  html: string;
}

interface CheckerMessage {
  url: string;
  message: string;
  lastLine?: number;
  firstColumn?: number;
  extract?: string;
}

/**
 * The server-rendered HTML of every public route for every country site (and the not-found page), the staff area's
 * shell and the embedded provider's sign-in pages, checked by the Nu HTML Checker in one run (one JVM start, about
 * two seconds): no errors allowed (decision 032). Warnings are not failures.
 */
describe('valid HTML', () => {
  const data = preparedDataDir();
  let app: RunningApp;

  beforeAll(async () => {
    app = await startApp(data.dir);
  });
  afterAll(async () => {
    await app?.stop();
    data.remove();
  });

  /** A page's HTML, after checking that it is the page asked for (not an error page with other markup). */
  async function fetched(name: string, url: string, init: RequestInit, status = 200): Promise<Page> {
    const response = await fetch(url, init);
    expect(response.status, `${name}: status`).toBe(status);
    return { name, html: await response.text() };
  }

  async function publicPages(): Promise<Page[]> {
    const countries = (
      (await (await fetch(`${app.url}/api/trpc/site.countries`)).json()) as {
        result: { data: { id: number; name: string; code: string | null }[] };
      }
    ).result.data;
    expect(countries.length).toBeGreaterThan(1);
    // The countries side by side: the server renders one while the database answers another.
    const perCountry = countries.map(async (country) => {
      const init = { headers: { cookie: `${SITE_COUNTRY_COOKIE}=${country.id}` } };
      const pages: Page[] = [];
      // A page the country's site starts without answers 404 there (its own markup, checked too).
      const leftOut = new Set<string>(PAGES_LEFT_OUT[country.name as SeedCountryName] ?? []);
      for (const { path, name } of SITE_PAGES) {
        pages.push(await fetched(`${country.name} ${path}`, app.url + path, init, leftOut.has(name) ? 404 : 200));
      }
      pages.push(await fetched(`${country.name} not found`, `${app.url}/no-such-page`, init, 404));
      // At the country's own address (decision 066), with no cookie: its head names the other sites' versions.
      if (country.code) {
        for (const path of PREFIXED_PATHS) {
          const address = `/${country.code}${path === '/' ? '' : path}`;
          pages.push(await fetched(`${country.name} ${address}`, app.url + address, {}));
        }
      }
      return pages;
    });
    return (await Promise.all(perCountry)).flat();
  }

  /** The staff area's shell and the provider's pages: sign-in, a failed sign-in, an expired one, sign-out. */
  async function signInPages(): Promise<Page[]> {
    const cookies = new Map<string, string>();
    const withCookies = (init: RequestInit = {}): RequestInit => ({
      ...init,
      redirect: 'manual',
      headers: { ...init.headers, cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    // Follows the sign-in redirects (our relying party → the provider → its login page) as a browser would.
    let url = `${app.url}/api/auth/login?returnTo=/admin`;
    let response: Response;
    for (;;) {
      response = await fetch(url, withCookies());
      for (const cookie of response.headers.getSetCookie()) {
        const [pair = ''] = cookie.split(';');
        cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
      }
      const location = response.headers.get('location');
      if (!location) break;
      url = new URL(location, url).href;
    }
    expect(response.status, 'the sign-in page').toBe(200);
    const login = { name: 'sign-in', html: await response.text() };
    const action = /<form method="post" action="([^"]+)"/.exec(login.html)?.[1];
    expect(action, 'the sign-in form').toBeDefined();
    const body = new URLSearchParams({ email: E2E_ADMIN.email, password: 'not the password' });
    return [
      await fetched('staff area shell', `${app.url}/admin`, {}),
      login,
      await fetched('failed sign-in', new URL(action!, url).href, withCookies({ method: 'POST', body }), 401),
      await fetched('expired sign-in', `${app.url}/auth/interaction/expired`, {}, 400),
      await fetched('sign-out', `${app.url}/api/auth/logout`, {}),
    ];
  }

  it('has no errors on any public page or sign-in page', async () => {
    const pages = [...(await publicPages()), ...(await signInPages()), { name: 'canary', html: CANARY }];
    const dir = mkdtempSync(path.join(tmpdir(), 'valid-html-'));
    try {
      const files = pages.map((page, index) => {
        const file = path.join(dir, `${index}.html`);
        writeFileSync(file, page.html);
        return file;
      });
      const messages = await nuHtmlChecker(files);
      const nameOf = (url: string) => pages[Number(path.basename(new URL(url).pathname, '.html'))]!.name;
      // Errors only were asked for: anything reported fails, a file the checker could not read too.
      const errors = messages.map((error) => {
        const at = `${nameOf(error.url)}:${error.lastLine ?? '?'}:${error.firstColumn ?? '?'}`;
        return `${at} ${error.message}${error.extract ? `\n    ${error.extract.replace(/\s+/g, ' ')}` : ''}`;
      });
      const isCanary = (error: string) => error.startsWith('canary:');
      expect(errors.filter(isCanary).length, 'the checker reports a known error').toBeGreaterThan(0);
      expect(errors.filter((error) => !isCanary(error))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/**
 * Runs the checker over the files at once; its JSON report, errors only. A short run gains nothing from Java's
 * optimising compiler, which on a busy two-core machine made it three times slower (6–7 s → 2 s for 70 pages); the
 * simpler compiler's deeper stack frames need a larger thread stack. Language detection only ever warns.
 */
function nuHtmlChecker(files: string[]): Promise<CheckerMessage[]> {
  const args = [
    ...['-Xss8m', '-XX:TieredStopAtLevel=1', '-jar', VNU_JAR],
    ...['--format', 'json', '--errors-only', '--no-langdetect', '--stdout', '--exit-zero-always', ...files],
  ];
  return new Promise((resolve, reject) => {
    execFile('java', args, { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if ((error as NodeJS.ErrnoException | null)?.code === 'ENOENT') {
        reject(new Error('The HTML check needs Java 11 or later: "java" was not found on the PATH.'));
      } else if (error) {
        reject(new Error(`The HTML checker failed: ${error.message}\n${stderr}`));
      } else {
        resolve((JSON.parse(stdout) as { messages: CheckerMessage[] }).messages);
      }
    });
  });
}
