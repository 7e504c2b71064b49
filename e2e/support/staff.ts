import type { Browser } from 'playwright-core';
import { E2E_ADMIN, type RunningApp } from './app.js';

/**
 * Signs the e2e administrator in through the browser (the embedded provider's login page) and returns the API
 * access token the admin area would use, for tests that change or check content through the API.
 */
export async function adminToken(browser: Browser, app: RunningApp): Promise<string> {
  const context = await signedInContext(browser, app);
  try {
    const page = await context.newPage();
    await page.goto(`${app.url}/admin`);
    const session = await page.evaluate(async () => {
      const response = await fetch('/api/my/session');
      return (await response.json()) as { token?: string };
    });
    if (!session.token) throw new Error('No access token after signing in');
    return session.token;
  } finally {
    await context.close();
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

/** A browser context signed in as the e2e administrator (through the embedded provider's login page). */
export async function signedInContext(browser: Browser, app: RunningApp, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(`${app.url}/admin`);
  await page.getByLabel('E-mail').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${app.url}/admin`);
  await page.close();
  return context;
}
