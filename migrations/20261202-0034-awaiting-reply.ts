import { sql, type Kysely } from 'kysely';

/*
 * A visitor waiting for us (decision 054): since when the visitor's answer (or their calendar declining the
 * appointment) has waited for staff, whose assignee is told by an ANSWER_NOTICE mail. Set by the first such answer, cleared when staff reply, tell them of a new
 * appointment, close the lead or say no reply is needed (a NO_REPLY_NEEDED line). Leads whose latest answer came after
 * their latest reply wait from the first answer since it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter type lead_event_kind add value if not exists 'NO_REPLY_NEEDED'`.execute(db);
  await sql`alter type mail_purpose add value if not exists 'ANSWER_NOTICE'`.execute(db);
  await db.schema.alterTable('leads').addColumn('awaiting_reply_since', 'timestamptz').execute();
  // The inbox's filter and the sidebar's count look only at the few waiting leads.
  await sql`create index leads_awaiting_reply on leads (awaiting_reply_since) where awaiting_reply_since is not null`.execute(
    db,
  );
  await sql`
    -- (As text: a value added to the enumeration in this migration run cannot be compared as one.)
    update leads set awaiting_reply_since = waiting.since
    from (
      select answer.lead_id, min(answer.received_at) as since
      from lead_answers answer
      where answer.received_at > coalesce(
        (select max(event.created_at) from lead_events event where event.lead_id = answer.lead_id and event.kind::text = 'REPLY'),
        '-infinity'
      )
      group by answer.lead_id
    ) waiting
    where leads.id = waiting.lead_id and leads.status::text not in ('WON', 'LOST', 'SPAM')
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  // PostgreSQL cannot drop an enum value; NO_REPLY_NEEDED and ANSWER_NOTICE stay, with no row using them.
  await db.deleteFrom('lead_events').where('kind', '=', 'NO_REPLY_NEEDED').execute();
  await db.deleteFrom('mails').where('purpose', '=', 'ANSWER_NOTICE').execute();
  await db.schema.alterTable('leads').dropColumn('awaiting_reply_since').execute();
}
