/**
 * Also run on PostgreSQL (decision 056): deliveries through the job queue, retries.
 * @module-tag database-engine
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFormsTestApp, CONTACT_US, enquiryInput } from '../../test/forms.js';
import { gql, staffMember, trpcCall } from '../../test/graphql.js';
import { jobsDone } from '../../test/jobs.js';
import { JOB_SCHEMA } from '../jobs/job-queue.js';

/** A webhook receiver on a local port: records what arrives, answers with the next status given (then 200). */
async function startReceiver() {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const statuses: number[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.statusCode = statuses.shift() ?? 200;
      response.end('ok');
    });
  });
  let connections = 0;
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/leads`,
    received,
    statuses,
    /** Connections opened to it, whatever came of them. */
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const SECRET = 'a-webhook-secret-of-enough-length';

describe('webhooks: new leads POSTed, signed, to the country’s receiver', () => {
  let app: FastifyInstance;
  let admin: Awaited<ReturnType<typeof staffMember>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  const deliveries = () =>
    app.db
      .selectFrom('webhook_deliveries')
      .select(['delivery_id', 'status', 'attempts', 'last_status_code', 'lead_id'])
      .orderBy('id')
      .execute();

  async function sendEnquiry(overrides: Record<string, unknown> = {}) {
    const sent = await gql(app, CONTACT_US, { input: await enquiryInput(app, overrides) });
    expect(sent.errors).toEqual([]);
  }

  beforeAll(async () => {
    app = await buildFormsTestApp();
    admin = await staffMember(app, { role: 'ADMIN' });
    receiver = await startReceiver();
    // Retries a second apart, not 30 s (the queue's real backoff is for receivers down for hours).
    await sql`update ${sql.table(`${JOB_SCHEMA}.queue`)} set retry_delay = 1, retry_backoff = false
      where name = 'deliver-webhook'`.execute(app.db);
  });
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
  });

  it('is set by an ADMIN only, needs a secret the first time, and never shows the secret again', async () => {
    const editor = await staffMember(app, { role: 'EDITOR', countryIds: [2] });
    const input = { country_id: 2, url: receiver.url, secret: SECRET, is_enabled: true };
    const refused = await trpcCall(app, 'webhooks.set', input, { token: editor.token, mutation: true });
    expect(refused.error?.code).toBe('FORBIDDEN');
    const noSecret = await trpcCall(
      app,
      'webhooks.set',
      { ...input, secret: null },
      { token: admin.token, mutation: true },
    );
    expect(noSecret.error?.fields).toEqual({ secret: 'Secret is required for a new webhook' });
    const notALink = await trpcCall(
      app,
      'webhooks.set',
      { ...input, url: 'javascript:alert(1)' },
      { token: admin.token, mutation: true },
    );
    expect(notALink.error?.fields).toEqual({ url: 'URL must be an http(s) link' });
    // Plain http only to a loopback receiver, and only because this site runs on localhost (decision 064).

    expect((await trpcCall(app, 'webhooks.set', input, { token: admin.token, mutation: true })).error).toBeUndefined();
    // Changing the URL later keeps the secret.
    const again = await trpcCall(
      app,
      'webhooks.set',
      { ...input, secret: null },
      { token: admin.token, mutation: true },
    );
    expect(again.error).toBeUndefined();
    const listed = await trpcCall<{ country_name: string; url: string | null; secret_hint: string | null }[]>(
      app,
      'webhooks.list',
      null,
      { token: admin.token },
    );
    expect(listed.data!.find((row) => row.country_name === 'Nepal')).toMatchObject({
      url: receiver.url,
      secret_hint: '…ngth',
    });
    expect(JSON.stringify(listed.data)).not.toContain(SECRET);
  });

  it('POSTs each new lead once, with a delivery id and a signature the receiver can check', async () => {
    await sendEnquiry({
      first_name: 'Hooked',
      message: 'Signed <and> sealed',
      came_from: { utm_source: 'facebook', utm_medium: 'cpc', utm_campaign: 'Open-Day', form_page: '/contact-us' },
    });
    await expect.poll(() => receiver.received.length, { timeout: 20_000, interval: 200 }).toBe(1);
    const [{ headers, body }] = receiver.received as [(typeof receiver.received)[number]];
    const timestamp = headers['x-webhook-timestamp'] as string;
    const expected = `sha256=${createHmac('sha256', SECRET).update(`${timestamp}.${body}`).digest('hex')}`;
    expect(headers['x-webhook-signature']).toBe(expected);
    expect(headers['content-type']).toBe('application/json');
    const payload = JSON.parse(body) as {
      event: string;
      delivery_id: string;
      lead: Record<string, unknown> & { submission: Record<string, string> };
    };
    expect(payload.event).toBe('lead.created');
    expect(payload.delivery_id).toBe(headers['x-webhook-id']);
    expect(payload.lead).toMatchObject({
      kind: 'CONTACT_US',
      status: 'NEW',
      country: { id: 2, name: 'Nepal' },
      branch: { id: 2, name: 'Kathmandu' },
      first_name: 'Hooked',
      message: 'Signed <and> sealed',
      service: 'EDUCATION',
    });
    expect(payload.lead.submission.Message).toBe('Signed <and> sealed');
    // Where the visitor came from, for the CRM's reports.
    expect(payload.lead.came_from).toEqual({
      utm_source: 'facebook',
      utm_medium: 'cpc',
      utm_campaign: 'open-day',
      referrer: null,
      landing_page: null,
      form_page: '/contact-us',
      channel: 'PAID',
    });
    await expect.poll(async () => (await deliveries()).at(-1)?.status, { timeout: 5_000 }).toBe('DELIVERED');
    expect((await deliveries()).at(-1)).toMatchObject({ attempts: 1, last_status_code: 200 });
    // Another country's lead, which has no webhook, is not sent anywhere.
    await sendEnquiry({ branch_id: 1 });
    await jobsDone(app.db, 'deliver-webhook');
    expect(receiver.received).toHaveLength(1);
  });

  it('retries a receiver that fails, with the same body and delivery id, and records each attempt', async () => {
    receiver.received.length = 0;
    receiver.statuses.push(500, 503);
    await sendEnquiry({ first_name: 'Retried' });
    await expect.poll(() => receiver.received.length, { timeout: 30_000, interval: 200 }).toBe(3);
    const ids = new Set(receiver.received.map((request) => request.headers['x-webhook-id']));
    const bodies = new Set(receiver.received.map((request) => request.body));
    expect(ids.size).toBe(1);
    expect(bodies.size).toBe(1);
    await expect.poll(async () => (await deliveries()).at(-1)?.status, { timeout: 5_000 }).toBe('DELIVERED');
    expect((await deliveries()).at(-1)).toMatchObject({ attempts: 3, last_status_code: 200 });
    const log = await trpcCall<{ data: { status: string; attempts: number; country_name: string }[] }>(
      app,
      'webhooks.deliveries',
      { status: 'DELIVERED', paginate: { page: 1, perPage: 10 } },
      { token: admin.token },
    );
    expect(log.data!.data[0]).toMatchObject({ status: 'DELIVERED', attempts: 3, country_name: 'Nepal' });
  });

  it('sends nothing while the webhook is switched off', async () => {
    receiver.received.length = 0;
    await trpcCall(
      app,
      'webhooks.set',
      { country_id: 2, url: receiver.url, is_enabled: false },
      { token: admin.token, mutation: true },
    );
    const before = (await deliveries()).length;
    await sendEnquiry({ first_name: 'Quiet' });
    await jobsDone(app.db, 'deliver-webhook');
    expect(receiver.received).toEqual([]);
    expect(await deliveries()).toHaveLength(before);
  });
});

describe("webhooks keep visitors' data away from the site's own network (decision 064)", () => {
  let app: FastifyInstance;
  let admin: Awaited<ReturnType<typeof staffMember>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    // A site on the internet, not on a developer's machine: loopback receivers are not its own.
    app = await buildFormsTestApp({ config: { publicUrl: 'https://consultancy.example' } });
    admin = await staffMember(app, { role: 'ADMIN' });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
  });

  const set = (url: string) =>
    trpcCall(
      app,
      'webhooks.set',
      { country_id: 2, url, secret: SECRET, is_enabled: true },
      { token: admin.token, mutation: true },
    );

  it('saves https links only, and none that points at loopback, private, link-local or unique-local addresses', async () => {
    const refused = {
      'http://crm.example/hooks/leads': 'URL must be an https link',
      [receiver.url]: 'URL must be an https link',
      'https://127.0.0.1:5432/': 'URL must not point inside the network',
      'https://[::1]:6379/': 'URL must not point inside the network',
      'https://0x7f000001:8080/': 'URL must not point inside the network',
      'https://localhost:8443/': 'URL must not point inside the network',
      'https://10.1.2.3/hooks': 'URL must not point inside the network',
      'https://192.168.1.20/hooks': 'URL must not point inside the network',
      'https://169.254.169.254/latest/meta-data/': 'URL must not point inside the network',
      'https://[fd00:ec2::254]/': 'URL must not point inside the network',
      'https://[::ffff:10.0.0.1]/': 'URL must not point inside the network',
    };
    for (const [url, message] of Object.entries(refused)) {
      const answer = await set(url);
      expect(answer.error?.fields, url).toEqual({ url: message });
    }
    expect((await set('https://crm.example/hooks/leads')).error).toBeUndefined();
  });

  it('refuses a delivery whose host resolves inside the network before any connection is opened', async () => {
    // A name that resolves inside, as a DNS rebinding would make it after the link was saved: the machine's own
    // name, which its hosts file gives a loopback (Debian: 127.0.1.1) or the container's private address.
    const name = hostname().toLowerCase();
    const { port } = new URL(receiver.url);
    expect((await set('https://crm.example/hooks/leads')).error).toBeUndefined();
    await app.db
      .updateTable('country_webhooks')
      .set({ url: `https://${name}:${port}/hooks/leads` })
      .where('country_id', '=', 2)
      .execute();
    const sent = await gql(app, CONTACT_US, { input: await enquiryInput(app) });
    expect(sent.errors).toEqual([]);
    const attempted = () =>
      app.db
        .selectFrom('webhook_deliveries')
        .select(['attempts', 'last_error', 'last_status_code'])
        .where('url', 'like', `https://${name}:%`)
        .executeTakeFirst();
    await expect.poll(async () => (await attempted())?.attempts ?? 0, { timeout: 20_000 }).toBeGreaterThan(0);
    const delivery = await attempted();
    expect(delivery?.last_error).toMatch(
      new RegExp(
        `^Refused: ${name.replace(/\./g, '\\.')} is (a loopback address|an address inside the network) \\(.+\\)$`,
      ),
    );
    expect(delivery?.last_status_code).toBeNull();
    expect(receiver.connections()).toBe(0);
  });
});
