import { Alert, List, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { skipToken, useQuery } from '@tanstack/react-query';
import {
  APPOINTMENT_MEETING_LABELS,
  appointmentSpan,
  arrangedAppointment,
  type ArrangedAppointment,
} from '../../../../../shared/appointment.js';
import {
  closureDaysLabel,
  closureOn,
  outsideOpeningHours,
  WEEKDAY_LABELS,
} from '../../../../../shared/opening-hours.js';
import { useTrpc } from '../../../trpc.js';
import { formatDay, leadName, type LeadDetail } from './lead-parts.js';

type Draft = Omit<ArrangedAppointment, 'meeting'> & { meeting: ArrangedAppointment['meeting'] | null };

const warning = { role: 'status', color: 'yellow', icon: <IconAlertTriangle size={18} aria-hidden /> } as const;

/**
 * What the appointment being arranged would overlap (decision 050): other open leads' appointments with the same
 * counsellor, or in person at the same branch. A warning, asked once typing pauses: staff may still save it (two
 * counsellors may share a branch, or one may be joining another's meeting).
 */
export function AppointmentClashes({ lead, draft }: { lead: LeadDetail; draft: Draft }) {
  const trpc = useTrpc();
  const [asked] = useDebouncedValue(draft, 400);
  const checked = arrangedAppointment.safeParse(asked);
  const clashes = useQuery({
    ...trpc.leads.appointmentClashes.queryOptions(
      checked.success ? { id: lead.id, appointment: checked.data } : skipToken,
    ),
    // Asked afresh each time the form opens: the lead's counsellor, or others' appointments, may have changed.
    staleTime: 0,
  });
  if (!checked.success || !clashes.data?.length) return null;
  return (
    <Alert {...warning}>
      {/* Not the Alert's title, whose yellow is too faint to read. */}
      <Text size="sm" fw={600} mb={4}>
        It overlaps other appointments
      </Text>
      <List size="sm" spacing={4}>
        {clashes.data.map((clash) => (
          <List.Item key={clash.id}>
            <Text span inherit fw={600}>
              {leadName(clash)}
            </Text>
            : {formatDay(clash.appointment.day)}, {appointmentSpan(clash.appointment.time, clash.appointment.minutes)}
            {clash.time_zone === lead.time_zone ? '' : ` (${clash.time_zone})`} ·{' '}
            {APPOINTMENT_MEETING_LABELS[clash.appointment.meeting]} ·{' '}
            {clash.same_counsellor
              ? `with ${clash.assignee?.name ?? 'the same counsellor'}`
              : `at ${clash.branch?.name ?? 'the same branch'}`}
          </List.Item>
        ))}
      </List>
      <Text size="xs" c="dimmed" mt="xs">
        You can still save it.
      </Text>
    </Alert>
  );
}

/**
 * A meeting at the branch when it is closed (decision 051), by its opening hours on its clock, which is the
 * appointment's; or any meeting on a day the branch is closed besides (decision 052: a public holiday, when its
 * counsellors are off too). A warning too: a counsellor may open the door for a visitor who can only come then.
 */
export function OutsideOpeningHours({ lead, draft }: { lead: LeadDetail; draft: Draft }) {
  const trpc = useTrpc();
  // Every branch a staff member may see, cached: a lead of the Global site may name another country's branch.
  const branches = useQuery({ ...trpc.branch.getAll.queryOptions(), enabled: lead.branch !== null });
  const branch = branches.data?.find((one) => one.id === lead.branch?.id);
  const closures = useQuery({
    ...trpc.branchClosure.get.queryOptions(branch ? { country_id: branch.country_id } : skipToken),
  });
  const checked = arrangedAppointment.safeParse(draft);
  if (!checked.success || !branch) return null;
  const closure = closureOn(
    (closures.data ?? []).filter((one) => one.branch_id === null || one.branch_id === branch.id),
    checked.data.day,
  );
  const outside =
    checked.data.meeting === 'IN_PERSON' ? outsideOpeningHours(branch.opening_hours, checked.data) : undefined;
  if (!closure && !outside) return null;
  const weekday = outside && `${WEEKDAY_LABELS[outside.weekday]}s`;
  return (
    <Alert {...warning}>
      <Text size="sm" fw={600}>
        {closure
          ? `${branch.name} is closed on ${closureDaysLabel(closure)} (${closure.name})`
          : outside?.hours
            ? `${branch.name} is open ${outside.hours.opens}–${outside.hours.closes} on ${weekday}`
            : `${branch.name} is closed on ${weekday}`}
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        This appointment ({appointmentSpan(checked.data.time, checked.data.minutes)}) is{' '}
        {closure ? 'on a day the branch is closed' : 'outside its opening hours'}. You can still save it.
      </Text>
    </Alert>
  );
}
