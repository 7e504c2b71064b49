import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = new URL('..', import.meta.url).pathname;
const floor = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } })
  .engines.node;
const recommended = readFileSync(path.join(root, '.nvmrc'), 'utf8').trim();

/**
 * Runs a command in the project as if on Node.js `version` (`REQUIRED_NODE_FOUND` stands in for the running
 * version). Each command's own work is harmless and short should the check let it through: it then fails the test.
 */
function run(command: string, args: string[], version: string, env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; stderr: string; stdout: string }>((resolve) => {
    execFile(
      command,
      args,
      {
        cwd: root,
        env: { ...process.env, ...env, REQUIRED_NODE_FOUND: version, NODE_ENV: '' },
        timeout: 20_000,
      },
      (error, stdout, stderr) => resolve({ code: error ? ((error.code as number | null) ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('a Node.js older than the engines floor', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'required-node-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it.each([
    // npm ci runs the project's preinstall; --dry-run leaves node_modules as it is.
    ['npm ci', ['ci', '--dry-run', '--no-audit', '--no-fund']],
    // Were the check to let it through: vitest's help, printed at once.
    ['npm test', ['test', '--', '--help']],
    ['npm start', ['start']],
    ['npm run dev', ['run', 'dev']],
  ])('stops %s at once with one line naming the version found, the one needed and how to get it', async (_, args) => {
    const { code, stderr } = await run('npm', args, 'v20.20.2', { DATA_DIR: dataDir, PORT: '0' });
    expect(code).not.toBe(0);
    const lines = stderr.split('\n').filter((line) => line.includes('Node.js'));
    expect(lines).toEqual([
      `Node.js ${floor.replace('>=', '')} or newer is needed, and this is Node.js 20.20.2. Install Node.js ${recommended} ` +
        '(.nvmrc names it: "nvm install", "fnm use --install-if-missing") or get it from https://nodejs.org, then run ' +
        'the command again.',
    ]);
  });

  it('lets the floor itself and newer versions through', async () => {
    for (const version of [`v${floor.replace('>=', '')}.0`, 'v24.0.0', 'v30.1.2']) {
      const { code, stderr } = await run(process.execPath, ['server/required-node.js'], version);
      expect({ version, code, stderr }).toEqual({ version, code: 0, stderr: '' });
    }
  });
});
