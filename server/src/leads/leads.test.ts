/**
 * Also run on PostgreSQL (decision 056): a lead in the form's transaction, two changes at one moment, a migration, weekly counts in SQL.
 * @module-tag database-engine
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bookingInput,
  buildFormsTestApp,
  CONTACT_US,
  enquiryInput,
  sendEnquiryLead,
  GENERAL,
  inDays,
  OSHC,
  oshcInput,
} from '../../test/forms.js';
import { errorCode, gql, staffMember, trpcCall } from '../../test/graphql.js';
import { createTestDatabase } from '../../test/database.js';
import { createMigrator, migrateToLatest } from '../db/migrate.js';
import { todayIn, weekStart } from '../../../shared/calendar-days.js';

const ENQUIRY_FIELDS = `id kind status country { id name } branch { id name } assignee { id name }
  first_name last_name email_address phone_number message created_at follow_up_on
  notes { id text author { id name } created_at }`;
const GET_ENQUIRIES = `query($filter: EnquiryFilter, $paginate: PaginateInput) {
  getEnquiries(filter: $filter, paginate: $paginate) { data { ${ENQUIRY_FIELDS} } pagination { total page perPage } } }`;
const UPDATE_ENQUIRY = `mutation($input: UpdateEnquiryInput!) { updateEnquiry(input: $input) { ${ENQUIRY_FIELDS} } }`;
const ADD_NOTE = `mutation($id: Int!, $text: String!) { addEnquiryNote(enquiry_id: $id, text: $text) { ${ENQUIRY_FIELDS} } }`;

interface Enquiry {
  id: number;
  kind: string;
  status: string;
  country: { id: number; name: string };
  branch: { id: number; name: string } | null;
  assignee: { id: number; name: string } | null;
  first_name: string | null;
  last_name: string | null;
  email_address: string;
  phone_number: string;
  message: string;
  created_at: string;
  follow_up_on: string | null;
  notes: { id: number; text: string; author: { id: number; name: string } | null; created_at: string }[];
}
type EnquiryPage = { getEnquiries: { data: Enquiry[]; pagination: { total: number; page: number; perPage: number } } };

describe('leads: the Enquiries inbox', () => {
  let app: FastifyInstance;
  let admin: Awaited<ReturnType<typeof staffMember>>;
  let nepalEditor: Awaited<ReturnType<typeof staffMember>>;
  let canadaEditor: Awaited<ReturnType<typeof staffMember>>;
  let noCountryEditor: Awaited<ReturnType<typeof staffMember>>;

  const sendEnquiry = (overrides: Record<string, unknown> = {}) => sendEnquiryLead(app, overrides);

  const inbox = (token: string, filter: Record<string, unknown> | null = null, perPage = 100) =>
    gql<EnquiryPage>(app, GET_ENQUIRIES, { filter, paginate: { page: 1, perPage } }, token);

  beforeAll(async () => {
    app = await buildFormsTestApp();
    admin = await staffMember(app, { role: 'ADMIN', name: 'Asha Admin' });
    nepalEditor = await staffMember(app, { role: 'EDITOR', countryIds: [2], name: 'Nabin Nepal' });
    canadaEditor = await staffMember(app, { role: 'EDITOR', countryIds: [3], name: 'Chloe Canada' });
    noCountryEditor = await staffMember(app, { role: 'EDITOR', countryIds: [], name: 'Nobody Yet' });
  });
  afterAll(() => app?.close());

  beforeEach(async () => {
    // Each test starts from an empty inbox (the entries and mails go with it).
    await app.db.deleteFrom('leads').execute();
    await app.db.deleteFrom('contact_us_entries').execute();
    await app.db.deleteFrom('general_form_entries').execute();
    await app.db.deleteFrom('oshc_form_entries').execute();
  });

  it('makes every form entry a NEW lead in the same transaction, with what the visitor sent', async () => {
    const enquiryLead = await sendEnquiry({ message: 'Nursing in Sydney' });
    const booking = await gql(app, GENERAL, { input: await bookingInput(app, { comment: 'Mornings suit me' }) });
    expect(booking.errors).toEqual([]);
    const cover = await gql(app, OSHC, { input: await oshcInput(app) });
    expect(cover.errors).toEqual([]);

    const listed = await inbox(admin.token);
    expect(listed.errors).toEqual([]);
    const leads = listed.data!.getEnquiries.data;
    // Newest first, across all three forms and every country, without choosing one.
    expect(leads.map((lead) => [lead.kind, lead.country.name, lead.status])).toEqual([
      ['OSHC', 'Australia', 'NEW'],
      ['GENERAL', 'Canada', 'NEW'],
      ['CONTACT_US', 'Nepal', 'NEW'],
    ]);
    expect(leads[2]).toMatchObject({
      id: enquiryLead,
      branch: { id: 2, name: 'Kathmandu' },
      assignee: null,
      first_name: 'Sita',
      last_name: 'Sharma',
      email_address: 'sita@example.com',
      phone_number: '+977 980 1234567',
      message: 'Nursing in Sydney',
      follow_up_on: null,
      notes: [],
    });
    expect(leads[1]).toMatchObject({ first_name: 'Liam', message: 'Mornings suit me', branch: null });
    expect(leads[0]).toMatchObject({ first_name: null, last_name: null, email_address: 'cover@example.com' });

    // The detail view: the submission exactly as stored, and the history's first line.
    const detail = await trpcCall<{
      submission: [string, string][];
      history: { kind: string; to_value: string; actor: unknown }[];
    }>(app, 'leads.get', { id: enquiryLead }, { token: admin.token });
    expect(detail.data!.submission).toContainEqual(['Message', 'Nursing in Sydney']);
    expect(detail.data!.submission).toContainEqual(['Interested in', 'Education']);
    expect(detail.data!.history).toEqual([expect.objectContaining({ kind: 'CREATED', to_value: 'New', actor: null })]);
  });

  it('stores no lead for a refused submission, and one lead for a resent one', async () => {
    const honeypot = await gql(app, CONTACT_US, { input: await enquiryInput(app, { website: 'http://spam' }) });
    expect(errorCode(honeypot)).toBe('BAD_USER_INPUT');
    const badCaptcha = await gql(app, CONTACT_US, { input: await enquiryInput(app, { reCaptcha_token: 'nope' }) });
    expect(errorCode(badCaptcha)).toBe('BAD_USER_INPUT');
    const submissionId = randomUUID();
    await sendEnquiry({ submission_id: submissionId });
    await sendEnquiry({ submission_id: submissionId });
    const all = await app.db.selectFrom('leads').select('entry_id').execute();
    expect(all).toHaveLength(1);
  });

  it('shows each staff member the countries they may see: ADMIN all, an EDITOR theirs', async () => {
    await sendEnquiry();
    expect((await gql(app, GENERAL, { input: await bookingInput(app) })).errors).toEqual([]);

    const nepal = await inbox(nepalEditor.token);
    expect(nepal.data!.getEnquiries.data.map((lead) => lead.country.name)).toEqual(['Nepal']);
    const canada = await inbox(canadaEditor.token);
    expect(canada.data!.getEnquiries.data.map((lead) => lead.country.name)).toEqual(['Canada']);
    const nobody = await inbox(noCountryEditor.token);
    expect(nobody.data!.getEnquiries).toMatchObject({ data: [], pagination: { total: 0 } });
    // Asking for another country's leads is refused, as for the form entries.
    const refused = await inbox(nepalEditor.token, { country_id: 3 });
    expect(errorCode(refused)).toBe('FORBIDDEN');
    // Without a staff token there is no inbox.
    expect(errorCode(await gql(app, GET_ENQUIRIES, {}))).toBe('UNAUTHENTICATED');
    // The sidebar's count follows the same rule.
    const counts = await Promise.all(
      [admin, nepalEditor, noCountryEditor].map((member) =>
        trpcCall<number>(app, 'leads.toAnswerCount', null, { token: member.token }),
      ),
    );
    expect(counts.map((count) => count.data)).toEqual([2, 1, 0]);
  });

  it('filters by country, branch, kind, status, assignee, days and words', async () => {
    const sita = await sendEnquiry({ first_name: 'Sita', message: 'Nursing at 100% effort' });
    const ram = await sendEnquiry({ first_name: 'Ram', email_address: 'ram@example.com', branch_id: 3 });
    expect((await gql(app, GENERAL, { input: await bookingInput(app) })).errors).toEqual([]);
    await gql(
      app,
      UPDATE_ENQUIRY,
      { input: { id: ram, status: 'CONTACTED', assignee_id: nepalEditor.id } },
      admin.token,
    );

    const ids = async (filter: Record<string, unknown>) => {
      const listed = await inbox(admin.token, filter);
      expect(listed.errors).toEqual([]);
      return listed.data!.getEnquiries.data.map((lead) => lead.first_name);
    };
    expect(await ids({ country_id: 2 })).toEqual(['Ram', 'Sita']);
    expect(await ids({ branch_id: 2 })).toEqual(['Sita']);
    expect(await ids({ kind: 'GENERAL' })).toEqual(['Liam']);
    expect(await ids({ status: 'CONTACTED' })).toEqual(['Ram']);
    expect(await ids({ status: 'NEW', country_id: 2 })).toEqual(['Sita']);
    expect(await ids({ assignee_id: nepalEditor.id })).toEqual(['Ram']);
    // Words match anywhere in name, address, phone and message, all of them; % matches itself.
    expect(await ids({ search: 'ram@example' })).toEqual(['Ram']);
    expect(await ids({ search: 'sita nursing' })).toEqual(['Sita']);
    expect(await ids({ search: '100%' })).toEqual(['Sita']);
    expect(await ids({ search: '1000%' })).toEqual([]);
    expect(await ids({ search: '+977 980' })).toEqual(['Ram', 'Sita']);
    // Days in the site's time zone: today includes everything sent now; tomorrow nothing yet.
    const today = todayIn(app.config.leads.timeZone);
    expect(await ids({ received_from: today, received_to: today })).toHaveLength(3);
    expect(await ids({ received_from: inDays(2) })).toEqual([]);
    expect(await ids({ received_to: inDays(-2) })).toEqual([]);

    const backwards = await inbox(admin.token, { received_from: today, received_to: inDays(-5) });
    expect(backwards.errors[0]?.extensions?.fields).toEqual({
      'filter.received_to': 'The From date must be on or before the To date',
    });
    const notADay = await inbox(admin.token, { received_from: '2026-02-30' });
    expect(errorCode(notADay)).toBe('BAD_USER_INPUT');
    expect(sita).toBeGreaterThan(0);
  });

  it('exports every lead of a filter, newest first, within the caller’s countries', async () => {
    for (const name of ['Anil', 'Bina', 'Chandra']) await sendEnquiry({ first_name: name });
    expect((await gql(app, GENERAL, { input: await bookingInput(app) })).errors).toEqual([]);
    type Exported = {
      data: { first_name: string | null; country: { name: string }; notes: unknown[] }[];
      pagination: { total: number };
    };
    const exported = (token: string, filter: Record<string, unknown> | null) =>
      trpcCall<Exported>(app, 'leads.export', { filter }, { token });
    const all = await exported(admin.token, null);
    expect(all.data!.data.map((lead) => lead.first_name)).toEqual(['Liam', 'Chandra', 'Bina', 'Anil']);
    expect(all.data!.pagination.total).toBe(4);
    expect(all.data!.data.every((lead) => lead.notes.length === 0)).toBe(true);
    const nepal = await exported(nepalEditor.token, null);
    expect(nepal.data!.data.map((lead) => lead.country.name)).toEqual(['Nepal', 'Nepal', 'Nepal']);
    const words = await exported(admin.token, { search: 'bina' });
    expect(words.data!.data.map((lead) => lead.first_name)).toEqual(['Bina']);
    expect((await exported(nepalEditor.token, { country_id: 3 })).error?.code).toBe('FORBIDDEN');
    expect((await trpcCall(app, 'leads.export', { filter: null })).status).toBe(401);
  });

  it('changes status, assignee and follow-up day, recording who changed what', async () => {
    const lead = await sendEnquiry();
    const updated = await gql<{ updateEnquiry: Enquiry }>(
      app,
      UPDATE_ENQUIRY,
      { input: { id: lead, status: 'CONTACTED', assignee_id: nepalEditor.id, follow_up_on: inDays(3) } },
      admin.token,
    );
    expect(updated.errors).toEqual([]);
    expect(updated.data!.updateEnquiry).toMatchObject({
      status: 'CONTACTED',
      assignee: { id: nepalEditor.id, name: 'Nabin Nepal' },
      follow_up_on: inDays(3),
    });
    // The assignee moves it on and clears the day; a field left out stays as it is.
    const byEditor = await gql<{ updateEnquiry: Enquiry }>(
      app,
      UPDATE_ENQUIRY,
      { input: { id: lead, status: 'QUALIFIED', follow_up_on: null } },
      nepalEditor.token,
    );
    expect(byEditor.data!.updateEnquiry).toMatchObject({
      status: 'QUALIFIED',
      assignee: { name: 'Nabin Nepal' },
      follow_up_on: null,
    });
    // Asking for what already is changes nothing and records nothing.
    await gql(app, UPDATE_ENQUIRY, { input: { id: lead, status: 'QUALIFIED' } }, nepalEditor.token);

    const detail = await trpcCall<{
      history: { kind: string; from_value: string; to_value: string; actor: { name: string } | null }[];
    }>(app, 'leads.get', { id: lead }, { token: nepalEditor.token });
    expect(
      detail.data!.history.map((event) => [event.kind, event.from_value, event.to_value, event.actor?.name]),
    ).toEqual([
      ['CREATED', null, 'New', undefined],
      ['STATUS', 'New', 'Contacted', 'Asha Admin'],
      ['ASSIGNEE', null, 'Nabin Nepal', 'Asha Admin'],
      ['FOLLOW_UP', null, inDays(3), 'Asha Admin'],
      ['STATUS', 'Contacted', 'Qualified', 'Nabin Nepal'],
      ['FOLLOW_UP', inDays(3), null, 'Nabin Nepal'],
    ]);
  });

  it('refuses changes outside the caller’s countries, unknown leads and assignees who may not see the lead', async () => {
    const lead = await sendEnquiry();
    const outsider = await gql(app, UPDATE_ENQUIRY, { input: { id: lead, status: 'SPAM' } }, canadaEditor.token);
    expect(errorCode(outsider)).toBe('FORBIDDEN');
    const outsiderNote = await gql(app, ADD_NOTE, { id: lead, text: 'Mine now' }, canadaEditor.token);
    expect(errorCode(outsiderNote)).toBe('FORBIDDEN');
    const outsiderRead = await trpcCall(app, 'leads.get', { id: lead }, { token: canadaEditor.token });
    expect(outsiderRead.error?.code).toBe('FORBIDDEN');

    const unknown = await gql(app, UPDATE_ENQUIRY, { input: { id: 999_999, status: 'WON' } }, admin.token);
    expect(errorCode(unknown)).toBe('NOT_FOUND');

    // Canada's editor does not work on Nepal; an inactive staff member works on nothing.
    const wrongAssignee = await gql(
      app,
      UPDATE_ENQUIRY,
      { input: { id: lead, assignee_id: canadaEditor.id } },
      admin.token,
    );
    expect(wrongAssignee.errors[0]?.extensions?.fields).toEqual({
      assignee_id: 'Choose an active staff member who works on this country.',
    });
    const retired = await staffMember(app, { role: 'ADMIN', name: 'Retired' });
    await app.db.updateTable('staff_users').set({ is_active: false }).where('id', '=', retired.id).execute();
    const inactive = await gql(app, UPDATE_ENQUIRY, { input: { id: lead, assignee_id: retired.id } }, admin.token);
    expect(errorCode(inactive)).toBe('BAD_USER_INPUT');

    const badStatus = await trpcCall(
      app,
      'leads.update',
      { id: lead, status: 'MAYBE' },
      { token: admin.token, mutation: true },
    );
    expect(badStatus.error?.code).toBe('BAD_REQUEST');
    // Nothing of the refused changes was stored.
    const row = await app.db
      .selectFrom('leads')
      .select(['status', 'assignee_id'])
      .where('id', '=', lead)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'NEW', assignee_id: null });
    const events = await app.db.selectFrom('lead_events').select('kind').where('lead_id', '=', lead).execute();
    expect(events).toEqual([{ kind: 'CREATED' }]);
  });

  it('keeps internal notes with their author, oldest first, and in the history', async () => {
    const lead = await sendEnquiry();
    const first = await gql<{ addEnquiryNote: Enquiry }>(
      app,
      ADD_NOTE,
      { id: lead, text: '  Called, no answer  ' },
      nepalEditor.token,
    );
    expect(first.errors).toEqual([]);
    const second = await gql<{ addEnquiryNote: Enquiry }>(
      app,
      ADD_NOTE,
      { id: lead, text: 'Sent brochure <b>' },
      admin.token,
    );
    expect(second.data!.addEnquiryNote.notes.map((note) => [note.text, note.author?.name])).toEqual([
      ['Called, no answer', 'Nabin Nepal'],
      ['Sent brochure <b>', 'Asha Admin'],
    ]);
    const empty = await gql(app, ADD_NOTE, { id: lead, text: '   ' }, admin.token);
    expect(empty.errors[0]?.extensions?.fields).toEqual({ text: 'Note is required' });
    const listed = await inbox(nepalEditor.token);
    expect(listed.data!.getEnquiries.data[0]!.notes).toHaveLength(2);
    const history = await app.db
      .selectFrom('lead_events')
      .select(['kind', 'to_value'])
      .where('lead_id', '=', lead)
      .orderBy('id')
      .execute();
    expect(history.map((event) => event.kind)).toEqual(['CREATED', 'NOTE', 'NOTE']);
  });

  it('records two changes made at the same moment one after the other', async () => {
    const lead = await sendEnquiry();
    const [a, b] = await Promise.all([
      gql(app, UPDATE_ENQUIRY, { input: { id: lead, status: 'CONTACTED' } }, admin.token),
      gql(app, UPDATE_ENQUIRY, { input: { id: lead, status: 'LOST' } }, nepalEditor.token),
    ]);
    expect([a.errors, b.errors]).toEqual([[], []]);
    const history = await app.db
      .selectFrom('lead_events')
      .select(['from_value', 'to_value'])
      .where('lead_id', '=', lead)
      .where('kind', '=', 'STATUS')
      .orderBy('id')
      .execute();
    // The second change starts from what the first left: the history is a chain.
    expect(history).toHaveLength(2);
    expect(history[1]!.from_value).toBe(history[0]!.to_value);
  });

  it('answers the dashboard: new and overdue per country, my follow-ups due, weekly counts and conversion', async () => {
    const due = await sendEnquiry({ first_name: 'Due' });
    const later = await sendEnquiry({ first_name: 'Later' });
    const won = await sendEnquiry({ first_name: 'Won' });
    const lost = await sendEnquiry({ first_name: 'Lost' });
    expect((await gql(app, GENERAL, { input: await bookingInput(app) })).errors).toEqual([]);
    const set = (id: number, input: Record<string, unknown>) =>
      gql(app, UPDATE_ENQUIRY, { input: { id, ...input } }, admin.token);
    await set(due, { assignee_id: nepalEditor.id, follow_up_on: inDays(-1), status: 'CONTACTED' });
    await set(later, { assignee_id: nepalEditor.id, follow_up_on: inDays(5), status: 'CONTACTED' });
    // A closed lead is never due, whatever its day says.
    await set(won, { assignee_id: nepalEditor.id, follow_up_on: inDays(-3), status: 'WON' });
    await set(lost, { status: 'LOST' });

    interface Dashboard {
      countries: { name: string; new: number; overdue: number }[];
      followUps: { id: number; first_name: string }[];
      perWeekByCountry: { series: string[]; rows: Record<string, number | string>[] };
      perWeekByService: { series: string[]; rows: Record<string, number | string>[] };
      closed: { won: number; lost: number };
    }
    const mine = await trpcCall<Dashboard>(app, 'leads.dashboard', null, { token: nepalEditor.token });
    expect(mine.error).toBeUndefined();
    expect(mine.data!.countries).toMatchObject([{ id: 2, name: 'Nepal', new: 0, overdue: 1 }]);
    expect(mine.data!.followUps.map((lead) => lead.first_name)).toEqual(['Due']);
    expect(mine.data!.closed).toEqual({ won: 1, lost: 1 });

    const all = await trpcCall<Dashboard>(app, 'leads.dashboard', null, { token: admin.token });
    expect(all.data!.countries.map((country) => [country.name, country.new, country.overdue])).toEqual([
      ['Canada', 1, 0],
      ['Nepal', 0, 1],
    ]);
    expect(all.data!.followUps).toEqual([]);
    const byCountry = all.data!.perWeekByCountry;
    expect(byCountry.rows).toHaveLength(12);
    expect(byCountry.series).toEqual(['Canada', 'Nepal']);
    const thisWeek = weekStart(todayIn(app.config.leads.timeZone), 0);
    expect(byCountry.rows.at(-1)).toEqual({ week: thisWeek, Canada: 1, Nepal: 4 });
    expect(byCountry.rows[0]).toEqual({ week: weekStart(thisWeek, 11), Canada: 0, Nepal: 0 });
    expect(all.data!.perWeekByService.rows.at(-1)).toEqual({ week: thisWeek, Education: 4, 'Study Abroad': 1 });
  });
});

describe('the leads migration', () => {
  it('makes every entry that arrived before it a NEW lead', async () => {
    const database = await createTestDatabase('migrated');
    try {
      const { db } = database;
      // Back to before leads existed.
      const { error } = await createMigrator(db).migrateTo('20261125-0007-mails');
      expect(error).toBeUndefined();
      const country = await db
        .insertInto('countries')
        .values({ name: 'Nepal' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const branch = await db
        .insertInto('branches')
        .values({
          country_id: country.id,
          name: 'Kathmandu',
          email: 'k@example.com',
          phone_number: '01 4000000',
          address: 'Kathmandu',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('contact_us_entries')
        .values({
          country_id: country.id,
          branch_id: branch.id,
          first_name: 'Old',
          last_name: 'Enquiry',
          email_address: 'old@example.com',
          phone_number: '9801234567',
          subject: 'Visa',
          hear_about_us: 'OTHER',
          interested_service: 'VISA_AND_MIGRATION',
          message: 'From last year',
          has_agreed_to_terms: true,
          submitter_ip: null,
          submission_id: null,
          created_at: '2025-06-01T10:00:00Z',
        })
        .execute();
      await db
        .insertInto('oshc_form_entries')
        .values({
          country_id: country.id,
          policy_types: 'FAMILY',
          policy_start_date: '2025-07-01',
          policy_end_date: '2026-07-01',
          phone_no: '0412 345 678',
          email: 'family@example.com',
          submitter_ip: null,
          submission_id: null,
        })
        .execute();
      await migrateToLatest(db);
      const leads = await db
        .selectFrom('leads')
        .select([
          'kind',
          'country_id',
          'branch_id',
          'status',
          'first_name',
          'email_address',
          'message',
          'service',
          'created_at',
        ])
        .orderBy('kind')
        .execute();
      expect(leads).toEqual([
        {
          kind: 'CONTACT_US',
          country_id: country.id,
          branch_id: branch.id,
          status: 'NEW',
          first_name: 'Old',
          email_address: 'old@example.com',
          message: 'From last year',
          service: 'VISA_AND_MIGRATION',
          created_at: new Date('2025-06-01T10:00:00Z').toISOString(),
        },
        expect.objectContaining({
          kind: 'OSHC',
          country_id: country.id,
          first_name: null,
          service: 'OSHC',
          message: '',
        }),
      ]);
      const events = await db.selectFrom('lead_events').select(['kind', 'to_value']).execute();
      expect(events).toEqual([
        { kind: 'CREATED', to_value: 'New' },
        { kind: 'CREATED', to_value: 'New' },
      ]);
    } finally {
      await database.close();
    }
  });
});
