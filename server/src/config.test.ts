import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'consultancy-config-'));

describe('loadConfig', () => {
  it('fills in safe defaults', () => {
    const { config } = loadConfig({ DATA_DIR: tempDir() });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.trustProxy).toEqual([]);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.seedDemo).toBe(true);
  });

  it('generates a session secret once, keeps it in DATA_DIR and warns about it', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(first.config.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.config.sessionSecret).toBe(first.config.sessionSecret);
    expect(readFileSync(path.join(dataDir, 'session-secret'), 'utf8').trim()).toBe(first.config.sessionSecret);
    expect(statSync(path.join(dataDir, 'session-secret')).mode & 0o777).toBe(0o600);
    expect(first.warnings.join('\n')).toContain('SESSION_SECRET is not set');
  });

  it('uses a given session secret without touching DATA_DIR', () => {
    const { config, warnings } = loadConfig({ DATA_DIR: tempDir(), SESSION_SECRET: 's'.repeat(32) });
    expect(config.sessionSecret).toBe('s'.repeat(32));
    expect(warnings).toEqual([]);
  });

  it('accepts proxy addresses and CIDR ranges', () => {
    const { config } = loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' });
    expect(config.trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1', '::1']);
  });

  it.each([
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ PORT: 'abc' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ PUBLIC_URL: 'ftp://example.com' }, 'PUBLIC_URL'],
  ])('rejects %o with a message naming %s', (env, name) => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...env })).toThrow(name);
  });

  it("reads the public site's links and registration numbers, refusing a newsletter form that is not https", () => {
    const defaults = loadConfig({ DATA_DIR: tempDir() }).config.site;
    expect(defaults).toEqual({
      newsletterFormUrl: null,
      registrationNumbers: null,
      codeOfConductUrl: 'https://www.mara.gov.au/',
      appointmentUrl: null,
    });
    const { site } = loadConfig({
      DATA_DIR: tempDir(),
      NEWSLETTER_FORM_URL: 'https://lists.example.com/subscribe?u=1',
      MIGRATION_AGENT_NUMBERS: 'MARN 0000001',
      APPOINTMENT_URL: 'https://booking.example.com/consultancy',
    }).config;
    expect(site.newsletterFormUrl).toBe('https://lists.example.com/subscribe?u=1');
    expect(site.registrationNumbers).toBe('MARN 0000001');
    expect(site.appointmentUrl).toBe('https://booking.example.com/consultancy');
    expect(() => loadConfig({ DATA_DIR: tempDir(), NEWSLETTER_FORM_URL: 'http://lists.example.com/' })).toThrow(
      'NEWSLETTER_FORM_URL',
    );
  });

  it('turns demo content off for a real database unless asked', () => {
    const url = 'postgres://postgres@127.0.0.1:5432/app';
    expect(loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: url }).config.seedDemo).toBe(false);
    expect(loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: url, SEED_DEMO: '1' }).config.seedDemo).toBe(true);
  });

  it('reads the CORS allow-list as normalised origins, none by default, and refuses anything but an origin', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).config.corsOrigins).toEqual([]);
    const { config } = loadConfig({
      DATA_DIR: tempDir(),
      CORS_ORIGINS: 'https://Partner.Example, http://localhost:8080,https://partner.example:443/,',
    });
    expect(config.corsOrigins).toEqual(['https://partner.example', 'http://localhost:8080']);
    for (const value of ['*', 'null', 'partner.example', 'ftp://partner.example', 'https://partner.example/api']) {
      expect(() => loadConfig({ DATA_DIR: tempDir(), CORS_ORIGINS: value }), value).toThrow('CORS_ORIGINS');
    }
  });

  it('reads Redis and the captcha difficulty, refusing what cannot be right', () => {
    const defaults = loadConfig({ DATA_DIR: tempDir() }).config;
    expect(defaults.redisUrl).toBeUndefined();
    expect(defaults.captcha).toEqual({ kind: 'altcha', maxNumber: 100_000 });
    const { config } = loadConfig({
      DATA_DIR: tempDir(),
      REDIS_URL: 'redis://127.0.0.1:6379',
      ALTCHA_MAX_NUMBER: '5000',
    });
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379');
    expect(config.captcha).toEqual({ kind: 'altcha', maxNumber: 5000 });
    expect(() => loadConfig({ DATA_DIR: tempDir(), REDIS_URL: 'http://127.0.0.1:6379' })).toThrow('REDIS_URL');
    expect(() => loadConfig({ DATA_DIR: tempDir(), ALTCHA_MAX_NUMBER: '10' })).toThrow('ALTCHA_MAX_NUMBER');
  });

  it('reads the per-form hourly limit, the business time zone and the lead retention, refusing nonsense', () => {
    const defaults = loadConfig({ DATA_DIR: tempDir() }).config;
    expect(defaults.rateLimits.enquiries).toEqual({ max: 60, windowSeconds: 3600 });
    expect(defaults.leads.retentionMonths).toBe(24);
    expect(defaults.activityRetentionMonths).toBe(36);
    const { config } = loadConfig({
      DATA_DIR: tempDir(),
      FORM_SUBMISSIONS_PER_HOUR: '200',
      TIME_ZONE: 'Asia/Kathmandu',
      LEAD_RETENTION_MONTHS: '36',
      ACTIVITY_RETENTION_MONTHS: '60',
    });
    expect([
      config.rateLimits.enquiries.max,
      config.rateLimits.appointments.max,
      config.rateLimits.oshcRequests.max,
    ]).toEqual([200, 200, 200]);
    expect(config.rateLimits.signIn).toEqual(defaults.rateLimits.signIn);
    expect(config.leads).toEqual({ timeZone: 'Asia/Kathmandu', retentionMonths: 36 });
    expect(config.activityRetentionMonths).toBe(60);
    expect(() => loadConfig({ DATA_DIR: tempDir(), FORM_SUBMISSIONS_PER_HOUR: '0' })).toThrow(
      'FORM_SUBMISSIONS_PER_HOUR',
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), TIME_ZONE: 'Mars/Olympus' })).toThrow('TIME_ZONE');
    // Answers come back into the lead (decision 053) with an address and a long enough secret, both or neither.
    const inbound = { REPLY_ADDRESS: 'replies@in.example.com', INBOUND_MAIL_SECRET: 's'.repeat(32) };
    expect(loadConfig({ DATA_DIR: tempDir(), ...inbound }).config.leads.inbound).toEqual({
      address: 'replies@in.example.com',
      secret: 's'.repeat(32),
    });
    expect(() => loadConfig({ DATA_DIR: tempDir(), REPLY_ADDRESS: inbound.REPLY_ADDRESS })).toThrow(
      'REPLY_ADDRESS and INBOUND_MAIL_SECRET must be set together',
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...inbound, INBOUND_MAIL_SECRET: 'short' })).toThrow(
      'INBOUND_MAIL_SECRET',
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...inbound, REPLY_ADDRESS: 'replies' })).toThrow('REPLY_ADDRESS');
    // The receiving server whose verdicts prove a staff member's mail (decision 062).
    const verdicts = { ...inbound, INBOUND_MAIL_AUTHSERV_ID: 'mx.google.com' };
    expect(loadConfig({ DATA_DIR: tempDir(), ...verdicts }).config.leads.inbound?.authservId).toBe('mx.google.com');
    expect(() =>
      loadConfig({ DATA_DIR: tempDir(), ...inbound, INBOUND_MAIL_AUTHSERV_ID: 'mx google; dmarc=pass' }),
    ).toThrow('INBOUND_MAIL_AUTHSERV_ID');
    // The provider's rate (decision 061).
    expect(loadConfig({ DATA_DIR: tempDir(), MAIL_SEND_RATE: '14' }).config.mail.sendRate).toBe(14);
    expect(() => loadConfig({ DATA_DIR: tempDir(), MAIL_SEND_RATE: '0' })).toThrow('MAIL_SEND_RATE');
    expect(() => loadConfig({ DATA_DIR: tempDir(), LEAD_RETENTION_MONTHS: 'soon' })).toThrow('LEAD_RETENTION_MONTHS');
    expect(() => loadConfig({ DATA_DIR: tempDir(), ACTIVITY_RETENTION_MONTHS: '0' })).toThrow(
      'ACTIVITY_RETENTION_MONTHS',
    );
  });

  it('drops a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), PUBLIC_URL: 'https://example.com/' }).config.publicUrl).toBe(
      'https://example.com',
    );
  });
});
