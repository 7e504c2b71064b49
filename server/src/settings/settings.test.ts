/**
 * Also run on PostgreSQL (decision 056): another instance's change heard through NOTIFY.
 * @module-tag database-engine
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GoLiveCheck, SiteSettingsView } from '../../../shared/site-settings.js';
import { buildTestApp } from '../../test/app.js';
import { createTestDatabase } from '../../test/database.js';
import { staffMember, trpcCall } from '../../test/graphql.js';
import type { Database } from '../db/database.js';
import type { SiteLayout } from '../site/site.service.js';
import { GLOBAL_COUNTRY_ID } from '../../../shared/enums.js';

const DEFAULTS = {
  newsletterFormUrl: null,
  registrationNumbers: null,
  codeOfConductUrl: 'https://www.mara.gov.au/',
  appointmentUrl: 'https://booking.example.com/from-the-environment',
};

const SAVED = {
  newsletterFormUrl: 'https://lists.example.net/subscribe/post?u=1',
  registrationNumbers: 'MARN 1234567, MARN 7654321',
  codeOfConductUrl: 'https://www.mara.gov.au/code-of-conduct/',
  appointmentUrl: '',
};

async function until(check: () => Promise<boolean> | boolean, what: string): Promise<void> {
  const deadline = Date.now() + 3_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('settings staff own: saved in the database, the environment as defaults', () => {
  let database: Database;
  let app: FastifyInstance;
  let admin: Awaited<ReturnType<typeof staffMember>>;
  let editor: Awaited<ReturnType<typeof staffMember>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildTestApp({ database, config: { seedDemo: true, site: DEFAULTS } });
    admin = await staffMember(app, { role: 'ADMIN', name: 'Asha Admin' });
    editor = await staffMember(app, { role: 'EDITOR' });
  });
  afterAll(() => app.close());

  const view = async () => {
    const { data, error } = await trpcCall<SiteSettingsView>(app, 'settings.get', null, { token: admin.token });
    expect(error).toBeUndefined();
    return data!;
  };
  const layoutSettings = async () =>
    (await trpcCall<SiteLayout>(app, 'site.layout', { countryId: GLOBAL_COUNTRY_ID })).data!.settings;
  const formAction = async () => {
    const response = await app.inject({ url: '/healthz' });
    return /form-action ([^;]*)/.exec(String(response.headers['content-security-policy']))![1];
  };

  it("applies the environment's values while nothing is saved", async () => {
    expect(await view()).toEqual({ current: DEFAULTS, defaults: DEFAULTS, saved: null });
    expect(await layoutSettings()).toEqual(DEFAULTS);
    expect(await formAction()).not.toContain('lists.example.net');
  });

  it('lets an ADMIN save them, and the site and its security policy use them at once', async () => {
    const saved = await trpcCall<SiteSettingsView>(app, 'settings.save', SAVED, { token: admin.token, mutation: true });
    expect(saved.error).toBeUndefined();
    const expected = { ...SAVED, appointmentUrl: null };
    expect(saved.data).toMatchObject({ current: expected, defaults: DEFAULTS, saved: { by: 'Asha Admin' } });
    expect(await layoutSettings()).toEqual(expected);
    // The footer's form may now post to the provider.
    expect(await formAction()).toContain('https://lists.example.net');
  });

  it('refuses an EDITOR and bad values, keeping what was saved', async () => {
    const refused = await trpcCall(app, 'settings.save', DEFAULTS, { token: editor.token, mutation: true });
    expect(refused.error?.code).toBe('FORBIDDEN');
    expect((await trpcCall(app, 'settings.get', null, { token: editor.token })).error?.code).toBe('FORBIDDEN');

    const bad = await trpcCall(
      app,
      'settings.save',
      { ...SAVED, newsletterFormUrl: 'http://lists.example.net/', codeOfConductUrl: ' ' },
      { token: admin.token, mutation: true },
    );
    expect(bad.error?.code).toBe('BAD_REQUEST');
    expect(bad.error?.fields).toMatchObject({
      newsletterFormUrl: 'Newsletter form URL must be an https link',
      codeOfConductUrl: 'Code of Conduct link is required',
    });
    expect((await view()).current.newsletterFormUrl).toBe(SAVED.newsletterFormUrl);
  });

  it('hears a change made by another instance, without a restart', async () => {
    // Written past this instance, as another instance would: only the database's notification tells it.
    await database.db.updateTable('site_settings').set({ registration_numbers: 'MARN 0000099' }).execute();
    await until(async () => (await layoutSettings()).registrationNumbers === 'MARN 0000099', 'the change to arrive');
  });

  it('goes back to the environment values on reset', async () => {
    const reset = await trpcCall<SiteSettingsView>(app, 'settings.reset', null, { token: admin.token, mutation: true });
    expect(reset.data).toEqual({ current: DEFAULTS, defaults: DEFAULTS, saved: null });
    expect(await layoutSettings()).toEqual(DEFAULTS);
  });
});

describe('the go-live checklist', () => {
  let app: FastifyInstance;
  let admin: Awaited<ReturnType<typeof staffMember>>;

  beforeAll(async () => {
    app = await buildTestApp({ config: { seedDemo: true, trustProxy: [] } });
    admin = await staffMember(app, { role: 'ADMIN' });
  });
  afterAll(() => app.close());

  const checklist = async () => {
    const { data, error } = await trpcCall<GoLiveCheck[]>(app, 'settings.goLive', null, { token: admin.token });
    expect(error).toBeUndefined();
    return Object.fromEntries(data!.map((check) => [check.id, check]));
  };

  it('lists what a new site lacks, each with what to set and where', async () => {
    const checks = await checklist();
    expect(checks.newsletter).toMatchObject({ ok: false, fix: { to: '/admin/settings', env: 'NEWSLETTER_FORM_URL' } });
    expect(checks.registrationNumbers).toMatchObject({ ok: false, fix: { env: 'MIGRATION_AGENT_NUMBERS' } });
    expect(checks.smtp).toMatchObject({ ok: false, fix: { env: 'SMTP_URL' } });
    expect(checks.publicUrl).toMatchObject({ ok: false, fix: { env: 'PUBLIC_URL' } });
    expect(checks.captcha).toMatchObject({ ok: true });
    expect(checks.proxy).toMatchObject({ ok: true });
    // The demo pictures come with alternative text written for them (the seed's), so none waits for review.
    expect(checks.altText).toMatchObject({
      ok: true,
      detail: 'Every image has alternative text that staff wrote or checked.',
    });
    // The seeded contact strips and branches: example.com addresses, placeholder numbers and messenger pages.
    expect(checks.placeholderContacts!.ok).toBe(false);
    expect(checks.placeholderContacts!.items).toEqual(
      expect.arrayContaining([
        {
          label: 'Header contact info of Australia: australia@example.com, +61 2 9000 0000',
          to: '/admin/headerContactInfos',
        },
        expect.objectContaining({
          label: expect.stringMatching(/^Branch Sydney \(Australia\): sydney@example\.com/) as unknown,
        }),
      ]),
    );
  });

  it('sees an untrusted proxy in front once requests arrive through one', async () => {
    await app.inject({ url: '/healthz', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect((await checklist()).proxy).toMatchObject({ ok: false, fix: { env: 'TRUST_PROXY' } });
  });

  it('ticks items off as they are fixed', async () => {
    await trpcCall(
      app,
      'settings.save',
      { ...SAVED, codeOfConductUrl: 'https://www.mara.gov.au/' },
      { token: admin.token, mutation: true },
    );
    const real = { email: 'hello@horizon-consulting.com.au', phone_number: '+61 2 8123 4567' };
    await app.db.updateTable('header_contact_infos').set(real).execute();
    await app.db
      .updateTable('branches')
      .set({ ...real, messenger_url: 'https://m.me/horizonconsulting' })
      .execute();
    const checks = await checklist();
    expect(checks.newsletter!.ok).toBe(true);
    expect(checks.registrationNumbers).toMatchObject({
      ok: true,
      detail: 'The footer lists MARN 1234567, MARN 7654321.',
    });
    expect(checks.placeholderContacts).toMatchObject({ ok: true });
    expect(checks.placeholderContacts!.items).toBeUndefined();
  });

  it('is for administrators only', async () => {
    const editor = await staffMember(app, { role: 'EDITOR' });
    expect((await trpcCall(app, 'settings.goLive', null, { token: editor.token })).error?.code).toBe('FORBIDDEN');
  });
});

describe('the go-live checklist on a configured server', () => {
  it('passes mail, https and a trusted proxy', async () => {
    const app = await buildTestApp({
      config: {
        publicUrl: 'https://www.horizon-consulting.com.au',
        trustProxy: ['10.0.0.2'],
        mail: { smtpUrl: 'smtp://user:secret@mail.horizon-consulting.com.au:587', from: 'no-reply@example.com' },
      },
    });
    try {
      const admin = await staffMember(app, { role: 'ADMIN' });
      const { data } = await trpcCall<GoLiveCheck[]>(app, 'settings.goLive', null, { token: admin.token });
      const checks = Object.fromEntries(data!.map((check) => [check.id, check]));
      expect(checks.smtp).toMatchObject({
        ok: true,
        detail: 'Mail is sent through mail.horizon-consulting.com.au:587.',
      });
      expect(checks.smtp!.detail).not.toContain('secret');
      expect(checks.publicUrl!.ok).toBe(true);
      expect(checks.proxy).toMatchObject({ ok: true, detail: expect.stringContaining('10.0.0.2') as unknown });
    } finally {
      await app.close();
    }
  });
});
