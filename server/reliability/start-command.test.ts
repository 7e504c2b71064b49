import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, afterEach, describe, expect, it, onTestFailed } from 'vitest';
import { freePort, newDataDir } from '../../e2e/support/app.js';
import { createDatabase, type TestDatabase } from './support/postgres.js';

/** Is a process with this id still there? (signal 0 only checks) */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(condition: () => boolean | Promise<boolean>, what: string, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * `npm start` exactly as a newcomer runs it (through npm, not `node` directly): the server runs in production mode
 * whatever NODE_ENV the shell has, says where it is and its process id, and stops when either that id or the npm
 * process is sent SIGTERM (a process manager stops what it started: npm).
 */
describe('npm start', () => {
  let database: TestDatabase | undefined;
  let npm: ChildProcess | undefined;
  const data = newDataDir();
  afterEach(async () => {
    if (npm?.exitCode === null) npm.kill('SIGKILL');
    await database?.drop();
  });
  afterAll(() => data.remove());

  async function start(): Promise<{
    url: string;
    serverPid: number;
    output: () => string;
    exited: Promise<number | null>;
  }> {
    database = await createDatabase();
    const port = await freePort();
    npm = spawn('npm', ['start'], {
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: data.dir,
        DATABASE_URL: database.url(),
        // What a shell left over from development might hold: the start path must not take it.
        NODE_ENV: 'development',
        ADMIN_PASSWORD: 'start command admin password',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    npm.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    npm.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => npm!.once('exit', (code) => resolve(code)));
    onTestFailed(() => console.log(output.slice(-6000)));
    await until(() => output.includes('Site ready'), 'the "Site ready" line');
    const ready = output
      .split('\n')
      .filter((line) => line.includes('Site ready'))
      .map((line) => JSON.parse(line) as { mode: string; pid: number; msg: string })[0]!;
    expect(ready.mode).toBe('production');
    expect(ready.msg).toContain(`kill ${ready.pid}`);
    expect(ready.pid).not.toBe(npm.pid);
    return { url: `http://127.0.0.1:${port}`, serverPid: ready.pid, output: () => output, exited };
  }

  it('serves pages rendered by the production build and stops on SIGTERM to the printed process id', async () => {
    const { url, serverPid, exited } = await start();
    const home = await fetch(`${url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<div id="root">');
    process.kill(serverPid, 'SIGTERM');
    await expect(exited).resolves.toBe(0);
    expect(running(serverPid)).toBe(false);
  });

  it('stops the server when npm itself is sent SIGTERM', async () => {
    const { serverPid, exited } = await start();
    npm!.kill('SIGTERM');
    await exited;
    await until(() => !running(serverPid), 'the server process to exit', 15_000);
  });
});
