import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, logCapture } from '../../test/app.js';
import { ADMIN, sessionToken, signIn } from '../../test/auth.js';
import { createTestDatabase } from '../../test/database.js';
import { staffToken, trpcCall } from '../../test/graphql.js';
import type { Actor } from '../auth/staff-identity.js';
import { hashPassword, verifyPassword } from './password.js';
import { ensureInitialAdmin } from './staff.bootstrap.js';
import { createStaff, findStaffByEmail, listStaff } from './staff.repository.js';
import { setStaffActive, type StaffAccount } from './staff.service.js';

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
  it('is created once, with a generated password printed on the terminal that one time', async () => {
    // Before any first start: no staff account yet.
    const database = await createTestDatabase('migrated');
    const printed: string[] = [];
    const config = {
      initialAdmin: { email: 'boss@example.com', password: undefined },
      identity: { kind: 'embedded' as const },
    };
    await ensureInitialAdmin(database.db, config, { info: () => {} }, (text) => void printed.push(text));
    await ensureInitialAdmin(database.db, config, { info: () => {} }, (text) => void printed.push(text));
    const staff = await listStaff(database.db);
    expect(staff.map((s) => [s.email, s.role, s.is_active])).toEqual([['boss@example.com', 'ADMIN', true]]);
    expect(printed).toHaveLength(1);
    const password = /password (\S+) /.exec(printed[0]!)?.[1];
    const row = await database.db.selectFrom('staff_users').select('password_hash').executeTakeFirstOrThrow();
    await expect(verifyPassword(password!, row.password_hash)).resolves.toBe(true);
    await database.close();
  });

  it('never writes the generated password into the structured log', async () => {
    const capture = logCapture();
    const printed: string[] = [];
    const app = await buildTestApp({
      database: await createTestDatabase('migrated'),
      config: { initialAdmin: { email: 'first@example.com', password: undefined } },
      logger: capture.logger,
      terminal: (text) => void printed.push(text),
    });
    const password = /password (\S+) /.exec(printed.join('\n'))?.[1];
    expect(password).toMatch(/^\S{16,}$/);
    const log = JSON.stringify(capture.lines);
    expect(log).toContain('created the first administrator');
    expect(log).not.toContain(password);
    await app.close();
  });
});

describe('staff accounts (administrators)', () => {
  let app: FastifyInstance;
  let admin: string;
  let editor: string;

  const call = <T = StaffAccount>(path: string, input: unknown, token: string | undefined = admin) =>
    trpcCall<T>(app, `staff.${path}`, input, { token, mutation: path !== 'list' });
  const staffCount = async () => (await listStaff(app.db)).length;
  const passwordHashOf = async (email: string) =>
    (
      await app.db
        .selectFrom('staff_users')
        .select('password_hash')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).password_hash;
  const storedCountries = (staffId: number) =>
    app.db
      .selectFrom('staff_user_countries')
      .select('country_id')
      .where('staff_user_id', '=', staffId)
      .orderBy('country_id')
      .execute()
      .then((rows) => rows.map((row) => row.country_id));
  const nepalEditor = {
    email: 'nepal.editor@example.com',
    name: 'Nepal Editor',
    role: 'EDITOR',
    country_ids: [2, 2],
    password: 'nepal editor password',
  };

  beforeAll(async () => {
    app = await buildTestApp();
    admin = await sessionToken(app, (await signIn(app, ADMIN)).jar);
    editor = await staffToken(app, 'EDITOR', [2]);
  });
  afterAll(() => app.close());

  it('lists every account with its countries, never a password hash; only to administrators', async () => {
    const response = await call<StaffAccount[]>('list', undefined);
    expect(response.error).toBeUndefined();
    const first = response.data!.find((staff) => staff.email === ADMIN.email)!;
    expect(first).toEqual({
      id: expect.any(Number) as number,
      email: ADMIN.email,
      name: 'Administrator',
      role: 'ADMIN',
      is_active: true,
      country_ids: [],
      picture_url: null,
    });
    expect(response.data!.find((staff) => staff.role === 'EDITOR')?.country_ids).toEqual([2]);
    expect(JSON.stringify(response.data)).not.toMatch(/scrypt|password|oidc/);
    expect((await call('list', undefined, editor)).error?.code).toBe('FORBIDDEN');
    expect((await call('list', undefined, '')).error?.code).toBe('UNAUTHORIZED');
  });

  it('adds an EDITOR with countries and an initial password they then sign in with', async () => {
    const response = await call('add', nepalEditor);
    expect(response.error).toBeUndefined();
    expect(response.data).toMatchObject({
      email: nepalEditor.email,
      role: 'EDITOR',
      is_active: true,
      country_ids: [2],
    });
    expect(JSON.stringify(response.data)).not.toContain('scrypt');
    await expect(verifyPassword(nepalEditor.password, await passwordHashOf(nepalEditor.email))).resolves.toBe(true);

    const token = await sessionToken(
      app,
      (await signIn(app, { email: nepalEditor.email, password: nepalEditor.password })).jar,
    );
    const me = await trpcCall<Actor>(app, 'me.get', undefined, { token });
    expect(me.data).toMatchObject({ email: nepalEditor.email, role: 'EDITOR', countryIds: [2] });
  });

  it('keeps no countries and no password for an ADMIN added without one', async () => {
    const response = await call('add', {
      email: 'second.admin@example.com',
      name: 'Second Admin',
      role: 'ADMIN',
      country_ids: [3],
      password: '',
    });
    expect(response.data).toMatchObject({ role: 'ADMIN', country_ids: [] });
    expect(await storedCountries(response.data!.id)).toEqual([]);
    expect(await passwordHashOf('second.admin@example.com')).toBeNull();
  });

  it('refuses invalid accounts with a message on the field, and writes nothing', async () => {
    const before = await staffCount();
    const valid = { ...nepalEditor, email: 'new.person@example.com' };
    const refusals: [object, string, string][] = [
      [{ country_ids: [] }, 'BAD_REQUEST', 'country_ids'],
      [{ password: 'too short' }, 'BAD_REQUEST', 'password'],
      [{ email: 'not an email' }, 'BAD_REQUEST', 'email'],
      [{ name: '  ' }, 'BAD_REQUEST', 'name'],
      [{ role: 'OWNER' }, 'BAD_REQUEST', 'role'],
      [{ country_ids: [99] }, 'BAD_REQUEST', 'country_ids'],
      [{ email: 'NEPAL.Editor@example.com' }, 'CONFLICT', 'email'],
    ];
    for (const [change, code, field] of refusals) {
      const response = await call('add', { ...valid, ...change });
      expect(response.error?.code, JSON.stringify(change)).toBe(code);
      expect(Object.keys(response.error?.fields ?? {}), JSON.stringify(change)).toEqual([field]);
    }
    expect((await call('add', valid, editor)).error?.code).toBe('FORBIDDEN');
    expect(await staffCount()).toBe(before);
  });

  it('changes name, role and countries; an ADMIN keeps none', async () => {
    const { id } = (await findStaffByEmail(app.db, nepalEditor.email))!;
    const edited = await call('update', { id, name: 'Nepal and Canada', role: 'EDITOR', country_ids: [2, 3] });
    expect(edited.data).toMatchObject({ id, name: 'Nepal and Canada', role: 'EDITOR', country_ids: [2, 3] });
    expect(await storedCountries(id)).toEqual([2, 3]);
    expect((await call('update', { id, name: 'X', role: 'EDITOR', country_ids: [] })).error?.fields).toEqual({
      country_ids: 'Choose at least one country for an editor',
    });
    const promoted = await call('update', { id, name: 'Now Admin', role: 'ADMIN', country_ids: [2] });
    expect(promoted.data).toMatchObject({ role: 'ADMIN', country_ids: [] });
    expect(await storedCountries(id)).toEqual([]);
    await call('update', { id, name: 'Nepal Editor', role: 'EDITOR', country_ids: [2] });
    expect((await call('update', { id: 9_999, name: 'X', role: 'ADMIN', country_ids: [] })).error?.code).toBe(
      'NOT_FOUND',
    );
    expect((await call('update', { id, name: 'X', role: 'ADMIN', country_ids: [] }, editor)).error?.code).toBe(
      'FORBIDDEN',
    );
  });

  it('deactivates someone, who is refused at their next call and at sign-in, and reactivates them', async () => {
    const { id } = (await findStaffByEmail(app.db, nepalEditor.email))!;
    const token = await sessionToken(
      app,
      (await signIn(app, { email: nepalEditor.email, password: nepalEditor.password })).jar,
    );
    expect((await trpcCall(app, 'me.get', undefined, { token })).status).toBe(200);

    const off = await call('setActive', { id, is_active: false });
    expect(off.data).toMatchObject({ id, is_active: false, country_ids: [2] });
    const refused = await trpcCall(app, 'me.get', undefined, { token });
    expect(refused.error?.code).toBe('FORBIDDEN');
    await expect(signIn(app, { email: nepalEditor.email, password: nepalEditor.password })).rejects.toThrow();

    expect((await call('setActive', { id, is_active: true })).data).toMatchObject({ is_active: true });
    expect((await trpcCall(app, 'me.get', undefined, { token })).status).toBe(200);
  });

  it('never leaves the site without an active administrator', async () => {
    const self = (await findStaffByEmail(app.db, ADMIN.email))!;
    expect((await call('setActive', { id: self.id, is_active: false })).error).toMatchObject({
      code: 'CONFLICT',
      message: 'You cannot deactivate your own account.',
    });
    // With a second active ADMIN, either may become an editor; the last one may not.
    const second = (await findStaffByEmail(app.db, 'second.admin@example.com'))!;
    const demoted = await call('update', { id: second.id, name: 'Second', role: 'EDITOR', country_ids: [4] });
    expect(demoted.data).toMatchObject({ role: 'EDITOR', country_ids: [4] });
    const last = await call('update', { id: self.id, name: 'Administrator', role: 'EDITOR', country_ids: [2] });
    expect(last.error).toMatchObject({
      code: 'CONFLICT',
      fields: { role: 'The last active administrator must stay an administrator' },
    });
    // An inactive ADMIN does not count.
    const inactive = await createStaff(app.db, {
      email: 'gone@example.com',
      name: 'Gone',
      role: 'ADMIN',
      passwordHash: null,
    });
    await call('setActive', { id: inactive.id, is_active: false });
    expect((await call('update', { id: self.id, name: 'A', role: 'EDITOR', country_ids: [2] })).error?.code).toBe(
      'CONFLICT',
    );
    expect((await findStaffByEmail(app.db, ADMIN.email))?.role).toBe('ADMIN');

    // Another ADMIN can only be the last one when their role comes from the provider's roles claim; still refused.
    const claimAdmin: Actor = {
      staffId: second.id,
      email: second.email,
      name: second.name,
      role: 'ADMIN',
      countryIds: [],
    };
    await expect(setStaffActive(app.db, claimAdmin, { id: self.id, is_active: false })).rejects.toThrow(
      'The last active administrator cannot be deactivated.',
    );
    expect((await findStaffByEmail(app.db, ADMIN.email))?.is_active).toBe(true);
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
    // Four processes, the first creating and migrating a database: a minute on a busy machine.
  }, 180_000);
});
