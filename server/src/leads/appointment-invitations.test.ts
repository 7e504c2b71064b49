/**
 * Also run on PostgreSQL (decision 056): mails through the job queue.
 * @module-tag database-engine
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TIME_ZONE_MESSAGE } from '../../../shared/time-zone.js';
import { buildFormsTestApp, sendBookingLead, sendEnquiryLead } from '../../test/forms.js';
import { errorCode, gql, staffMember, trpcCall } from '../../test/graphql.js';
import { storedMails } from '../../test/mails.js';
import { startSmtpServer } from '../../test/smtp.js';
import { zonedInstant } from './appointment-mails.js';
import { sendAppointmentReminders } from './reminders.js';
import { ANONYMISED_REPLY_MESSAGE } from './leads.service.js';
import { dayAfter, todayIn } from '../../../shared/calendar-days.js';

/** The site's own time zone in these tests: eleven hours behind UTC, so a country's zone visibly differs from it. */
const SITE_TIME_ZONE = 'Pacific/Pago_Pago';

/** An iCalendar object's lines, unfolded (long lines continue on the next after a space). */
const icsLines = (calendar: string) => calendar.replace(/\r\n[ \t]/g, '').split(/\r\n/);
const icsValue = (calendar: string, name: string) =>
  icsLines(calendar)
    .find((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`))
    ?.replace(/^[^:]*:/, '');

describe('zonedInstant', () => {
  it('reads a day and a time on the clock of a time zone, across changes of offset', () => {
    // Kathmandu is UTC+05:45 all year.
    expect(zonedInstant('2026-12-02', '15:30', 'Asia/Kathmandu').toISOString()).toBe('2026-12-02T09:45:00.000Z');
    // Sydney: UTC+11 in its summer, UTC+10 in its winter.
    expect(zonedInstant('2027-01-12', '10:00', 'Australia/Sydney').toISOString()).toBe('2027-01-11T23:00:00.000Z');
    expect(zonedInstant('2027-07-12', '10:00', 'Australia/Sydney').toISOString()).toBe('2027-07-12T00:00:00.000Z');
    // Toronto: the day after its clocks went back.
    expect(zonedInstant('2026-11-02', '09:00', 'America/Toronto').toISOString()).toBe('2026-11-02T14:00:00.000Z');
    // 02:30 does not exist in Sydney on 4 October 2026 (02:00 became 03:00): it is read as 03:30.
    expect(zonedInstant('2026-10-04', '02:30', 'Australia/Sydney').toISOString()).toBe('2026-10-03T16:30:00.000Z');
  });
});

/** Decision 050: a country's time zone, the visitor's calendar invitation, and reminders on the country's clock. */
describe('leads: appointment invitations', () => {
  let app: FastifyInstance;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let admin: Awaited<ReturnType<typeof staffMember>>;

  const update = (input: Record<string, unknown>) =>
    trpcCall<{ appointment: unknown; time_zone: string }>(app, 'leads.update', input, {
      token: admin.token,
      mutation: true,
    });
  const setTimeZone = (id: number, time_zone: string | null) =>
    trpcCall<{ time_zone: string | null }>(
      app,
      'country.update',
      { id, time_zone },
      { token: admin.token, mutation: true },
    );
  const invitations = () => storedMails(app, 'APPOINTMENT_INVITATION');

  // What the SMTP server received with a calendar part (the lead's own mails arrive there too).
  const calendarMails = () => smtp.received.filter((mail) => /^Content-Type: text\/calendar/im.test(mail.raw));

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await buildFormsTestApp({
      config: {
        leads: { timeZone: SITE_TIME_ZONE, retentionMonths: 36 },
        mail: { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: 'Horizon <no-reply@horizon.example>' },
      },
    });
    admin = await staffMember(app, { role: 'ADMIN' });
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });
  beforeEach(async () => {
    await app.db.deleteFrom('leads').execute();
    await app.db.deleteFrom('mails').execute();
    await app.db.updateTable('countries').set({ time_zone: null }).execute();
    await app.db.updateTable('branches').set({ time_zone: null }).execute();
  });

  it('keeps a time zone per country on both APIs, refusing one that does not exist', async () => {
    const nepal = await setTimeZone(2, 'asia/KATHMANDU');
    expect(nepal.error).toBeUndefined();
    expect(nepal.data!.time_zone).toBe('Asia/Kathmandu');

    const UPDATE =
      'mutation($id: Int!, $time_zone: String) { updateCountry(id: $id, time_zone: $time_zone) { time_zone } }';
    const canada = await gql<{ updateCountry: { time_zone: string } }>(
      app,
      UPDATE,
      { id: 3, time_zone: 'America/Toronto' },
      admin.token,
    );
    expect(canada.data!.updateCountry.time_zone).toBe('America/Toronto');
    const refused = await gql(app, UPDATE, { id: 3, time_zone: 'Mars/Olympus_Mons' }, admin.token);
    expect(errorCode(refused)).toBe('BAD_USER_INPUT');
    expect(refused.errors[0]?.extensions?.fields).toEqual({ time_zone: TIME_ZONE_MESSAGE });
    // Left out: as it was. Empty: back to the site's own.
    await gql(app, 'mutation { updateCountry(id: 3, name: "Canada") { id } }', {}, admin.token);
    const listed = await gql<{ getCountries: { id: number; time_zone: string | null }[] }>(
      app,
      'query { getCountries { id time_zone } }',
    );
    expect(listed.data!.getCountries.find((country) => country.id === 3)?.time_zone).toBe('America/Toronto');
    expect((await gql(app, UPDATE, { id: 3, time_zone: '' }, admin.token)).errors).toEqual([]);
    const row = await app.db.selectFrom('countries').select('time_zone').where('id', '=', 3).executeTakeFirstOrThrow();
    expect(row.time_zone).toBeNull();
  });

  it('mails the visitor an invitation when staff arrange, move or call off the appointment, if they ask', async () => {
    await setTimeZone(2, 'Asia/Kathmandu');
    const id = await sendEnquiryLead(app, { first_name: 'Sita', last_name: 'Sharma' });
    const arranged = await update({
      id,
      appointment: { day: '2027-01-12', time: '15:30', meeting: 'IN_PERSON' },
      tell_visitor: true,
    });
    expect(arranged.error).toBeUndefined();
    expect(arranged.data!.time_zone).toBe('Asia/Kathmandu');

    const [invitation] = await invitations();
    expect(invitation).toMatchObject({
      to_address: 'sita@example.com',
      reply_to: 'kathmandu@example.com',
      subject: 'Your appointment: Tuesday, 12 January 2027 at 15:30 · At a branch',
      country_id: 2,
    });
    expect(invitation!.text_body).toContain('Dear Sita,');
    expect(invitation!.text_body).toMatch(/Where: Kathmandu, .+\./);
    const calendar = invitation!.calendar!;
    expect(icsValue(calendar, 'METHOD')).toBe('REQUEST');
    // 15:30 in Kathmandu (UTC+05:45), for an hour.
    expect(icsValue(calendar, 'DTSTART')).toBe('20270112T094500Z');
    expect(icsValue(calendar, 'DTEND')).toBe('20270112T104500Z');
    expect(icsValue(calendar, 'SEQUENCE')).toBe('1');
    expect(icsValue(calendar, 'STATUS')).toBe('CONFIRMED');
    expect(icsValue(calendar, 'ORGANIZER')).toBe('mailto:kathmandu@example.com');
    expect(icsLines(calendar).find((line) => line.startsWith('ATTENDEE'))).toMatch(
      /RSVP=TRUE;CN="Sita Sharma":mailto:sita@example\.com$/i,
    );
    const uid = icsValue(calendar, 'UID');
    // On the From's domain, so a branch whose address changes still moves the same event.
    // Its random key (decision 062): only someone sent the invitation can answer it.
    expect(uid).toMatch(/^appointment-CONTACT_US-\d+-[A-Za-z0-9_-]{22}@horizon\.example$/);

    // The job sends it with its calendar part, which mail programs act on.
    await expect.poll(() => calendarMails().length, { timeout: 20_000 }).toBe(1);
    expect(calendarMails()[0]!.to).toEqual(['sita@example.com']);
    expect(calendarMails()[0]!.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);

    // Moved over GraphQL: the same event, a higher sequence.
    const moved = await gql(
      app,
      'mutation($input: UpdateEnquiryInput!) { updateEnquiry(input: $input) { id time_zone } }',
      {
        input: {
          id,
          appointment: { day: '2027-01-13', time: '11:00', meeting: 'PHONE', minutes: 30 },
          tell_visitor: true,
        },
      },
      admin.token,
    );
    expect(moved.errors).toEqual([]);
    // Changed without telling the visitor: no mail.
    expect((await update({ id, appointment: { day: '2027-01-14', time: '11:00', meeting: 'PHONE' } })).error).toBe(
      undefined,
    );
    // Called off, telling them: the calendar removes it.
    expect((await update({ id, appointment: null, tell_visitor: true })).error).toBeUndefined();

    const [, movedMail, calledOff] = await invitations();
    expect(movedMail!.subject).toBe(
      'Your appointment has moved: Wednesday, 13 January 2027 at 11:00 for 30 minutes · Phone call',
    );
    expect(movedMail!.text_body).not.toContain('Where:');
    expect(icsValue(movedMail!.calendar!, 'UID')).toBe(uid);
    expect(icsValue(movedMail!.calendar!, 'SEQUENCE')).toBe('2');
    // Half an hour in the calendar.
    expect(icsValue(movedMail!.calendar!, 'DTSTART')).toBe('20270113T051500Z');
    expect(icsValue(movedMail!.calendar!, 'DTEND')).toBe('20270113T054500Z');
    expect(calledOff!.subject).toBe('Your appointment on Thursday, 14 January 2027 is called off');
    expect(icsValue(calledOff!.calendar!, 'METHOD')).toBe('CANCEL');
    expect(icsValue(calledOff!.calendar!, 'STATUS')).toBe('CANCELLED');
    expect(icsValue(calledOff!.calendar!, 'UID')).toBe(uid);
    expect(icsValue(calledOff!.calendar!, 'SEQUENCE')).toBe('4');
    expect(await invitations()).toHaveLength(3);
    await expect.poll(() => calendarMails().length, { timeout: 20_000 }).toBe(3);
    expect(calendarMails().filter((mail) => /method=CANCEL/i.test(mail.raw))).toHaveLength(1);
  });

  it("puts a branch on its own clock when it differs from its country's, on both APIs", async () => {
    await setTimeZone(2, 'Asia/Kathmandu');
    // Kathmandu's branch (id 2) on India's clock, UTC+05:30, a quarter of an hour behind Nepal's.
    const set = await trpcCall<{ time_zone: string | null }>(
      app,
      'branch.update',
      { id: 2, time_zone: 'asia/kolkata' },
      { token: admin.token, mutation: true },
    );
    expect(set.data!.time_zone).toBe('Asia/Kolkata');
    const UPDATE = 'mutation($input: UpdateBranchInput!) { updateBranch(input: $input) { time_zone } }';
    const refused = await gql(app, UPDATE, { input: { id: 2, time_zone: 'Kathmandu' } }, admin.token);
    expect(refused.errors[0]?.extensions?.fields).toEqual({ time_zone: TIME_ZONE_MESSAGE });

    const id = await sendEnquiryLead(app);
    const arranged = await update({
      id,
      appointment: { day: '2027-01-12', time: '15:30', meeting: 'IN_PERSON' },
      tell_visitor: true,
    });
    expect(arranged.data!.time_zone).toBe('Asia/Kolkata');
    const [invitation] = await invitations();
    expect(icsValue(invitation!.calendar!, 'DTSTART')).toBe('20270112T100000Z');

    // Cleared: the branch is on its country's clock again.
    const cleared = await gql<{ updateBranch: { time_zone: string | null } }>(
      app,
      UPDATE,
      { input: { id: 2, time_zone: '' } },
      admin.token,
    );
    expect(cleared.data!.updateBranch.time_zone).toBeNull();
    const lead = await gql<{ getEnquiries: { data: { id: number; time_zone: string }[] } }>(
      app,
      'query { getEnquiries { data { id time_zone } } }',
      {},
      admin.token,
    );
    expect(lead.data!.getEnquiries.data.find((each) => each.id === id)?.time_zone).toBe('Asia/Kathmandu');
  });

  it("uses the site's time zone for a country without one, and the From when no one else organises", async () => {
    await app.db.deleteFrom('header_contact_infos').where('country_id', '=', 3).execute();
    const id = await sendBookingLead(app);
    await update({ id, appointment: { day: '2027-01-12', time: '10:00', meeting: 'VIDEO' }, tell_visitor: true });
    const [invitation] = await invitations();
    // 10:00 in Pago Pago (UTC−11) is 21:00 UTC.
    expect(icsValue(invitation!.calendar!, 'DTSTART')).toBe('20270112T210000Z');
    expect(icsValue(invitation!.calendar!, 'ORGANIZER')).toBe('mailto:no-reply@horizon.example');
    expect(invitation!.reply_to).toBeNull();
  });

  it('refuses to tell a visitor whose details were removed, and changes nothing', async () => {
    const id = await sendEnquiryLead(app);
    await app.db.updateTable('leads').set({ email_address: '' }).where('id', '=', id).execute();
    const refused = await update({
      id,
      appointment: { day: '2027-01-12', time: '10:00', meeting: 'PHONE' },
      tell_visitor: true,
    });
    expect(refused.error?.message).toBe(ANONYMISED_REPLY_MESSAGE);
    const lead = await app.db.selectFrom('leads').select('appointment_on').where('id', '=', id).executeTakeFirst();
    expect(lead!.appointment_on).toBeNull();
    expect(await invitations()).toEqual([]);
  });

  it("reminds visitors the morning before on their country's clock", async () => {
    // Kiritimati is UTC+14 and Pago Pago UTC−11: their dates always differ, so their tomorrows do too.
    await setTimeZone(3, 'Pacific/Kiritimati');
    const tomorrowIn = (timeZone: string) => dayAfter(todayIn(timeZone));
    const [canadaTomorrow, siteTomorrow] = [tomorrowIn('Pacific/Kiritimati'), tomorrowIn(SITE_TIME_ZONE)];
    const canada = await sendBookingLead(app, { email_address: 'liam@example.com' });
    await update({ id: canada, appointment: { day: canadaTomorrow, time: '10:00', meeting: 'VIDEO' } });
    const canadaLater = await sendBookingLead(app, { email_address: 'noah@example.com' });
    await update({ id: canadaLater, appointment: { day: siteTomorrow, time: '10:00', meeting: 'VIDEO' } });
    const nepal = await sendEnquiryLead(app, { email_address: 'sita@example.com' });
    await update({ id: nepal, appointment: { day: siteTomorrow, time: '11:00', meeting: 'PHONE' } });

    const queued = await sendAppointmentReminders(app.db, app.jobs, {
      leads: { timeZone: SITE_TIME_ZONE, retentionMonths: 36 },
      mail: { from: 'Horizon <no-reply@horizon.example>' },
    });
    expect(queued).toBe(2);
    const reminded = await storedMails(app, 'APPOINTMENT_REMINDER', 'to_address');
    expect(reminded.map((mail) => mail.to_address)).toEqual(['liam@example.com', 'sita@example.com']);
  });
});
