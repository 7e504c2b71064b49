import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { staffScreen } from './admin.js';
import { E2E_ADMIN, preparedDataDir, startApp, type RunningApp } from './app.js';
import { launchBrowser } from './browser.js';

/**
 * Signs the e2e administrator in through the browser (the embedded provider's login page) and returns the API
 * access token the admin area would use, for tests that change or check content through the API.
 */
export async function adminToken(browser: Browser, app: RunningApp): Promise<string> {
  const context = await signedInContext(browser, app);
  try {
    return await sessionTokenOf(context, app);
  } finally {
    await context.close();
  }
}

/** The API access token of a signed-in browser context, as the admin area gets it (GET /api/my/session). */
export async function sessionTokenOf(context: BrowserContext, app: RunningApp): Promise<string> {
  const page = await context.newPage();
  try {
    await page.goto(`${app.url}/admin`);
    const session = await page.evaluate(async () => {
      const response = await fetch('/api/my/session');
      return (await response.json()) as { token?: string };
    });
    if (!session.token) throw new Error('No access token after signing in');
    return session.token;
  } finally {
    await page.close();
  }
}

/** A GraphQL call to the running app; throws on errors so a test never passes on a failed change. */
export async function graphql<T>(app: RunningApp, token: string, query: string, variables: object = {}): Promise<T> {
  const response = await fetch(`${app.url}/api/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (body.errors?.length) throw new Error(`GraphQL error: ${body.errors.map((e) => e.message).join('; ')}`);
  return body.data!;
}

/**
 * A tRPC call to the running app as the admin area makes it, for what GraphQL does not offer (staff accounts, page
 * text). Answers the status and the data or the error, so tests can check refusals too.
 */
export async function trpc<T>(
  app: RunningApp,
  token: string,
  path: string,
  input: unknown,
  kind: 'query' | 'mutation' = 'query',
): Promise<{ status: number; data?: T; error?: { message: string } }> {
  const headers = { authorization: `Bearer ${token}` };
  const response =
    kind === 'query'
      ? await fetch(`${app.url}/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input ?? null))}`, {
          headers,
        })
      : await fetch(`${app.url}/api/trpc/${path}`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(input),
        });
  const body = (await response.json()) as { result?: { data: T }; error?: { message: string } };
  return { status: response.status, data: body.result?.data, error: body.error };
}

/**
 * A browser context signed in through the embedded provider's login page: as the e2e administrator, or as the
 * staff member whose `credentials` are given.
 */
export async function signedInContext(
  browser: Browser,
  app: RunningApp,
  viewport = { width: 1280, height: 900 },
  credentials: { email: string; password: string } = E2E_ADMIN,
) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(`${app.url}/admin`);
  await page.getByLabel('E-mail').fill(credentials.email);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${app.url}/admin`);
  await page.close();
  return context;
}

/** What a staff-area spec works with: the app on a fresh data dir, Chromium, and the e2e administrator signed in. */
export interface StaffSession {
  app: RunningApp;
  browser: Browser;
  /** The administrator's API access token. */
  token: string;
  /** Country ids by name. */
  countries: Map<string, number>;
  /** Signed in as the administrator, with `page` open in it. */
  context: BrowserContext;
  page: Page;
  /** The steps of a staff screen on `page` (its add and edit dialogs, shared delete, add to another country). */
  screen: ReturnType<typeof staffScreen>;
}

/**
 * The staff-area specs' common set-up: `start()` in `beforeAll`, `close()` in `afterAll`. `close()` tears down
 * whatever `start()` got to, so a start-up that failed or timed out half-way leaves no app process or data dir.
 */
export function staffSession(): { start(env?: Record<string, string>): Promise<StaffSession>; close(): Promise<void> } {
  let data: ReturnType<typeof preparedDataDir> | undefined;
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  return {
    /** `env` adds to the app's settings (an SMTP server, a reply address). */
    async start(env = {}) {
      data = preparedDataDir();
      app = await startApp(data.dir, env);
      browser = await launchBrowser();
      const token = await adminToken(browser, app);
      const { getCountries } = await graphql<{ getCountries: { id: number; name: string }[] }>(
        app,
        token,
        'query { getCountries { id name } }',
      );
      const countries = new Map(getCountries.map((country) => [country.name, country.id]));
      context = await signedInContext(browser, app);
      const page = await context.newPage();
      return { app, browser, token, countries, context, page, screen: staffScreen(page) };
    },
    async close() {
      // Every step runs even if one fails: a browser that will not close must not leave the app running.
      const errors: unknown[] = [];
      for (const step of [() => context?.close(), () => browser?.close(), () => app?.stop(), () => data?.remove()]) {
        try {
          await step();
        } catch (error) {
          errors.push(error);
        }
      }
      if (errors.length > 0) throw errors[0];
    },
  };
}

/**
 * `staffSession()` for a describe block: started before its tests, closed after them. Its fields are filled once the
 * block starts, so read them inside tests and hooks.
 */
export function useStaffSession(): StaffSession {
  const session = staffSession();
  const started = {} as StaffSession;
  beforeAll(async () => {
    Object.assign(started, await session.start());
  });
  afterAll(() => session.close());
  return started;
}
