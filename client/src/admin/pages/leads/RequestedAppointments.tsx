import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { APPOINTMENT_MEETING_LABELS, APPOINTMENT_TIME_LABELS } from '../../../../../shared/appointment.js';
import type { ApiOutputs } from '../../../trpc.js';
import { Section } from '../../ui/Section.js';
import { leadName, StatusBadge } from './lead-parts.js';

type Requested = ApiOutputs['leads']['dashboard']['requestedAppointments'];

const weekdayFormat = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** "Tue 8 Dec · Morning": the day (and part of it) a visitor asked to meet on. */
function whenOf(lead: Requested['leads'][number], today: string): string {
  const day =
    lead.preferred_date === today ? 'Today' : weekdayFormat.format(new Date(`${lead.preferred_date}T00:00:00Z`));
  return lead.preferred_time ? `${day} · ${APPOINTMENT_TIME_LABELS[lead.preferred_time]}` : day;
}

/**
 * The dashboard's agenda of open bookings whose visitor asked for one of the next days (decision 048), so a
 * counsellor confirms the soonest first: how and where the visitor would like to meet, and the lead to open.
 */
export function RequestedAppointments({ requested, today }: { requested: Requested; today: string }) {
  return (
    <Section title="Appointments asked for" label="Appointments asked for">
      {requested.leads.length === 0 ? (
        <Text c="dimmed">
          No booking asks for a day in the next {requested.days} days. Bookings with a preferred date show here.
        </Text>
      ) : (
        <Stack gap="xs">
          {requested.leads.map((lead) => (
            <Group key={lead.id} justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <Stack gap={0}>
                <Anchor component={Link} to={`/admin/enquiries?lead=${lead.id}`} fw={600}>
                  {leadName(lead)}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {[lead.meeting && APPOINTMENT_MEETING_LABELS[lead.meeting], lead.branch_name ?? lead.country_name]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </Stack>
              <Stack gap={2} align="flex-end">
                <Text size="sm" ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {whenOf(lead, today)}
                </Text>
                <StatusBadge status={lead.status} />
              </Stack>
            </Group>
          ))}
        </Stack>
      )}
    </Section>
  );
}
