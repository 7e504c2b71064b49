import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import type { Config } from '../src/config.js';
import { testConfig } from './app.js';
import { createTestDatabase } from './database.js';

/**
 * The real app with the site, without a client build: a stand-in `dist/` whose server renderer re-exports
 * client/src/entry-server.tsx (Vitest compiles it like any test import) and whose template is client/index.html.
 * The HTML is the real server-side render; only the browser assets are missing. The first render takes a few
 * seconds (compiling the client).
 */
export async function buildTestSiteApp(options: { config?: Partial<Config> } = {}): Promise<FastifyInstance> {
  const distDir = mkdtempSync(path.join(tmpdir(), 'consultancy-site-test-'));
  mkdirSync(path.join(distDir, 'client'));
  mkdirSync(path.join(distDir, 'ssr'));
  copyFileSync(path.resolve('client/index.html'), path.join(distDir, 'client', 'index.html'));
  // No chunks: the pages link nothing of their own.
  mkdirSync(path.join(distDir, 'client', '.vite'));
  writeFileSync(path.join(distDir, 'client', '.vite', 'manifest.json'), '{}');
  writeFileSync(
    path.join(distDir, 'ssr', 'entry-server.js'),
    `export { render } from ${JSON.stringify(path.resolve('client/src/entry-server.tsx'))};\n`,
  );
  // Compiled here, before the app starts: on a busy machine compiling the client can outlast Fastify's 10 s for a
  // plugin (the site's renderer imports it as it registers).
  await import(path.resolve('client/src/entry-server.tsx'));
  return buildApp(testConfig({ distDir, ...options.config }), { database: await createTestDatabase() });
}
