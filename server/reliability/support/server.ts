import { E2E_ADMIN, newDataDir, startApp, type RunningApp } from '../../../e2e/support/app.js';

/** The first administrator of every server started here (the browser suite's). */
export const ADMIN = E2E_ADMIN;

/** Every instance of one site shares it (sessions, captcha keys and provider keys derive from it). */
export const SESSION_SECRET = 'reliability-session-secret-0123456789abcdef';

export type RunningServer = RunningApp;

/**
 * Starts the built server as its own process, as production runs it (the browser suite's starter), with the
 * reliability settings; `env` adds to or overrides them (DATABASE_URL, REDIS_URL, …). Its data folder goes with it.
 */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const data = newDataDir();
  const server = await startApp(data.dir, {
    SESSION_SECRET,
    // The captcha in test mode: a proof of work of ~500 hashes, so tests can solve hundreds.
    ALTCHA_MAX_NUMBER: '1000',
    ...env,
  }).catch((error: unknown) => {
    data.remove();
    throw error;
  });
  void server.exited.then(data.remove);
  return server;
}
