import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The first administrator of every server started here. */
export const ADMIN = { email: 'admin@example.com', password: 'reliability admin password' };

/** Every instance of one site shares it (sessions, captcha keys and provider keys derive from it). */
export const SESSION_SECRET = 'reliability-session-secret-0123456789abcdef';

export interface RunningServer {
  url: string;
  output(): string;
  /** True until the process exits. */
  alive(): boolean;
  /** Sends `signal` (SIGTERM by default). */
  signal(signal?: NodeJS.Signals): void;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL if it has not exited after 15 s; resolves with the exit code. */
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

/**
 * Starts the built server (`npm start`'s command) as its own process, as production runs it, on a free port, and
 * waits until `/readyz` answers. `env` adds to or overrides the settings below (DATABASE_URL, REDIS_URL, …).
 */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'consultancy-reliability-'));
  const child = spawn(process.execPath, ['dist/server/src/main.js'], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      SESSION_SECRET,
      // The tests stand in for a proxy in front of the site: their X-Forwarded-For names each visitor.
      TRUST_PROXY: '127.0.0.1',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // The captcha in test mode: a proof of work of ~500 hashes, so tests can solve hundreds.
      ALTCHA_MAX_NUMBER: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      rmSync(dataDir, { recursive: true, force: true });
      resolve(code);
    }),
  );

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited during start-up:\n${output}`);
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not become ready:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    url,
    output: () => output,
    alive: () => child.exitCode === null && child.signalCode === null,
    signal: (signal = 'SIGTERM') => void child.kill(signal),
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        const code = await exited;
        clearTimeout(timer);
        return code;
      }
      return exited;
    },
  };
}
