import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { buildApp, type AppDependencies } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import type { Database } from '../src/db/database.js';
import { ADMIN } from './auth.js';
import { createTestDatabase } from './database.js';

export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'consultancy-app-test-'));
  const { config } = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(40), NODE_ENV: 'test' });
  return { ...config, seedDemo: false, initialAdmin: ADMIN, ...overrides };
}

/** The real app on a fresh database of its own, without the site (API and HTTP tests need no client build). */
export async function buildTestApp(
  options: {
    config?: Partial<Config>;
    database?: Database;
    logger?: AppDependencies['logger'];
    captcha?: AppDependencies['captcha'];
    redisKeyPrefix?: string;
    terminal?: AppDependencies['terminal'];
  } = {},
): Promise<FastifyInstance> {
  const database = options.database ?? (await createTestDatabase());
  return buildApp(testConfig(options.config), {
    database,
    site: false,
    logger: options.logger,
    captcha: options.captcha,
    redisKeyPrefix: options.redisKeyPrefix,
    terminal: options.terminal,
  });
}

export type LogLine = Record<string, unknown>;

/** The server's log lines as a test can read them: pass `logger` to buildTestApp, then look in `lines`. */
export function logCapture(): { lines: LogLine[]; logger: { level: 'info'; stream: { write(line: string): void } } } {
  const lines: LogLine[] = [];
  return {
    lines,
    logger: { level: 'info', stream: { write: (line) => void lines.push(JSON.parse(line) as LogLine) } },
  };
}

/**
 * Runs `check` on an app of its own whose `countries` table is gone (a real database failure of any read of
 * countries), with its log captured; puts the table back and closes the app afterwards.
 */
export async function withCountriesTableGone(
  check: (app: FastifyInstance, log: LogLine[]) => Promise<void>,
): Promise<void> {
  const { lines, logger } = logCapture();
  const app = await buildTestApp({ logger });
  await sql`ALTER TABLE countries RENAME TO countries_moved`.execute(app.db);
  try {
    await check(app, lines);
  } finally {
    await sql`ALTER TABLE countries_moved RENAME TO countries`.execute(app.db);
    await app.close();
  }
}

/**
 * The detail of that failure is not in the answer `body`; it is in the log line `msg` of the request, with its
 * stack.
 */
export function expectFailureOnlyInLog(body: string, log: LogLine[], requestId: string, msg: string): void {
  expect(body).not.toMatch(/relation|does not exist|countries_moved|\.ts:\d+/);
  const logLine = log.find((line) => line.reqId === requestId && line.msg === msg);
  expect(logLine?.err).toMatchObject({
    message: expect.stringContaining('relation "countries" does not exist') as unknown,
    stack: expect.stringContaining('at ') as unknown,
  });
}
