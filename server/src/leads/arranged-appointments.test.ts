/**
 * Also run on PostgreSQL (decision 056): reminder jobs on the queue, times on each branch's clock.
 * @module-tag database-engine
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { APPOINTMENT_LENGTH_MESSAGE, appointmentLabel } from '../../../shared/appointment.js';
import { buildFormsTestApp, inDays, sendBookingLead, sendEnquiryLead } from '../../test/forms.js';
import { errorCode, gql, staffMember, trpcCall } from '../../test/graphql.js';
import { storedMails } from '../../test/mails.js';
import { clockAt, dayAfter, todayIn } from '../../../shared/calendar-days.js';

const TIME_ZONE = 'Asia/Kathmandu';

type Appointment = { day: string; time: string; meeting: string; minutes: number } | null;
type AgendaEntry = { id: number; day: string; time: string | null; preferred_time: string | null; meeting: string };

/** Decision 049: an appointment staff arrange with a lead's visitor, its history and the dashboard's agenda. */
describe('leads: arranged appointments', () => {
  let app: FastifyInstance;
  let admin: Awaited<ReturnType<typeof staffMember>>;
  let canadaEditor: Awaited<ReturnType<typeof staffMember>>;

  const update = (input: Record<string, unknown>, token = admin.token) =>
    trpcCall<{ appointment: Appointment }>(app, 'leads.update', input, { token, mutation: true });
  const historyOf = async (id: number) =>
    (
      await trpcCall<{ history: { kind: string; from_value: string | null; to_value: string | null }[] }>(
        app,
        'leads.get',
        { id },
        { token: admin.token },
      )
    ).data!.history.filter((event) => event.kind === 'APPOINTMENT');
  const agenda = async (token = admin.token) =>
    (await trpcCall<{ appointments: { leads: AgendaEntry[] } }>(app, 'leads.dashboard', null, { token })).data!
      .appointments.leads;

  /** Runs `test` with the Canada site (whose bookings these are) on Toronto's clock, then back on the site's. */
  const onTorontoClock = async (test: () => Promise<void>) => {
    await app.db.updateTable('countries').set({ time_zone: 'America/Toronto' }).where('id', '=', 3).execute();
    try {
      await test();
    } finally {
      await app.db.updateTable('countries').set({ time_zone: null }).where('id', '=', 3).execute();
    }
  };

  beforeAll(async () => {
    app = await buildFormsTestApp({ config: { leads: { timeZone: TIME_ZONE, retentionMonths: 36 } } });
    [admin, canadaEditor] = await Promise.all([
      staffMember(app, { role: 'ADMIN' }),
      staffMember(app, { role: 'EDITOR', countryIds: [3] }),
    ]);
  });
  afterAll(() => app?.close());
  beforeEach(async () => {
    // Each test reads the mails it causes (a morning job also reminds visitors).
    await app.db.deleteFrom('mails').execute();
    await app.db.deleteFrom('leads').execute();
  });

  it('arranges, moves and calls off an appointment, each leaving a line in the history, on both APIs', async () => {
    const id = await sendEnquiryLead(app);
    // Without a length, it is the usual hour.
    const first = { day: inDays(5), time: '14:30', meeting: 'IN_PERSON', minutes: 60 } as const;
    const arranged = await update({ id, appointment: { ...first, minutes: undefined } });
    expect(arranged.error).toBeUndefined();
    expect(arranged.data!.appointment).toEqual(first);

    // Moved, and shortened, through GraphQL, which answers the lead with it.
    const moved = { day: inDays(6), time: '09:00', meeting: 'VIDEO', minutes: 30 } as const;
    const response = await gql<{ updateEnquiry: { appointment: Appointment } }>(
      app,
      'mutation($input: UpdateEnquiryInput!) { updateEnquiry(input: $input) { appointment { day time meeting minutes } } }',
      { input: { id, appointment: moved } },
      admin.token,
    );
    expect(response.errors).toEqual([]);
    expect(response.data!.updateEnquiry.appointment).toEqual(moved);
    // The same appointment again changes nothing and writes no line.
    expect((await update({ id, appointment: moved })).error).toBeUndefined();
    // Only its length changed is a change too.
    const longer = { ...moved, minutes: 90 } as const;
    expect((await update({ id, appointment: longer })).data!.appointment).toEqual(longer);

    const calledOff = await update({ id, appointment: null });
    expect(calledOff.data!.appointment).toBeNull();
    const [firstLabel, movedLabel, longerLabel] = [first, moved, longer].map(appointmentLabel);
    expect(await historyOf(id)).toEqual([
      expect.objectContaining({ from_value: null, to_value: firstLabel }),
      expect.objectContaining({ from_value: firstLabel, to_value: movedLabel }),
      expect.objectContaining({ from_value: movedLabel, to_value: longerLabel }),
      expect.objectContaining({ from_value: longerLabel, to_value: null }),
    ]);
    // The usual hour goes unsaid; another length is told.
    expect(firstLabel).toMatch(/ at 14:30 · At a branch$/);
    expect(movedLabel).toMatch(/ at 09:00 for 30 minutes · Video call$/);
    expect(longerLabel).toMatch(/ at 09:00 for 1 hour 30 minutes · Video call$/);
  });

  it('refuses an impossible day or time, or no way to meet, and leaves the lead as it was', async () => {
    const id = await sendEnquiryLead(app);
    for (const [appointment, field, message] of [
      [{ day: '2026-02-30', time: '10:00', meeting: 'PHONE' }, 'appointment.day', 'Enter a valid date (YYYY-MM-DD)'],
      [{ day: inDays(2), time: '25:00', meeting: 'PHONE' }, 'appointment.time', 'Enter the time as HH:MM (24-hour)'],
      [
        { day: inDays(2), time: '10:00', meeting: 'LETTER' },
        'appointment.meeting',
        '*Choose how you would like to meet',
      ],
      [
        { day: inDays(2), time: '10:00', meeting: 'PHONE', minutes: 25 },
        'appointment.minutes',
        APPOINTMENT_LENGTH_MESSAGE,
      ],
      [
        { day: inDays(2), time: '10:00', meeting: 'PHONE', minutes: '30' },
        'appointment.minutes',
        APPOINTMENT_LENGTH_MESSAGE,
      ],
    ] as const) {
      const refused = await update({ id, appointment });
      expect(refused.error?.code).toBe('BAD_REQUEST');
      expect(refused.error?.fields).toEqual({ [field]: message });
    }
    expect(await historyOf(id)).toEqual([]);
    // Nor may staff of another country arrange one.
    expect(
      (await update({ id, appointment: { day: inDays(2), time: '10:00', meeting: 'PHONE' } }, canadaEditor.token))
        .error,
    ).toBeDefined();
    expect(await historyOf(id)).toEqual([]);
  });

  it('lists arranged appointments on the agenda with their time, before the days bookings ask for', async () => {
    const enquiry = await sendEnquiryLead(app);
    await update({
      id: enquiry,
      appointment: { day: inDays(4), time: '11:15', meeting: 'PHONE', minutes: 45 },
      assignee_id: admin.id,
    });
    const asked = await sendBookingLead(app, {
      preferred_date: inDays(4),
      preferred_time: 'MORNING',
      meeting: 'VIDEO',
    });
    // Asked for a day, then arranged for another: listed once, on the arranged day.
    const rearranged = await sendBookingLead(app, {
      preferred_date: inDays(3),
      preferred_time: 'MORNING',
      meeting: 'VIDEO',
    });
    await update({ id: rearranged, appointment: { day: inDays(8), time: '16:00', meeting: 'IN_PERSON' } });
    // Too far ahead, and closed: not listed.
    const later = await sendEnquiryLead(app);
    await update({ id: later, appointment: { day: inDays(20), time: '10:00', meeting: 'PHONE' } });
    const lost = await sendEnquiryLead(app);
    await update({ id: lost, appointment: { day: inDays(4), time: '08:00', meeting: 'PHONE' }, status: 'LOST' });

    expect(await agenda()).toEqual([
      // With how long, and who meets them.
      expect.objectContaining({
        id: enquiry,
        day: inDays(4),
        time: '11:15',
        minutes: 45,
        meeting: 'PHONE',
        assignee_name: admin.name,
      }),
      expect.objectContaining({ id: asked, day: inDays(4), time: null, preferred_time: 'MORNING', meeting: 'VIDEO' }),
      expect.objectContaining({ id: rearranged, day: inDays(8), time: '16:00', meeting: 'IN_PERSON' }),
    ]);
    // The bookings are the Canada site's, the enquiries Nepal's: an editor of Canada sees only theirs.
    expect((await agenda(canadaEditor.token)).map((entry) => entry.id)).toEqual([asked, rearranged]);
    expect(errorCode(await gql(app, 'query { getEnquiries { data { id } } }'))).toBe('UNAUTHENTICATED');
  });

  it('filters the inbox by appointment: upcoming, past or none, on both APIs', async () => {
    const upcoming = await sendEnquiryLead(app);
    await update({ id: upcoming, appointment: { day: inDays(4), time: '11:15', meeting: 'PHONE' } });
    const past = await sendEnquiryLead(app);
    await update({ id: past, appointment: { day: inDays(-3), time: '09:00', meeting: 'VIDEO' } });
    const none = await sendBookingLead(app);
    const listed = async (appointment: string) =>
      (
        await trpcCall<{ data: { id: number }[] }>(
          app,
          'leads.list',
          { filter: { appointment } },
          { token: admin.token },
        )
      ).data!.data.map((lead) => lead.id);
    expect(await listed('UPCOMING')).toEqual([upcoming]);
    expect(await listed('PAST')).toEqual([past]);
    expect(await listed('NONE')).toEqual([none]);
    const viaGraphql = await gql<{ getEnquiries: { data: { id: number }[] } }>(
      app,
      'query { getEnquiries(filter: { appointment: UPCOMING }) { data { id } } }',
      {},
      admin.token,
    );
    expect(viaGraphql.data!.getEnquiries.data.map((lead) => lead.id)).toEqual([upcoming]);
    expect(
      errorCode(
        await gql(app, 'query { getEnquiries(filter: { appointment: SOON }) { data { id } } }', {}, admin.token),
      ),
    ).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('orders the inbox by the soonest appointment (each on its own clock) or follow-up day, or oldest first', async () => {
    // The booking is the Canada site's, on Toronto's clock; the enquiries are Kathmandu's (the site's clock).
    await onTorontoClock(async () => {
      const day = inDays(3);
      // 09:00 in Toronto comes after 10:00 in Kathmandu the same day (14:00 and 04:15 UTC).
      const toronto = await sendBookingLead(app);
      await update({ id: toronto, appointment: { day, time: '09:00', meeting: 'VIDEO' }, follow_up_on: inDays(1) });
      const kathmandu = await sendEnquiryLead(app);
      await update({ id: kathmandu, appointment: { day, time: '10:00', meeting: 'PHONE' }, follow_up_on: inDays(4) });
      const none = await sendEnquiryLead(app);
      await update({ id: none, follow_up_on: inDays(2) });

      const listed = async (order?: string) =>
        (
          await trpcCall<{ data: { id: number }[] }>(app, 'leads.list', { order }, { token: admin.token })
        ).data!.data.map((lead) => lead.id);
      expect(await listed()).toEqual([none, kathmandu, toronto]);
      expect(await listed('NEWEST')).toEqual([none, kathmandu, toronto]);
      expect(await listed('OLDEST')).toEqual([toronto, kathmandu, none]);
      expect(await listed('APPOINTMENT')).toEqual([kathmandu, toronto, none]);
      expect(await listed('FOLLOW_UP')).toEqual([toronto, none, kathmandu]);

      // The CSV export keeps the list's order; GraphQL takes it as an argument.
      const exported = await trpcCall<{ data: { id: number }[] }>(
        app,
        'leads.export',
        { filter: { appointment: 'UPCOMING' }, order: 'APPOINTMENT' },
        { token: admin.token },
      );
      expect(exported.data!.data.map((lead) => lead.id)).toEqual([kathmandu, toronto]);
      const viaGraphql = await gql<{ getEnquiries: { data: { id: number }[] } }>(
        app,
        'query { getEnquiries(order: FOLLOW_UP) { data { id } } }',
        {},
        admin.token,
      );
      expect(viaGraphql.data!.getEnquiries.data.map((lead) => lead.id)).toEqual([toronto, none, kathmandu]);
      expect(errorCode(await gql(app, 'query { getEnquiries(order: SOONEST) { data { id } } }', {}, admin.token))).toBe(
        'GRAPHQL_VALIDATION_FAILED',
      );
      expect((await trpcCall(app, 'leads.list', { order: 'SOONEST' }, { token: admin.token })).error).toBeDefined();
    });
  });

  it('warns of appointments that overlap one being arranged: the same counsellor’s, or in person at the branch', async () => {
    // The booking is the Canada site's, on Toronto's clock (UTC−5 in January); the enquiries are Kathmandu's
    // (UTC+05:45), all at its Kathmandu branch.
    await onTorontoClock(async () => {
      const day = '2027-01-20';
      const arrange = async (
        id: number,
        appointment: Record<string, unknown>,
        more: Record<string, unknown> = { assignee_id: admin.id },
      ) => expect((await update({ id, appointment, ...more })).error).toBeUndefined();
      // The lead being arranged: in person, 10:15–10:45 in Kathmandu (04:30–05:00 UTC), with the admin as counsellor.
      const lead = await sendEnquiryLead(app);
      await arrange(lead, { day, time: '10:15', meeting: 'PHONE' });
      const sameCounsellor = await sendEnquiryLead(app, { first_name: 'Asha' });
      await arrange(sameCounsellor, { day, time: '10:00', meeting: 'PHONE' });
      const sameBranch = await sendEnquiryLead(app, { first_name: 'Bina' });
      await arrange(sameBranch, { day, time: '10:30', meeting: 'IN_PERSON', minutes: 30 }, {});
      // 23:30 the evening before in Toronto is 04:30 UTC: the same counsellor, at the same instant.
      const toronto = await sendBookingLead(app, { first_name: 'Liam' });
      await arrange(toronto, { day: '2027-01-19', time: '23:30', meeting: 'VIDEO' });
      // Not clashes: a call by someone else, one that starts as this one ends, a lost lead's.
      const otherCall = await sendEnquiryLead(app);
      await arrange(otherCall, { day, time: '10:30', meeting: 'PHONE' }, {});
      const after = await sendEnquiryLead(app);
      await arrange(after, { day, time: '10:45', meeting: 'PHONE' });
      const lost = await sendEnquiryLead(app);
      await arrange(lost, { day, time: '10:15', meeting: 'PHONE' }, { assignee_id: admin.id, status: 'LOST' });

      const clashes = async (meeting: string, token = admin.token) =>
        trpcCall<{ id: number; first_name: string; same_counsellor: boolean; appointment: { minutes: number } }[]>(
          app,
          'leads.appointmentClashes',
          { id: lead, appointment: { day, time: '10:15', meeting, minutes: 30 } },
          { token },
        );
      expect((await clashes('IN_PERSON')).data).toEqual([
        expect.objectContaining({ id: sameCounsellor, first_name: 'Asha', same_counsellor: true }),
        expect.objectContaining({ id: toronto, first_name: 'Liam', same_counsellor: true }),
        expect.objectContaining({ id: sameBranch, first_name: 'Bina', same_counsellor: false }),
      ]);
      expect((await clashes('PHONE')).data!.map((clash) => clash.id)).toEqual([sameCounsellor, toronto]);
      // Unassigned and not in person: nothing to clash with.
      await update({ id: lead, assignee_id: null });
      expect((await clashes('PHONE')).data).toEqual([]);
      // Another country's editor may not ask about this lead.
      expect((await clashes('PHONE', canadaEditor.token)).error).toBeDefined();
    });
  });

  it('lists each counsellor’s appointments of the next 24 hours in their morning mail, through the queue', async () => {
    const counsellor = await staffMember(app, { role: 'EDITOR', countryIds: [2, 3], name: 'Nabin' });
    const colleague = await staffMember(app, { role: 'EDITOR', countryIds: [2, 3], name: 'Gita' });
    const hour = 3_600_000;
    // A day and time `hours` from now on a clock (YYYY-MM-DD, HH:MM).
    const inHours = (hours: number, timeZone: string) => clockAt(timeZone, new Date(Date.now() + hours * hour));
    const arrange = async (hours: number, meeting: string, more: Record<string, unknown>, lead?: number) => {
      const id = lead ?? (await sendEnquiryLead(app, { first_name: `In ${hours} hours` }));
      const timeZone = lead === undefined ? TIME_ZONE : 'America/Toronto';
      const done = await update({ id, appointment: { ...inHours(hours, timeZone), meeting }, ...more });
      expect(done.error).toBeUndefined();
      return id;
    };
    await onTorontoClock(async () => {
      const mine = { assignee_id: counsellor.id };
      await arrange(2, 'PHONE', mine);
      // A booking of the Canada site, on Toronto's clock.
      await arrange(5, 'VIDEO', mine, await sendBookingLead(app, { first_name: 'Liam' }));
      // Not in Nabin's mail: later than a day, already begun, a colleague's, a lost lead's.
      await arrange(30, 'PHONE', mine);
      await arrange(-1, 'PHONE', mine);
      await arrange(3, 'PHONE', { assignee_id: colleague.id });
      await arrange(4, 'PHONE', { ...mine, status: 'LOST' });

      await app.jobs.send(app.db, 'follow-up-reminders', {});
      const mornings = () => storedMails(app, 'FOLLOW_UP_REMINDER', 'to_address');
      await expect.poll(async () => (await mornings()).length, { timeout: 20_000, interval: 250 }).toBe(2);
      const nabins = (await mornings()).filter((each) => each.text_body.startsWith('Good morning Nabin,'));
      expect(nabins).toHaveLength(1);
      const [nabin] = nabins;
      expect(nabin!.subject).toBe('2 appointments in the next 24 hours');
      const lines = nabin!.text_body.split('\n').filter((line) => line.startsWith('- '));
      expect(lines).toEqual([
        expect.stringMatching(
          /^- .* at \d\d:\d\d · Phone call: In 2 hours .*\(Enquiry, Nepal\): http:\/\/.+\?lead=\d+$/,
        ),
        expect.stringMatching(/^- .* at \d\d:\d\d · Video call \(America\/Toronto\): Liam .*\(Appointment, Canada\): /),
      ]);
      expect(nabin!.html_body).toMatch(
        /<li>[^<]+ · Phone call: <a href="[^"]+\?lead=\d+">In 2 hours Sharma<\/a> \(Enquiry, Nepal\)<\/li>/,
      );
      const gita = (await mornings()).find((each) => each.text_body.startsWith('Good morning Gita,'));
      expect(gita!.subject).toBe('1 appointment in the next 24 hours');
    });
  });

  it('reminds each visitor of tomorrow’s appointment once, the morning before, through the queue', async () => {
    const tomorrow = dayAfter(todayIn(TIME_ZONE));
    // At the Kathmandu branch (the enquiry's), and a video call for a booking of the Canada site.
    const atBranch = await sendEnquiryLead(app, { first_name: 'Sita<b>' });
    await update({ id: atBranch, appointment: { day: tomorrow, time: '10:30', meeting: 'IN_PERSON' } });
    const byVideo = await sendBookingLead(app, { first_name: 'Liam' });
    await update({ id: byVideo, appointment: { day: tomorrow, time: '16:00', meeting: 'VIDEO' } });
    // Not reminded: another day, a lost lead.
    const later = await sendEnquiryLead(app);
    await update({ id: later, appointment: { day: inDays(9), time: '10:00', meeting: 'PHONE' } });
    const lost = await sendEnquiryLead(app, { email_address: 'lost@example.com' });
    await update({ id: lost, appointment: { day: tomorrow, time: '09:00', meeting: 'PHONE' }, status: 'LOST' });

    const reminders = () => storedMails(app, 'APPOINTMENT_REMINDER', 'subject');
    await app.jobs.send(app.db, 'follow-up-reminders', {});
    await expect.poll(async () => (await reminders()).length, { timeout: 20_000, interval: 250 }).toBe(2);
    const [morning, afternoon] = await reminders();
    const label = appointmentLabel({ day: tomorrow, time: '10:30', meeting: 'IN_PERSON', minutes: 60 });
    expect(morning).toMatchObject({
      to_address: 'sita@example.com',
      reply_to: 'kathmandu@example.com',
      subject: 'Your appointment tomorrow at 10:30',
      country_id: 2,
    });
    expect(morning!.text_body).toContain('Dear Sita<b>,');
    expect(morning!.text_body).toContain(`is tomorrow: ${label}.`);
    expect(morning!.text_body).toMatch(/Where: Kathmandu, .+\./);
    expect(morning!.html_body).toContain('Dear Sita&lt;b&gt;,');
    expect(afternoon).toMatchObject({
      to_address: 'liam@example.com',
      reply_to: 'canada@example.com',
      subject: 'Your appointment tomorrow at 16:00',
    });
    expect(afternoon!.text_body).toContain('at 16:00 · Video call.');
    expect(afternoon!.text_body).not.toContain('Where:');

    // Run again the same morning: nothing more. Moved to another time: reminded of the new one.
    await app.jobs.send(app.db, 'follow-up-reminders', {});
    await update({ id: byVideo, appointment: { day: tomorrow, time: '17:00', meeting: 'VIDEO' } });
    await app.jobs.send(app.db, 'follow-up-reminders', {});
    await expect.poll(async () => (await reminders()).length, { timeout: 20_000, interval: 250 }).toBe(3);
    expect((await reminders()).map((mail) => mail.subject)).toEqual([
      'Your appointment tomorrow at 10:30',
      'Your appointment tomorrow at 16:00',
      'Your appointment tomorrow at 17:00',
    ]);
  });
});
