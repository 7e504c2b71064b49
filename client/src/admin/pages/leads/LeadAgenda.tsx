import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import {
  APPOINTMENT_MEETING_LABELS,
  APPOINTMENT_TIME_LABELS,
  APPOINTMENT_USUAL_MINUTES,
  appointmentSpan,
} from '../../../../../shared/appointment.js';
import type { ApiOutputs } from '../../../trpc.js';
import { Section } from '../../ui/Section.js';
import { CalendarAnswer, leadName } from './lead-parts.js';

type Agenda = ApiOutputs['leads']['dashboard']['appointments'];
type Entry = Agenda['leads'][number];

const weekdayFormat = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** "Thu, Dec 3 · 14:30–15:30" for an arranged appointment, "Thu, Dec 3 · Afternoon" for a day asked for. */
function whenOf(entry: Entry, today: string): string {
  const day = entry.day === today ? 'Today' : weekdayFormat.format(new Date(`${entry.day}T00:00:00Z`));
  const time = entry.time
    ? appointmentSpan(entry.time, entry.minutes ?? APPOINTMENT_USUAL_MINUTES)
    : entry.preferred_time
      ? APPOINTMENT_TIME_LABELS[entry.preferred_time]
      : null;
  return time ? `${day} · ${time}` : day;
}

/**
 * The dashboard's agenda (decisions 048, 049): the appointments arranged for the next days, and the days visitors
 * asked for in bookings nothing is arranged for yet, so a counsellor confirms the soonest first.
 */
export function LeadAgenda({ agenda, today }: { agenda: Agenda; today: string }) {
  return (
    <Section
      title="Appointments"
      label="Appointments"
      aside={
        // The agenda shows the next days, at most a screenful; the inbox lists every upcoming one.
        <Anchor component={Link} to="/admin/enquiries?appointment=UPCOMING&order=APPOINTMENT" size="sm">
          All arranged
        </Anchor>
      }
    >
      {agenda.leads.length === 0 ? (
        <Text c="dimmed">
          Nothing in the next {agenda.days} days. Appointments you arrange on a lead, and the days visitors ask for when
          booking, show here.
        </Text>
      ) : (
        <Stack gap="xs">
          {agenda.leads.map((entry) => (
            <Group key={entry.id} justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <Stack gap={0}>
                <Anchor component={Link} to={`/admin/enquiries?lead=${entry.id}`} fw={600}>
                  {leadName(entry)}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {[
                    entry.meeting && APPOINTMENT_MEETING_LABELS[entry.meeting],
                    entry.branch_name ?? entry.country_name,
                    entry.assignee_name && `with ${entry.assignee_name}`,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </Stack>
              <Stack gap={2} align="flex-end">
                <Text size="sm" ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {whenOf(entry, today)}
                </Text>
                {entry.time ? (
                  <>
                    <Badge variant="filled">Arranged</Badge>
                    {entry.response ? <CalendarAnswer response={entry.response} size="xs" /> : null}
                  </>
                ) : (
                  <Badge color="gray" variant="outline">
                    Asked for
                  </Badge>
                )}
              </Stack>
            </Group>
          ))}
        </Stack>
      )}
    </Section>
  );
}
