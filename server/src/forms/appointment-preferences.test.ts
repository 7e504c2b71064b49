import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_DAYS_AHEAD, APPOINTMENT_MESSAGES, dayLabel } from '../../../shared/appointment.js';
import { bookingInput, buildFormsTestApp, countEntries, GENERAL, inDays, sendBookingLead } from '../../test/forms.js';
import { errorCode, expectFieldErrors, gql, staffToken, trpcCall } from '../../test/graphql.js';

const ENTRY_FIELDS = 'id country_id meeting branch_id branch { id name } preferred_date preferred_time';

type Booked = { addGeneralFormData: { id: number } };

/** Decision 048: what a visitor asks for when booking an appointment, and where the booking goes. */
describe('booking an appointment: the visitor’s preferences', () => {
  let app: FastifyInstance;
  let admin: string;
  let kathmandu: number;

  const booking = (overrides: Record<string, unknown> = {}) => bookingInput(app, overrides);
  const leadOf = (entryId: number) =>
    app.db
      .selectFrom('leads')
      .select(['id', 'country_id', 'branch_id'])
      .where('kind', '=', 'GENERAL')
      .where('entry_id', '=', entryId)
      .executeTakeFirstOrThrow();
  const staffMailOf = (entryId: number) =>
    app.db
      .selectFrom('mails')
      .select(['to_address', 'text_body'])
      .where('purpose', '=', 'LEAD_NOTIFICATION')
      .where('dedupe_key', 'like', `lead:GENERAL:${entryId}:%`)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    app = await buildFormsTestApp();
    admin = await staffToken(app, 'ADMIN');
    const branch = await app.db
      .selectFrom('branches')
      .select('id')
      .where('name', '=', 'Kathmandu')
      .executeTakeFirstOrThrow();
    kathmandu = branch.id;
  });
  afterAll(() => app?.close());

  it('keeps how, where and when the visitor would like to meet; the chosen branch takes the booking', async () => {
    const day = inDays(7);
    // Sent from the Canada site to a branch in Nepal: the booking goes to that branch, with its country.
    const sent = await gql<Booked>(app, GENERAL, {
      input: await booking({
        meeting: 'IN_PERSON',
        branch_id: kathmandu,
        preferred_date: day,
        preferred_time: 'MORNING',
      }),
    });
    expect(sent.errors).toEqual([]);
    const id = sent.data!.addGeneralFormData.id;

    const listed = await gql<{ getAllGeneralFormData: { data: Record<string, unknown>[] } }>(
      app,
      `query { getAllGeneralFormData(country_id: 2) { data { ${ENTRY_FIELDS} } } }`,
      {},
      admin,
    );
    expect(listed.errors).toEqual([]);
    expect(listed.data!.getAllGeneralFormData.data.find((entry) => entry.id === id)).toEqual({
      id,
      country_id: 2,
      meeting: 'IN_PERSON',
      branch_id: kathmandu,
      branch: { id: kathmandu, name: 'Kathmandu' },
      preferred_date: day,
      preferred_time: 'MORNING',
    });
    expect(await leadOf(id)).toMatchObject({ country_id: 2, branch_id: kathmandu });
    // The branch is told, with the visitor's preferences in words.
    const mail = await staffMailOf(id);
    expect(mail.to_address).toBe('kathmandu@example.com');
    expect(mail.text_body).toContain('Meet by: At a branch');
    expect(mail.text_body).toContain(`Preferred date: ${dayLabel(day)}`);
    expect(mail.text_body).toContain('Preferred time: Morning');
  });

  it('takes the preferences through tRPC as the site sends them (branch as text, empty for none)', async () => {
    const day = inDays(1);
    const sent = await trpcCall<{ id: number }>(
      app,
      'forms.generalForm',
      await booking({ meeting: 'VIDEO', branch_id: String(kathmandu), preferred_date: day, preferred_time: '' }),
      { mutation: true },
    );
    expect(sent.error).toBeUndefined();
    const noBranch = await trpcCall<{ id: number }>(
      app,
      'forms.generalForm',
      await booking({ meeting: null, branch_id: null, preferred_date: '', preferred_time: 'AFTERNOON' }),
      { mutation: true },
    );
    expect(noBranch.error).toBeUndefined();

    const entries = await trpcCall<{ data: Record<string, unknown>[] }>(
      app,
      'forms.generalFormEntries',
      { country_id: 3 },
      { token: admin },
    );
    expect(entries.data!.data.find((entry) => entry.id === noBranch.data!.id)).toMatchObject({
      country_id: 3,
      meeting: null,
      branch: null,
      preferred_date: null,
      preferred_time: 'AFTERNOON',
    });
    expect(await leadOf(sent.data!.id)).toMatchObject({ country_id: 2, branch_id: kathmandu });
    // Without a branch, the site's country is told, and only the preferences given are listed.
    expect(await leadOf(noBranch.data!.id)).toMatchObject({ country_id: 3, branch_id: null });
    const mail = await staffMailOf(noBranch.data!.id);
    expect(mail.to_address).toBe('canada@example.com');
    expect(mail.text_body).toContain('Preferred time: Afternoon');
    expect(mail.text_body).not.toContain('Meet by');
    expect(mail.text_body).not.toContain('Preferred date');
  });

  it('refuses a day in the past or too far ahead, and a branch it cannot take, storing nothing', async () => {
    const before = await countEntries(app, 'general_form_entries');
    const past = await gql(app, GENERAL, { input: await booking({ preferred_date: inDays(-3) }) });
    expectFieldErrors(past, { preferred_date: APPOINTMENT_MESSAGES.dateInPast });
    const far = await gql(app, GENERAL, {
      input: await booking({ preferred_date: inDays(APPOINTMENT_DAYS_AHEAD + 5) }),
    });
    expectFieldErrors(far, { preferred_date: APPOINTMENT_MESSAGES.dateTooFar });
    const impossible = await trpcCall(app, 'forms.generalForm', await booking({ preferred_date: '2026-02-30' }), {
      mutation: true,
    });
    expect(impossible.error?.fields).toEqual({ preferred_date: APPOINTMENT_MESSAGES.invalidDate });
    const badMeeting = await trpcCall(app, 'forms.generalForm', await booking({ meeting: 'TELEPATHY' }), {
      mutation: true,
    });
    expect(badMeeting.error?.fields).toEqual({ meeting: APPOINTMENT_MESSAGES.meeting });

    // A branch that does not exist, or of a country that is not shown.
    const hidden = await app.db
      .insertInto('countries')
      .values({ name: 'Ireland', is_enabled: 'DISABLE' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const dublin = await app.db
      .insertInto('branches')
      .values({
        country_id: hidden.id,
        name: 'Dublin',
        email: 'dublin@example.com',
        phone_number: '+353 1 000 0000',
        address: 'Dublin',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const branchId of [dublin.id, 99_999]) {
      const refused = await gql(app, GENERAL, { input: await booking({ branch_id: branchId }) });
      expect(errorCode(refused)).toBe('NOT_FOUND');
      expect(refused.errors[0]?.extensions?.fields).toEqual({ branch_id: 'Branch not found' });
    }
    expect(await countEntries(app, 'general_form_entries')).toBe(before);
  });

  it('lists open bookings by the day asked for on the dashboard, soonest and mornings first, within the caller’s countries', async () => {
    const afternoon = await sendBookingLead(app, {
      first_name: 'Ana',
      preferred_date: inDays(3),
      preferred_time: 'AFTERNOON',
    });
    const morning = await sendBookingLead(app, {
      first_name: 'Bo',
      preferred_date: inDays(3),
      preferred_time: 'MORNING',
      meeting: 'IN_PERSON',
      branch_id: kathmandu,
    });
    const sooner = await sendBookingLead(app, { first_name: 'Cy', preferred_date: inDays(2) });
    const later = await sendBookingLead(app, { first_name: 'Di', preferred_date: inDays(30) });
    const won = await sendBookingLead(app, { first_name: 'Ed', preferred_date: inDays(2) });
    const noDay = await sendBookingLead(app, { first_name: 'Fay' });
    await app.db.updateTable('leads').set({ status: 'WON' }).where('id', '=', won).execute();

    const agendaOf = async (token: string) => {
      const dashboard = await trpcCall<{
        appointments: { days: number; leads: Record<string, unknown>[] };
      }>(app, 'leads.dashboard', null, { token });
      expect(dashboard.error).toBeUndefined();
      return dashboard.data!.appointments;
    };
    const agenda = await agendaOf(admin);
    expect(agenda.days).toBe(14);
    const ids = agenda.leads.map((lead) => lead.id);
    expect(ids.filter((id) => [afternoon, morning, sooner, later, won, noDay].includes(id as number))).toEqual([
      sooner,
      morning,
      afternoon,
    ]);
    expect(agenda.leads.find((lead) => lead.id === morning)).toMatchObject({
      first_name: 'Bo',
      meeting: 'IN_PERSON',
      branch_name: 'Kathmandu',
      country_name: 'Nepal',
      day: inDays(3),
      time: null,
      preferred_time: 'MORNING',
      status: 'NEW',
    });
    // An editor of Nepal sees the booking sent to Kathmandu, not those of the Canada site.
    const nepal = (await agendaOf(await staffToken(app, 'EDITOR', [2]))).leads.map((lead) => lead.id);
    expect(nepal).toContain(morning);
    expect(nepal).not.toContain(afternoon);
  });
});
