import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';

/** The first administrator of every app started here. */
export const E2E_ADMIN = { email: 'admin@example.com', password: 'e2e admin password 1' };

export interface RunningApp {
  url: string;
  output: () => string;
  /** True until the process exits. */
  alive(): boolean;
  /** Sends `signal` (SIGTERM by default) without waiting. */
  signal(signal?: NodeJS.Signals): void;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** An empty data folder of its own: the app's first start in it migrates, seeds and makes the first administrator. */
export function newDataDir(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'consultancy-e2e-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A data folder of its own that is a copy of the browser suite's prepared one (e2e/support/global-setup.ts): the app
 * has started in it once, so a start in it is a restart (about 5 s sooner than a first start).
 */
export function preparedDataDir(): { dir: string; remove: () => void } {
  const data = newDataDir();
  cpSync(inject('preparedDataDir'), data.dir, { recursive: true });
  return data;
}

/**
 * Starts the built app (`npm start`'s command) on a free port with the embedded database in `dataDir`; `env` adds to
 * or overrides the settings (a DATABASE_URL, REDIS_URL, …). Resolves once `/readyz` answers.
 */
export async function startApp(dataDir: string, env: Record<string, string> = {}): Promise<RunningApp> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--max-semi-space-size=8', 'dist/server/src/main.js'], {
    env: {
      PATH: process.env.PATH,
      // As `npm start` sets it, with its young-generation limit above (README, "Memory").
      MALLOC_ARENA_MAX: '2',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      // Tests stand in for a proxy in front of the site: their X-Forwarded-For gives the visitor's address.
      TRUST_PROXY: '127.0.0.1',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      // The captcha's proof of work at its smallest: the widget goes through the same steps in a few milliseconds
      // rather than up to seconds of a busy machine's time (its size is the server's setting, tested there).
      ALTCHA_MAX_NUMBER: '1000',
      // Load shedding as the suite sets it (the browser suite turns it off: e2e/vitest.config.ts).
      ...(process.env.MAX_EVENT_LOOP_DELAY_MS === undefined
        ? {}
        : { MAX_EVENT_LOOP_DELAY_MS: process.env.MAX_EVENT_LOOP_DELAY_MS }),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The app exited during start-up:\n${output}`);
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The app did not become ready:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    output: () => output,
    alive: () => child.exitCode === null && child.signalCode === null,
    signal: (signal = 'SIGTERM') => void child.kill(signal),
    exited,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
