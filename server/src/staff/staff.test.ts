import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.js';
import { createTestDatabase } from '../../test/database.js';
import { LOGIN_RATE_LIMIT } from '../identity-provider/interaction.routes.js';
import { hashPassword, verifyPassword } from './password.js';
import { ensureInitialAdmin } from './staff.bootstrap.js';
import { listStaff } from './staff.repository.js';

describe('passwords', () => {
  it('verify only the right password, with a fresh salt each time', async () => {
    const first = await hashPassword('a long passphrase');
    const second = await hashPassword('a long passphrase');
    expect(first).not.toBe(second);
    expect(first).toMatch(/^scrypt\$32768\$8\$1\$/);
    await expect(verifyPassword('a long passphrase', first)).resolves.toBe(true);
    await expect(verifyPassword('a long passphrasE', first)).resolves.toBe(false);
    await expect(verifyPassword('anything', null)).resolves.toBe(false);
    await expect(verifyPassword('anything', 'md5$abc')).resolves.toBe(false);
  });
});

describe('the first administrator', () => {
  it('is created once, with a generated password logged only that one time', async () => {
    const database = await createTestDatabase();
    const warnings: string[] = [];
    const log = { warn: (message: string) => void warnings.push(message), info: () => {} };
    const config = {
      initialAdmin: { email: 'boss@example.com', password: undefined },
      identity: { kind: 'embedded' as const },
    };
    await ensureInitialAdmin(database.db, config, log);
    await ensureInitialAdmin(database.db, config, log);
    const staff = await listStaff(database.db);
    expect(staff.map((s) => [s.email, s.role, s.is_active])).toEqual([['boss@example.com', 'ADMIN', true]]);
    expect(warnings).toHaveLength(1);
    const password = /password (\S+) /.exec(warnings[0]!)?.[1];
    const row = await database.db.selectFrom('staff_users').select('password_hash').executeTakeFirstOrThrow();
    await expect(verifyPassword(password!, row.password_hash)).resolves.toBe(true);
    await database.close();
  });
});

describe('the sign-in form', () => {
  let app: FastifyInstance;
  afterAll(() => app?.close());

  it('is rate-limited against password guessing', async () => {
    app = await buildTestApp();
    const login = await app.inject('/api/auth/login');
    const authorize = await app.inject({
      url: new URL(login.headers.location!).pathname + new URL(login.headers.location!).search,
    });
    const interaction = new URL(authorize.headers.location!, 'http://x').pathname;
    const attempt = () =>
      app.inject({
        method: 'POST',
        url: `${interaction}/login`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'email=admin%40example.com&password=guess',
      });
    for (let i = 0; i < LOGIN_RATE_LIMIT.max; i++) expect((await attempt()).statusCode).not.toBe(429);
    const blocked = await attempt();
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json()).toMatchObject({ message: expect.stringContaining('Too many sign-in attempts') as unknown });
  });
});

describe('npm run staff', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'consultancy-staff-cli-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const staffCli = async (args: string[], password?: string) => {
    const env = {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      ...(password ? { STAFF_PASSWORD: password } : {}),
    };
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'server/src/staff/staff-cli.ts', ...args],
      { env },
    );
    return stdout;
  };

  it('adds, lists, changes passwords and disables staff accounts', async () => {
    expect(
      await staffCli(['add', 'editor@example.com', 'Nepal Editor', 'EDITOR', '2'], 'editor password 123'),
    ).toContain('Added editor@example.com (EDITOR)');
    expect(await staffCli(['passwd', 'editor@example.com'], 'another password 456')).toContain('Password changed');
    expect(await staffCli(['disable', 'editor@example.com'])).toContain('Disabled');
    const list = await staffCli(['list']);
    expect(list).toMatch(/editor@example\.com\tNepal Editor\tEDITOR\tdisabled\t2/);
  }, 60_000);
});
