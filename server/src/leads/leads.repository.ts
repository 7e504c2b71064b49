import {
  APPOINTMENT_USUAL_MINUTES,
  type AppointmentMeeting,
  type ArrangedAppointment,
} from '../../../shared/appointment.js';
import { sql, type Expression, type Insertable, type Kysely, type SqlBool } from 'kysely';
import {
  CLOSED_LEAD_STATUSES,
  LEAD_STATUS_LABELS,
  type EnquiryFilter,
  type LeadEventKind,
  type LeadKind,
  type LeadOrder,
} from '../../../shared/leads.js';
import type { DB, LeadEventsTable } from '../db/schema.js';
import { replyKeyPrefix } from './lead-mails.js';

/** The countries a caller may see leads of: every country (null) for an ADMIN, their own for an EDITOR. */
export type VisibleCountries = readonly number[] | null;

/** `%`, `_` and `\` match themselves in a search. */
const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The start of a calendar day in the site's time zone, as a timestamptz. */
const startOfDay = (day: string, timeZone: string) => sql<string>`((${day}::date)::timestamp at time zone ${timeZone})`;

/** Only the leads of the countries a caller may see. */
const visibleWhere = (visible: VisibleCountries): Expression<SqlBool> =>
  visible === null
    ? sql<SqlBool>`true`
    : visible.length === 0
      ? sql<SqlBool>`false`
      : sql<SqlBool>`leads.country_id in (${sql.join(visible)})`;

/** The leads a caller sees, with their country and (when they name one) their branch, to select from. */
const visibleLeads = (db: Kysely<DB>, visible: VisibleCountries) =>
  db
    .selectFrom('leads')
    .innerJoin('countries', 'countries.id', 'leads.country_id')
    .leftJoin('branches', 'branches.id', 'leads.branch_id')
    .where(visibleWhere(visible));

/** The clock of a lead's appointments: its branch's, else its country's, else the site's (decision 050). */
const clockOf = (timeZone: string) => sql<string>`coalesce(branches.time_zone, countries.time_zone, ${timeZone})`;

/** The instant a lead's appointment starts: its day and time read on its clock (null: none arranged). */
const appointmentStart = (timeZone: string) =>
  sql<Date>`(leads.appointment_on + leads.appointment_time::time) at time zone ${clockOf(timeZone)}`;

/** A lead row's appointment columns; `Day` is `string` where the query kept only arranged ones. */
interface AppointmentColumns<Day extends string | null> {
  appointment_on: Day;
  appointment_time: string | null;
  appointment_meeting: AppointmentMeeting | null;
  appointment_minutes: number | null;
}

/** A lead's arranged appointment from its four columns (set together, or none; an hour if arranged before lengths). */
export function appointmentOf(row: AppointmentColumns<string>): ArrangedAppointment;
export function appointmentOf(row: AppointmentColumns<string | null>): ArrangedAppointment | null;
export function appointmentOf(row: AppointmentColumns<string | null>): ArrangedAppointment | null {
  return row.appointment_on !== null && row.appointment_time !== null && row.appointment_meeting !== null
    ? {
        day: row.appointment_on,
        time: row.appointment_time,
        meeting: row.appointment_meeting,
        minutes: row.appointment_minutes ?? APPOINTMENT_USUAL_MINUTES,
      }
    : null;
}

/** Leads as the inbox lists them, filtered and in `order`, with their country, branch and assignee. */
export function selectLeads(
  db: Kysely<DB>,
  visible: VisibleCountries,
  filter: EnquiryFilter,
  timeZone: string,
  order: LeadOrder = 'NEWEST',
) {
  let query = visibleLeads(db, visible)
    .leftJoin('staff_users as assignee', 'assignee.id', 'leads.assignee_id')
    .select([
      'leads.id',
      'leads.kind',
      'leads.entry_id',
      'leads.status',
      'leads.country_id',
      'countries.name as country_name',
      clockOf(timeZone).as('time_zone'),
      'leads.branch_id',
      'branches.name as branch_name',
      'leads.assignee_id',
      'assignee.name as assignee_name',
      'leads.first_name',
      'leads.last_name',
      'leads.email_address',
      'leads.phone_number',
      'leads.message',
      'leads.service',
      'leads.follow_up_on',
      'leads.appointment_on',
      'leads.appointment_time',
      'leads.appointment_meeting',
      'leads.appointment_minutes',
      'leads.appointment_response',
      'leads.awaiting_reply_since',
      'leads.created_at',
      'leads.updated_at',
      'leads.channel',
      'leads.came_from',
    ]);
  // Appointments by the instant they happen, each on its own clock (a Perth 10:00 comes after a Sydney 10:00).
  // Ascending puts leads without a day last; among those, and on the same day, the newest first.
  if (order === 'APPOINTMENT') {
    query = query.orderBy(appointmentStart(timeZone), 'asc');
  } else if (order === 'FOLLOW_UP') query = query.orderBy('leads.follow_up_on', 'asc');
  else if (order === 'WAITING') query = query.orderBy('leads.awaiting_reply_since', 'asc');
  const direction = order === 'OLDEST' ? 'asc' : 'desc';
  query = query.orderBy('leads.created_at', direction).orderBy('leads.id', direction);
  if (filter.country_id !== null) query = query.where('leads.country_id', '=', filter.country_id);
  if (filter.branch_id !== null) query = query.where('leads.branch_id', '=', filter.branch_id);
  if (filter.kind !== null) query = query.where('leads.kind', '=', filter.kind);
  if (filter.status !== null) query = query.where('leads.status', '=', filter.status);
  if (filter.assignee_id !== null) query = query.where('leads.assignee_id', '=', filter.assignee_id);
  if (filter.channel !== null) query = query.where('leads.channel', '=', filter.channel);
  if (filter.appointment === 'NONE') query = query.where('leads.appointment_on', 'is', null);
  else if (filter.appointment !== null) {
    // Today on the site's clock (in a country far from it, today may be a day off).
    const today = sql<string>`(now() at time zone ${timeZone})::date`;
    query = query.where('leads.appointment_on', filter.appointment === 'UPCOMING' ? '>=' : '<', today);
  }
  if (filter.awaiting_reply !== null)
    query = query.where('leads.awaiting_reply_since', filter.awaiting_reply ? 'is not' : 'is', null);
  if (filter.campaign !== null)
    query = query.where(sql<string>`leads.came_from->>'utm_campaign'`, '=', filter.campaign);
  if (filter.received_from !== null)
    query = query.where('leads.created_at', '>=', startOfDay(filter.received_from, timeZone));
  if (filter.received_to !== null)
    query = query.where(
      'leads.created_at',
      '<',
      sql<string>`((${filter.received_to}::date + 1)::timestamp at time zone ${timeZone})`,
    );
  // Every word must appear somewhere in the name, address, phone number or message.
  for (const word of (filter.search ?? '').split(/\s+/).filter(Boolean)) {
    query = query.where(
      sql<SqlBool>`concat_ws(' ', leads.first_name, leads.last_name, leads.email_address, leads.phone_number,
        leads.message) ilike ${likePattern(word)}`,
    );
  }
  return query;
}

export type LeadRow = Awaited<ReturnType<ReturnType<typeof selectLeads>['execute']>>[number];

/** The notes of some leads, oldest first, with their authors' names. */
export function selectNotes(db: Kysely<DB>, leadIds: readonly number[]) {
  if (leadIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('lead_notes')
    .leftJoin('staff_users', 'staff_users.id', 'lead_notes.author_id')
    .select([
      'lead_notes.id',
      'lead_notes.lead_id',
      'lead_notes.text',
      'lead_notes.author_id',
      'staff_users.name as author_name',
      'lead_notes.created_at',
    ])
    .where('lead_notes.lead_id', 'in', leadIds)
    .orderBy('lead_notes.id')
    .execute();
}

/** A lead's history, oldest first, with who made each change (null: the visitor or the product). */
/** The eligibility result sent with a lead, as stored (JSON text), or null. */
export async function selectEligibility(db: Kysely<DB>, leadId: number): Promise<string | null> {
  const row = await db.selectFrom('leads').select('eligibility').where('id', '=', leadId).executeTakeFirst();
  return row?.eligibility ?? null;
}

export function selectEvents(db: Kysely<DB>, leadId: number) {
  return db
    .selectFrom('lead_events')
    .leftJoin('staff_users', 'staff_users.id', 'lead_events.actor_id')
    .select([
      'lead_events.id',
      'lead_events.kind',
      'lead_events.from_value',
      'lead_events.to_value',
      'lead_events.actor_id',
      'staff_users.name as actor_name',
      'lead_events.created_at',
    ])
    .where('lead_events.lead_id', '=', leadId)
    .orderBy('lead_events.id')
    .execute();
}

/** The replies sent to a lead's visitor from the inbox, oldest first, with where each mail is. */
export function selectReplies(db: Kysely<DB>, lead: { kind: LeadKind; entry_id: number }) {
  return db
    .selectFrom('mails')
    .select(['id', 'subject', 'text_body', 'status', 'reply_to', 'created_at', 'sent_at'])
    .where('purpose', '=', 'LEAD_REPLY')
    .where('dedupe_key', 'like', `${replyKeyPrefix(lead)}%`)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The subject of the visitor's latest answer by e-mail, if they answered. */
export async function latestAnswerSubject(db: Kysely<DB>, leadId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('lead_answers')
    .select('subject')
    .where('lead_id', '=', leadId)
    .where('by_staff', '=', false)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.subject;
}

/** What the visitor answered by e-mail (decision 053), oldest first. */
export function selectAnswers(db: Kysely<DB>, leadId: number) {
  return db
    .selectFrom('lead_answers')
    .select(['id', 'from_address', 'subject', 'text', 'received_at', 'by_staff'])
    .where('lead_id', '=', leadId)
    .orderBy('received_at')
    .orderBy('id')
    .execute();
}

export function insertEvents(db: Kysely<DB>, events: Insertable<LeadEventsTable>[]) {
  return events.length === 0 ? Promise.resolve() : db.insertInto('lead_events').values(events).execute();
}

/** The lead's row, locked until the transaction ends, so two changes at once are recorded one after the other. */
export function lockLead(trx: Kysely<DB>, id: number) {
  return trx
    .selectFrom('leads')
    .select([
      'id',
      'kind',
      'entry_id',
      'country_id',
      'status',
      'assignee_id',
      'follow_up_on',
      'appointment_on',
      'appointment_time',
      'appointment_meeting',
      'appointment_minutes',
      'awaiting_reply_since',
      'email_address',
      'first_name',
      'last_name',
      'message',
      'created_at',
    ])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** A lead's own columns that say whose it is: what a mail about it needs. */
const LEAD_VISITOR = [
  'leads.id',
  'leads.kind',
  'leads.entry_id',
  'leads.country_id',
  'leads.first_name',
  'leads.last_name',
  'leads.email_address',
] as const;

/**
 * Leads whose visitor waits for a reply (decision 054) with their active counsellor, the longest waiting first: the
 * morning mails list them.
 */
export function selectWaitingForCounsellors(db: Kysely<DB>) {
  return db
    .selectFrom('leads')
    .innerJoin('countries', 'countries.id', 'leads.country_id')
    .innerJoin('staff_users', 'staff_users.id', 'leads.assignee_id')
    .select([
      ...LEAD_VISITOR,
      'leads.awaiting_reply_since',
      'countries.name as country_name',
      'staff_users.id as staff_id',
      'staff_users.name as staff_name',
      'staff_users.email as staff_email',
    ])
    .where('leads.awaiting_reply_since', 'is not', null)
    .where('staff_users.is_active', '=', true)
    .orderBy('leads.awaiting_reply_since')
    .orderBy('leads.id')
    .execute();
}

/**
 * The lead of a form entry, locked until the transaction ends, with what a visitor's answer needs of it (decision
 * 053): its appointment, and its assignee's address when they are active (decision 054).
 */
export function lockLeadOfEntry(trx: Kysely<DB>, entry: { kind: LeadKind; entry_id: number }) {
  return trx
    .selectFrom('leads')
    .leftJoin('staff_users as assignee', (join) =>
      join.onRef('assignee.id', '=', 'leads.assignee_id').on('assignee.is_active', '=', true),
    )
    .leftJoin('branches', 'branches.id', 'leads.branch_id')
    .leftJoin('header_contact_infos', 'header_contact_infos.country_id', 'leads.country_id')
    .select((eb) => [
      ...LEAD_VISITOR,
      'leads.appointment_on',
      'leads.appointment_time',
      'leads.appointment_meeting',
      'leads.appointment_minutes',
      'leads.appointment_response',
      'leads.appointment_key',
      'leads.status',
      'assignee.email as assignee_email',
      // Where the lead was announced when new: its branch's address, else its country's contact address.
      eb.fn.coalesce('branches.email', 'header_contact_infos.email').as('team_email'),
    ])
    .where('leads.kind', '=', entry.kind)
    .where('leads.entry_id', '=', entry.entry_id)
    .forUpdate('leads')
    .executeTakeFirst();
}

/** The active staff member whose address this is, if any (addresses are compared without case). */
export function findActiveStaffByEmail(db: Kysely<DB>, email: string) {
  return db
    .selectFrom('staff_users')
    .select(['id', 'name'])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('is_active', '=', true)
    .executeTakeFirst();
}

/** An active staff member who may work on leads of `countryId` (an ADMIN, or an EDITOR holding it). */
export function findAssignable(db: Kysely<DB>, staffId: number, countryId: number) {
  return db
    .selectFrom('staff_users')
    .select(['id', 'name'])
    .where('id', '=', staffId)
    .where('is_active', '=', true)
    .where((eb) =>
      eb.or([
        eb('role', '=', 'ADMIN'),
        eb.exists(
          eb
            .selectFrom('staff_user_countries')
            .select(sql.lit(1).as('one'))
            .whereRef('staff_user_countries.staff_user_id', '=', 'staff_users.id')
            .where('staff_user_countries.country_id', '=', countryId),
        ),
      ]),
    )
    .executeTakeFirst();
}

/**
 * Active staff who may be given leads the caller sees: ADMINs, and EDITORs with the countries they hold (the inbox
 * offers each lead only those who hold its country). An EDITOR is shown only colleagues of their own countries.
 */
export async function selectAssignableStaff(db: Kysely<DB>, visible: VisibleCountries) {
  const staff = await db
    .selectFrom('staff_users')
    .leftJoin('staff_user_countries', 'staff_user_countries.staff_user_id', 'staff_users.id')
    .select([
      'staff_users.id',
      'staff_users.name',
      'staff_users.role',
      sql<number[]>`coalesce(array_agg(staff_user_countries.country_id) filter (where
        staff_user_countries.country_id is not null), '{}')`.as('country_ids'),
    ])
    .where('staff_users.is_active', '=', true)
    .groupBy(['staff_users.id', 'staff_users.name', 'staff_users.role'])
    .orderBy('staff_users.name')
    .execute();
  if (visible === null) return staff;
  return staff.filter((member) => member.role === 'ADMIN' || member.country_ids.some((id) => visible.includes(id)));
}

const open = sql<SqlBool>`leads.status not in (${sql.join(CLOSED_LEAD_STATUSES)})`;

/** How many leads the caller sees wait for staff: NEW, or their visitor's answer waits (the sidebar's count). */
export async function countToAnswer(db: Kysely<DB>, visible: VisibleCountries): Promise<number> {
  const row = await db
    .selectFrom('leads')
    .select(sql<number>`count(*)::int`.as('count'))
    .where((eb) => eb.or([eb('status', '=', 'NEW'), eb('awaiting_reply_since', 'is not', null)]))
    .where(visibleWhere(visible))
    .executeTakeFirst();
  return row?.count ?? 0;
}

/**
 * Per country the caller sees: NEW leads, leads whose visitor waits for a reply, and open leads whose follow-up day
 * has passed.
 */
export function countsPerCountry(db: Kysely<DB>, visible: VisibleCountries, today: string) {
  return db
    .selectFrom('leads')
    .innerJoin('countries', 'countries.id', 'leads.country_id')
    .select([
      'countries.id',
      'countries.name',
      sql<number>`count(*) filter (where leads.status = 'NEW')::int`.as('new'),
      sql<number>`count(*) filter (where leads.awaiting_reply_since is not null)::int`.as('waiting'),
      sql<number>`count(*) filter (where ${open} and leads.follow_up_on < ${today}::date)::int`.as('overdue'),
    ])
    .where(visibleWhere(visible))
    .groupBy(['countries.id', 'countries.name'])
    .orderBy('countries.name')
    .execute();
}

/** How far back the dashboard measures the first response to a lead. */
export const FIRST_RESPONSE_DAYS = 30;

/**
 * How fast leads of the last FIRST_RESPONSE_DAYS days were answered, per country and over all (country null): how
 * many arrived (spam aside), how many staff answered, and the median hours from arrival to the first answer. An
 * answer is a reply from the inbox or a status change out of New by staff (a call, then "Contacted"); a note or an
 * assignment is not.
 */
export async function firstResponses(db: Kysely<DB>, visible: VisibleCountries) {
  const { rows } = await sql<{
    country_id: number | null;
    received: number;
    answered: number;
    median_hours: number | null;
  }>`
    with recent as (
      select leads.country_id, leads.created_at,
        (select min(lead_events.created_at) from lead_events
          where lead_events.lead_id = leads.id and lead_events.actor_id is not null
            and (lead_events.kind = 'REPLY' or (lead_events.kind = 'STATUS' and lead_events.from_value = ${LEAD_STATUS_LABELS.NEW}))
        ) as answered_at
      from leads
      where leads.created_at >= now() - make_interval(days => ${FIRST_RESPONSE_DAYS})
        and leads.status <> 'SPAM' and ${visibleWhere(visible)}
    )
    select country_id, count(*)::int as received, count(answered_at)::int as answered,
      (percentile_cont(0.5) within group (order by extract(epoch from answered_at - created_at)) / 3600)::float8
        as median_hours
    from recent
    group by grouping sets ((country_id), ())`.execute(db);
  return rows;
}

/**
 * Open leads whose follow-up day is `today` or past, with their country, the most overdue first: a staff member's
 * list, and the morning reminders of everyone's.
 */
export function selectDueFollowUps(db: Kysely<DB>, today: string) {
  return db
    .selectFrom('leads')
    .innerJoin('countries', 'countries.id', 'leads.country_id')
    .select([
      'leads.id',
      'leads.kind',
      'leads.status',
      'leads.first_name',
      'leads.last_name',
      'leads.email_address',
      'leads.follow_up_on',
      'countries.name as country_name',
    ])
    .where('leads.follow_up_on', '<=', today)
    .where(open)
    .orderBy('leads.follow_up_on')
    .orderBy('leads.id');
}

/** Open leads assigned to `staffId` whose follow-up day is today or past, the most overdue first. */
export function selectFollowUpsDue(db: Kysely<DB>, staffId: number, today: string) {
  return selectDueFollowUps(db, today).where('leads.assignee_id', '=', staffId).execute();
}

/** How far ahead the dashboard's appointments go, and how many it lists at most. */
export const AGENDA_DAYS = 14;
export const AGENDA_MAX = 20;

/**
 * The dashboard's appointments (decisions 048, 049): open leads the caller sees with an appointment arranged, or a
 * booking whose visitor asked for a day (and nothing is arranged yet), from `today` to AGENDA_DAYS ahead; by day,
 * then arranged times, then mornings before afternoons.
 */
export function selectAgenda(db: Kysely<DB>, visible: VisibleCountries, today: string) {
  const day = sql<string>`coalesce(leads.appointment_on, booking.preferred_date)`;
  return visibleLeads(db, visible)
    .leftJoin('general_form_entries as booking', (join) =>
      join.onRef('booking.id', '=', 'leads.entry_id').on('leads.kind', '=', 'GENERAL'),
    )
    .leftJoin('staff_users as assignee', 'assignee.id', 'leads.assignee_id')
    .select((eb) => [
      'leads.id',
      'leads.status',
      'leads.first_name',
      'leads.last_name',
      'leads.email_address',
      'countries.name as country_name',
      'branches.name as branch_name',
      day.as('day'),
      'leads.appointment_time as time',
      'leads.appointment_minutes as minutes',
      // What the visitor's calendar answered to its invitation (decision 053).
      'leads.appointment_response as response',
      'booking.preferred_time',
      // Who meets them (the lead's assignee), when someone does.
      'assignee.name as assignee_name',
      eb.fn.coalesce('leads.appointment_meeting', 'booking.meeting').as('meeting'),
    ])
    .where(open)
    .where(day, '>=', today)
    .where(day, '<=', sql<string>`${today}::date + ${sql.lit(AGENDA_DAYS)}`)
    .orderBy(day)
    .orderBy('leads.appointment_time')
    .orderBy('booking.preferred_time')
    .orderBy('leads.id')
    .limit(AGENDA_MAX)
    .execute();
}

/** How many lines of `kind` a lead's history has. */
export async function countEvents(db: Kysely<DB>, leadId: number, kind: LeadEventKind): Promise<number> {
  const row = await db
    .selectFrom('lead_events')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('lead_id', '=', leadId)
    .where('kind', '=', kind)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * What a visitor's appointment mail says besides the appointment: who they are, the branch (name, address, mail),
 * the country's contact address (the Reply-To when there is no branch) and the country's time zone.
 */
function appointmentContacts(db: Kysely<DB>) {
  return db
    .selectFrom('leads')
    .innerJoin('countries', 'countries.id', 'leads.country_id')
    .leftJoin('branches', 'branches.id', 'leads.branch_id')
    .leftJoin('header_contact_infos', 'header_contact_infos.country_id', 'leads.country_id')
    .select([
      ...LEAD_VISITOR,
      // The branch's clock, else the country's (decision 050); null: the site's.
      sql<string | null>`coalesce(branches.time_zone, countries.time_zone)`.as('time_zone'),
      'branches.name as branch_name',
      'branches.address as branch_address',
      'branches.email as branch_email',
      'header_contact_infos.email as contact_email',
      'leads.appointment_key',
    ]);
}
export type AppointmentContacts = Awaited<ReturnType<typeof findAppointmentContacts>>;

/** Gives the lead `key` as its appointment key unless it has one (its event keeps one UID for good). */
export async function keepAppointmentKey(trx: Kysely<DB>, leadId: number, key: string): Promise<void> {
  await trx
    .updateTable('leads')
    .set({ appointment_key: key })
    .where('id', '=', leadId)
    .where('appointment_key', 'is', null)
    .execute();
}

/** One lead's `appointmentContacts` (an invitation is sent when staff change its appointment). */
export function findAppointmentContacts(db: Kysely<DB>, leadId: number) {
  return appointmentContacts(db).where('leads.id', '=', leadId).executeTakeFirstOrThrow();
}

/**
 * The appointments arranged for one of `days` whose visitor can still be written to (not anonymised, not lost or
 * spam), with their `appointmentContacts`.
 */
export function selectAppointmentsOn(db: Kysely<DB>, days: readonly string[]) {
  return (
    appointmentContacts(db)
      .select([
        'leads.appointment_on',
        'leads.appointment_time',
        'leads.appointment_meeting',
        'leads.appointment_minutes',
      ])
      .where('leads.appointment_on', 'in', days)
      .where('leads.status', 'not in', ['LOST', 'SPAM'])
      // An anonymised lead keeps no address to write to.
      .where('leads.email_address', '!=', '')
      .$narrowType<{ appointment_on: string }>()
      .orderBy('leads.id')
      .execute()
  );
}

/**
 * Leads per week (weeks start on Monday in the site's time zone) since `since`, grouped by `by` (the country's name
 * or the service asked about).
 */
export function weeklyCounts(
  db: Kysely<DB>,
  visible: VisibleCountries,
  since: string,
  timeZone: string,
  by: 'country' | 'service',
) {
  const week = sql<string>`to_char(date_trunc('week', leads.created_at at time zone ${timeZone}), 'YYYY-MM-DD')`;
  const group = by === 'country' ? sql<string>`countries.name` : sql<string>`leads.service`;
  return (
    db
      .selectFrom('leads')
      .innerJoin('countries', 'countries.id', 'leads.country_id')
      .select([week.as('week'), group.as('group'), sql<number>`count(*)::int`.as('count')])
      .where(visibleWhere(visible))
      .where('leads.created_at', '>=', startOfDay(since, timeZone))
      // By position: the week's expression carries a parameter, and a repeated one would not be the same expression.
      .groupBy([sql`1`, sql`2`])
      .execute()
  );
}

/** Closed leads the caller sees: won and lost (spam is not a lead anyone could win). */
export async function countClosed(db: Kysely<DB>, visible: VisibleCountries) {
  const row = await db
    .selectFrom('leads')
    .select([
      sql<number>`count(*) filter (where status = 'WON')::int`.as('won'),
      sql<number>`count(*) filter (where status = 'LOST')::int`.as('lost'),
    ])
    .where(visibleWhere(visible))
    .executeTakeFirst();
  return { won: row?.won ?? 0, lost: row?.lost ?? 0 };
}

/** How far back the dashboard counts where leads came from. */
export const SOURCE_DAYS = 90;

/**
 * Leads of the last SOURCE_DAYS days the caller sees, spam aside, per `by`: the channel they came from (null for
 * leads stored before it was recorded) or their campaign (the most leads first, those without one left out), each
 * with how many were won.
 */
export function countsBySource(db: Kysely<DB>, visible: VisibleCountries, by: 'channel' | 'campaign') {
  const group =
    by === 'channel' ? sql<string | null>`leads.channel` : sql<string | null>`leads.came_from->>'utm_campaign'`;
  return db
    .selectFrom('leads')
    .select([
      group.as('group'),
      sql<number>`count(*)::int`.as('leads'),
      sql<number>`count(*) filter (where leads.status = 'WON')::int`.as('won'),
    ])
    .where('leads.status', '<>', 'SPAM')
    .where(sql<SqlBool>`leads.created_at >= now() - make_interval(days => ${SOURCE_DAYS})`)
    .where(visibleWhere(visible))
    .groupBy(group)
    .orderBy(sql`count(*)`, 'desc')
    .orderBy(group)
    .$if(by === 'campaign', (query) =>
      query.where(sql<SqlBool>`leads.came_from->>'utm_campaign' is not null`).limit(10),
    )
    .execute();
}

/**
 * The arranged appointments of leads still to be met (not lost or spam) the caller sees, whose day is from `days.from`
 * to `days.to` or within two days of them (clocks differ by at most 26 hours; on the appointments' index), soonest
 * first by instant, with who they are and the clock they are on. `start` is each one's starting instant, for the
 * caller's own conditions.
 */
function arrangedAppointments(
  db: Kysely<DB>,
  visible: VisibleCountries,
  timeZone: string,
  days: { from: string; to: string },
) {
  const start = appointmentStart(timeZone);
  const query = visibleLeads(db, visible)
    .select([
      'leads.id',
      'leads.kind',
      'leads.first_name',
      'leads.last_name',
      'leads.email_address',
      'countries.name as country_name',
      'leads.appointment_on',
      'leads.appointment_time',
      'leads.appointment_meeting',
      'leads.appointment_minutes',
      clockOf(timeZone).as('time_zone'),
    ])
    .where('leads.status', 'not in', ['LOST', 'SPAM'])
    .where('leads.appointment_on', '>=', sql<string>`${days.from}::date - 2`)
    .where('leads.appointment_on', '<=', sql<string>`${days.to}::date + 2`)
    .$narrowType<{ appointment_on: string; appointment_time: string; appointment_meeting: AppointmentMeeting }>()
    .orderBy(start)
    .orderBy('leads.id');
  return { query, start };
}

/** The most clashes the appointment form lists. */
const CLASHES_MAX = 10;

/**
 * The appointments of other open leads the caller sees that overlap `start`–`end` (instants) and share the
 * counsellor (`assigneeId`) or, met in person, the branch (`branchId`): what the appointment form warns of.
 */
export function selectAppointmentClashes(
  db: Kysely<DB>,
  visible: VisibleCountries,
  timeZone: string,
  around: { leadId: number; day: string; start: Date; end: Date; assigneeId: number | null; branchId: number | null },
) {
  const { query, start } = arrangedAppointments(db, visible, timeZone, { from: around.day, to: around.day });
  return query
    .leftJoin('staff_users as assignee', 'assignee.id', 'leads.assignee_id')
    .select(['leads.assignee_id', 'assignee.name as assignee_name', 'leads.branch_id', 'branches.name as branch_name'])
    .where('leads.id', '!=', around.leadId)
    .where(start, '<', around.end)
    .where(sql<Date>`${start} + make_interval(mins => leads.appointment_minutes)`, '>', around.start)
    .where((eb) =>
      eb.or([
        ...(around.assigneeId === null ? [] : [eb('leads.assignee_id', '=', around.assigneeId)]),
        ...(around.branchId === null
          ? []
          : [eb.and([eb('leads.branch_id', '=', around.branchId), eb('leads.appointment_meeting', '=', 'IN_PERSON')])]),
      ]),
    )
    .limit(CLASHES_MAX)
    .execute();
}

/**
 * The appointments of active counsellors starting from `from` to before `to` (instants, each read on its lead's
 * clock), soonest first, for their morning mail.
 */
export function selectCounsellorsAppointments(db: Kysely<DB>, timeZone: string, from: Date, to: Date) {
  const day = (instant: Date) => instant.toISOString().slice(0, 10);
  const { query, start } = arrangedAppointments(db, null, timeZone, { from: day(from), to: day(to) });
  return query
    .innerJoin('staff_users', 'staff_users.id', 'leads.assignee_id')
    .select(['staff_users.id as staff_id', 'staff_users.name as staff_name', 'staff_users.email as staff_email'])
    .where('staff_users.is_active', '=', true)
    .where(start, '>=', from)
    .where(start, '<', to)
    .execute();
}
