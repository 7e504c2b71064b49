/**
 * Also run on PostgreSQL (decision 056): the reminders and retention jobs, dates in the business time zone.
 * @module-tag database-engine
 */
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingInput, buildFormsTestApp, GENERAL, inDays, sendEnquiryLead } from '../../test/forms.js';
import { gql, staffMember, trpcCall } from '../../test/graphql.js';
import { jobsDone } from '../../test/jobs.js';
import { JOB_SCHEMA } from '../jobs/job-queue.js';
import { setWebhook } from '../webhooks/webhooks.service.js';
import { REMINDERS_CRON, RETENTION_CRON } from '../app.js';
import { todayIn } from '../../../shared/calendar-days.js';

const monthsAgo = (months: number) => {
  const day = new Date();
  day.setUTCMonth(day.getUTCMonth() - months);
  return day.toISOString();
};

describe('privacy and reminders: retention, export, erasure and the morning mail', () => {
  let app: FastifyInstance;
  let admin: Awaited<ReturnType<typeof staffMember>>;
  let editor: Awaited<ReturnType<typeof staffMember>>;

  const sendEnquiry = (overrides: Record<string, unknown> = {}) => sendEnquiryLead(app, overrides);

  const leadRow = (id: number) =>
    app.db
      .selectFrom('leads')
      .select(['kind', 'entry_id', 'first_name', 'email_address', 'phone_number', 'message', 'status', 'anonymised_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    // Six months' retention (LEAD_RETENTION_MONTHS=6) and the business in Kathmandu.
    app = await buildFormsTestApp({ config: { leads: { timeZone: 'Asia/Kathmandu', retentionMonths: 6 } } });
    admin = await staffMember(app, { role: 'ADMIN', name: 'Asha Admin' });
    editor = await staffMember(app, { role: 'EDITOR', countryIds: [2], name: 'Nabin <Nepal>' });
  });
  afterAll(() => app?.close());

  it('schedules retention at night and reminders in the morning, in the business time zone', async () => {
    const { rows } = await sql<{ name: string; cron: string; timezone: string }>`
      select name, cron, timezone from ${sql.table(`${JOB_SCHEMA}.schedule`)}
      where name in ('follow-up-reminders', 'lead-retention') order by name`.execute(app.db);
    expect(rows).toEqual([
      { name: 'follow-up-reminders', cron: REMINDERS_CRON, timezone: 'Asia/Kathmandu' },
      { name: 'lead-retention', cron: RETENTION_CRON, timezone: 'Asia/Kathmandu' },
    ]);
  });

  it('tells an administrator the retention period it applies, and no editor', async () => {
    expect((await trpcCall(app, 'leads.retention', undefined, { token: admin.token })).data).toEqual({ months: 6 });
    expect((await trpcCall(app, 'leads.retention', undefined, { token: editor.token })).status).toBe(403);
  });

  it('anonymises leads older than the retention period on the queue, keeping what the counts need', async () => {
    const old = await sendEnquiry({ first_name: 'Olderthan', message: 'From long ago' });
    const recent = await sendEnquiry({ first_name: 'Recent' });
    await gql(app, `mutation { addEnquiryNote(enquiry_id: ${old}, text: "Called Olderthan") { id } }`, {}, admin.token);
    await gql(
      app,
      `mutation { updateEnquiry(input: { id: ${old}, status: WON, follow_up_on: "${inDays(3)}" }) { id } }`,
      {},
      admin.token,
    );
    const { entry_id } = await leadRow(old);
    await app.db
      .updateTable('leads')
      .set({ created_at: monthsAgo(7) })
      .where('id', '=', old)
      .execute();

    await app.jobs.send(app.db, 'lead-retention', {});
    await expect
      .poll(async () => (await leadRow(old)).anonymised_at, { timeout: 20_000, interval: 250 })
      .not.toBeNull();

    expect(await leadRow(old)).toMatchObject({
      kind: 'CONTACT_US',
      status: 'WON',
      first_name: null,
      email_address: '',
      phone_number: '',
      message: '',
    });
    const entry = await app.db.selectFrom('contact_us_entries').select('id').where('id', '=', entry_id).execute();
    expect(entry).toEqual([]);
    const mails = await app.db
      .selectFrom('mails')
      .select('id')
      .where('dedupe_key', 'like', `lead:CONTACT_US:${entry_id}:%`)
      .execute();
    expect(mails).toEqual([]);
    expect(await app.db.selectFrom('lead_notes').select('id').where('lead_id', '=', old).execute()).toEqual([]);
    const history = await app.db
      .selectFrom('lead_events')
      .select(['kind', 'to_value'])
      .where('lead_id', '=', old)
      .orderBy('id')
      .execute();
    expect(history.at(-1)).toEqual({ kind: 'ANONYMISED', to_value: null });
    expect(history.find((event) => event.kind === 'NOTE')).toEqual({ kind: 'NOTE', to_value: null });
    // The newer lead is untouched, and the inbox still counts the old one (won) without naming anyone.
    expect((await leadRow(recent)).first_name).toBe('Recent');
    const dashboard = await trpcCall<{ closed: { won: number } }>(app, 'leads.dashboard', null, { token: admin.token });
    expect(dashboard.data!.closed.won).toBe(1);
    const detail = await trpcCall<{ submission: unknown }>(app, 'leads.get', { id: old }, { token: admin.token });
    expect(detail.data!.submission).toBeNull();
  });

  it('mails each assignee their follow-ups due once a morning, through the queue', async () => {
    const first = await sendEnquiry({ first_name: 'Due<b>', last_name: 'Today' });
    const second = await sendEnquiry({ first_name: 'Overdue', last_name: 'Lead' });
    const later = await sendEnquiry({ first_name: 'Later' });
    const closed = await sendEnquiry({ first_name: 'Closed' });
    const today = todayIn('Asia/Kathmandu');
    const set = (id: number, fields: string) =>
      gql(app, `mutation { updateEnquiry(input: { id: ${id}, ${fields} }) { id } }`, {}, admin.token);
    await set(first, `assignee_id: ${editor.id}, follow_up_on: "${today}"`);
    await set(second, `assignee_id: ${editor.id}, follow_up_on: "2026-01-05", status: CONTACTED`);
    await set(later, `assignee_id: ${editor.id}, follow_up_on: "${inDays(5)}"`);
    await set(closed, `assignee_id: ${editor.id}, follow_up_on: "2026-01-05", status: LOST`);

    const reminders = () =>
      app.db
        .selectFrom('mails')
        .select(['to_address', 'subject', 'text_body', 'html_body', 'country_id'])
        .where('purpose', '=', 'FOLLOW_UP_REMINDER')
        .execute();
    await app.jobs.send(app.db, 'follow-up-reminders', {});
    await expect.poll(async () => (await reminders()).length, { timeout: 20_000, interval: 250 }).toBe(1);
    const [mail] = await reminders();
    const editorEmail = await app.db
      .selectFrom('staff_users')
      .select('email')
      .where('id', '=', editor.id)
      .executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ to_address: editorEmail.email, subject: '2 follow-ups due today', country_id: null });
    expect(mail!.text_body).toContain('Good morning Nabin <Nepal>');
    expect(mail!.text_body).toContain(
      `Overdue Lead (Enquiry, Nepal), due since 2026-01-05: http://localhost:3000/admin/enquiries?lead=${second}`,
    );
    expect(mail!.text_body).toContain('Due<b> Today (Enquiry, Nepal), due today');
    expect(mail!.text_body).not.toContain('Later');
    expect(mail!.text_body).not.toContain('Closed');
    expect(mail!.html_body).toContain('Due&lt;b&gt; Today');
    expect(mail!.html_body).toContain('Nabin &lt;Nepal&gt;');
    expect(mail!.html_body).not.toContain('<b>');

    // Run again the same morning (a retry, a second instance): still one mail.
    await app.jobs.send(app.db, 'follow-up-reminders', {});
    await jobsDone(app.db, 'follow-up-reminders', 'send-mail');
    expect(await reminders()).toHaveLength(1);
  });

  it('lets an ADMIN export everything about one address, and erase it; both are recorded without the address', async () => {
    const lead = await sendEnquiry({
      email_address: 'Mira@Example.com',
      first_name: 'Mira',
      message: 'Nursing please',
    });
    expect(
      (await gql(app, GENERAL, { input: await bookingInput(app, { email_address: 'mira@example.com' }) })).errors,
    ).toEqual([]);
    await gql(
      app,
      `mutation { addEnquiryNote(enquiry_id: ${lead}, text: "Mira prefers WhatsApp") { id } }`,
      {},
      admin.token,
    );

    const refused = await trpcCall(
      app,
      'leads.exportByEmail',
      { email: 'mira@example.com' },
      { token: editor.token, mutation: true },
    );
    expect(refused.error?.code).toBe('FORBIDDEN');

    interface Export {
      email: string;
      enquiries: { kind: string; submission: Record<string, string>; notes: { text: string }[]; history: unknown[] }[];
      mails: { subject: string }[];
    }
    const exported = await trpcCall<Export>(
      app,
      'leads.exportByEmail',
      { email: 'MIRA@example.com' },
      { token: admin.token, mutation: true },
    );
    expect(exported.error).toBeUndefined();
    expect(exported.data!.enquiries.map((enquiry) => enquiry.kind)).toEqual(['CONTACT_US', 'GENERAL']);
    expect(exported.data!.enquiries[0]!.submission).toMatchObject({ 'First name': 'Mira', Message: 'Nursing please' });
    expect(exported.data!.enquiries[0]!.notes).toEqual([expect.objectContaining({ text: 'Mira prefers WhatsApp' })]);
    expect(exported.data!.mails.map((mail) => mail.subject).sort()).toEqual([
      'We received your appointment request',
      'We received your enquiry',
    ]);

    const unconfirmed = await trpcCall(
      app,
      'leads.eraseByEmail',
      { email: 'mira@example.com' },
      { token: admin.token, mutation: true },
    );
    expect(unconfirmed.error?.code).toBe('BAD_REQUEST');
    const erased = await trpcCall<{ leads: number; mails: number }>(
      app,
      'leads.eraseByEmail',
      { email: 'mira@example.com', confirm: true },
      { token: admin.token, mutation: true },
    );
    expect(erased.data).toEqual({ leads: 2, mails: 4 });
    expect(await leadRow(lead)).toMatchObject({ first_name: null, email_address: '', message: '' });
    const left = await app.db
      .selectFrom('mails')
      .select('id')
      .where(sql`lower(to_address)`, '=', 'mira@example.com')
      .execute();
    expect(left).toEqual([]);
    const again = await trpcCall<Export>(
      app,
      'leads.exportByEmail',
      { email: 'mira@example.com' },
      { token: admin.token, mutation: true },
    );
    expect(again.data).toMatchObject({ enquiries: [], mails: [] });

    const recorded = await trpcCall<{ action: string; leads: number; actor_name: string }[]>(
      app,
      'leads.privacyRequests',
      null,
      {
        token: admin.token,
      },
    );
    expect(recorded.data!.slice(0, 3).map((row) => [row.action, row.leads, row.actor_name])).toEqual([
      ['EXPORT', 0, 'Asha Admin'],
      ['ERASE', 2, 'Asha Admin'],
      ['EXPORT', 2, 'Asha Admin'],
    ]);
    const stored = await app.db.selectFrom('privacy_requests').selectAll().execute();
    expect(JSON.stringify(stored)).not.toMatch(/mira/i);
  });

  it('erases a visitor from every table: no text or JSON column holds their name, address or phone afterwards', async () => {
    const visitor = { name: 'Zorawarxq', email: 'zorawarxq.visitor@example.com', phone: '+977 9841 556677' };
    // The lead's country posts new leads to its CRM (the receiver is never reached: nothing listens there).
    const { country_id } = await app.db
      .selectFrom('branches')
      .select('country_id')
      .where('id', '=', 2)
      .executeTakeFirstOrThrow();
    // (The site runs on localhost here: a loopback receiver is allowed, decision 064.)
    const local = { localSite: true };
    await setWebhook(
      app.db,
      { country_id, url: 'https://127.0.0.1:9/leads', secret: 's'.repeat(32), is_enabled: true },
      local,
    );
    const id = await sendEnquiry({
      first_name: visitor.name,
      email_address: visitor.email,
      phone_number: visitor.phone,
      message: `I am ${visitor.name}`,
      // A campaign link made for one person carries them in its tags.
      came_from: { utm_source: 'newsletter', utm_campaign: `${visitor.name}-invite`, landing_page: '/' },
    });
    await setWebhook(app.db, { country_id, url: 'https://127.0.0.1:9/leads', secret: null, is_enabled: false }, local);
    const counsellor = await staffMember(app, { role: 'EDITOR', countryIds: [country_id], name: 'Erasure Counsellor' });
    const today = todayIn('Asia/Kathmandu');
    const set = (fields: string) =>
      gql(app, `mutation { updateEnquiry(input: { id: ${id}, ${fields} }) { id } }`, {}, admin.token);
    expect((await set(`assignee_id: ${counsellor.id}, follow_up_on: "${today}"`)).errors).toEqual([]);
    await gql(
      app,
      `mutation { addEnquiryNote(enquiry_id: ${id}, text: "${visitor.name} called") { id } }`,
      {},
      admin.token,
    );
    const replied = await trpcCall(
      app,
      'leads.reply',
      { enquiry_id: id, key: randomUUID(), subject: `For ${visitor.name}`, text: `Dear ${visitor.name}, welcome.` },
      { token: admin.token, mutation: true },
    );
    expect(replied.error).toBeUndefined();
    // The morning mail lists the lead by name.
    await app.jobs.send(app.db, 'follow-up-reminders', {});
    await jobsDone(app.db, 'follow-up-reminders', 'send-mail');

    /** Every text and JSON column of every table (the site's and the job queue's) holding `needle`. */
    async function columnsHolding(needle: string) {
      const { rows: columns } = await sql<{ table_schema: string; table_name: string; column_name: string }>`
        select table_schema, table_name, column_name from information_schema.columns
        where table_schema in ('public', ${JOB_SCHEMA})
          and data_type in ('text', 'character varying', 'character', 'json', 'jsonb')
        order by table_schema, table_name, column_name`.execute(app.db);
      const holding: string[] = [];
      for (const { table_schema, table_name, column_name } of columns) {
        const { rows } = await sql<{ found: number }>`
          select count(*)::int as found from ${sql.table(`${table_schema}.${table_name}`)}
          where ${sql.ref(column_name)}::text ilike ${`%${needle}%`}`.execute(app.db);
        if (rows[0]!.found > 0) holding.push(`${table_schema}.${table_name}.${column_name}`);
      }
      return holding;
    }
    const needles = [visitor.name, visitor.email, visitor.phone];
    // Before: the entry, the lead, its mails, the reminder, the note and the webhook delivery hold them.
    const before = await columnsHolding(visitor.name);
    expect(before).toEqual(
      expect.arrayContaining([
        'public.leads.first_name',
        'public.leads.came_from',
        'public.lead_notes.text',
        'public.mails.text_body',
        'public.webhook_deliveries.payload',
      ]),
    );

    const erased = await trpcCall(
      app,
      'leads.eraseByEmail',
      { email: visitor.email, confirm: true },
      { token: admin.token, mutation: true },
    );
    expect(erased.error).toBeUndefined();
    for (const needle of needles) expect(await columnsHolding(needle), needle).toEqual([]);
  });
});
