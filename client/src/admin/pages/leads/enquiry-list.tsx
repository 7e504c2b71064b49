import { Group, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { APPOINTMENT_MEETING_LABELS, APPOINTMENT_RESPONSE_LABELS } from '../../../../../shared/appointment.js';
import { LEAD_CHANNEL_LABELS } from '../../../../../shared/lead-source.js';
import { LEAD_KIND_LABELS, LEAD_STATUS_LABELS, type LeadStatus } from '../../../../../shared/leads.js';
import type { CsvColumn } from '../../ui/csv.js';
import { columnsOf, formatWhen, OpenCell } from '../../ui/list-cells.js';
import {
  CalendarAnswer,
  formatDay,
  KindBadge,
  leadName,
  placeOf,
  StatusBadge,
  WaitingBadge,
  type Lead,
} from './lead-parts.js';

const CLOSED: LeadStatus[] = ['WON', 'LOST', 'SPAM'];

/** Today as YYYY-MM-DD where the staff member is (a follow-up day before it is overdue). */
function localToday(): string {
  const now = new Date();
  return [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((n) => String(n).padStart(2, '0')).join('-');
}

/** The follow-up day, in red once it has passed while the lead is still open. */
function FollowUp({ lead, today }: { lead: Lead; today: string }) {
  if (!lead.follow_up_on) return '';
  const overdue = lead.follow_up_on < today && !CLOSED.includes(lead.status);
  return (
    <Text span c={overdue ? 'red.8' : undefined} fw={overdue ? 700 : undefined}>
      {formatDay(lead.follow_up_on)}
      {overdue ? ' (overdue)' : ''}
    </Text>
  );
}

/**
 * The lead open in the side panel: it is in the address (`?lead=ID`), so it can be linked to and the list keeps its
 * place. Opening one adds to the history (Back closes it); closing replaces.
 */
export function useOpenLead() {
  const [params, setParams] = useSearchParams();
  const open = (id: number | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === null) next.delete('lead');
        else next.set('lead', String(id));
        return next;
      },
      { replace: id === null },
    );
  return { openLead: Number(params.get('lead')) || null, open };
}

/** The inbox's columns; a name opens its lead. */
export function useEnquiryColumns(open: (id: number) => void) {
  const today = localToday();
  return useMemo(
    () =>
      columnsOf<Lead>({
        Received: (lead) => formatWhen(lead.created_at),
        Name: (lead) => (
          <OpenCell strong onOpen={() => open(lead.id)} detail={lead.email_address}>
            {leadName(lead)}
          </OpenCell>
        ),
        Form: (lead) => <KindBadge kind={lead.kind} />,
        Country: placeOf,
        'Interested in': (lead) => lead.service_label,
        Status: (lead) => (
          <Group gap={4}>
            <StatusBadge status={lead.status} />
            {lead.awaiting_reply_since ? <WaitingBadge since={lead.awaiting_reply_since} /> : null}
          </Group>
        ),
        'Assigned to': (lead) =>
          lead.assignee?.name || (
            <Text span inherit c="dimmed">
              Unassigned
            </Text>
          ),
        'Follow up': (lead) => <FollowUp lead={lead} today={today} />,
        // The day and time on the lead's clock (its panel names the clock).
        Appointment: (lead) =>
          lead.appointment ? (
            <Text span inherit>
              {formatDay(lead.appointment.day)}, {lead.appointment.time}
              <Text span display="block" size="xs" c="dimmed">
                {APPOINTMENT_MEETING_LABELS[lead.appointment.meeting]}
              </Text>
              {lead.appointment_response ? <CalendarAnswer response={lead.appointment_response} size="xs" /> : null}
            </Text>
          ) : (
            ''
          ),
      }),
    // `open` only writes the address; `today` changes at midnight at most.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [today],
  );
}

/**
 * The inbox as a CSV file (a monthly report, a spreadsheet of follow-ups): what a lead's row and detail say, with
 * exact times and plain words rather than the list's badges.
 */
export const ENQUIRY_CSV_COLUMNS: CsvColumn<Lead>[] = [
  { header: 'Received at', value: (lead) => new Date(lead.created_at).toISOString() },
  { header: 'First name', value: (lead) => lead.first_name ?? '' },
  { header: 'Last name', value: (lead) => lead.last_name ?? '' },
  { header: 'Email address', value: (lead) => lead.email_address },
  { header: 'Phone number', value: (lead) => lead.phone_number },
  { header: 'Form', value: (lead) => LEAD_KIND_LABELS[lead.kind] },
  { header: 'Country', value: (lead) => lead.country.name },
  { header: 'Branch', value: (lead) => lead.branch?.name ?? '' },
  { header: 'Interested in', value: (lead) => lead.service_label },
  { header: 'Status', value: (lead) => LEAD_STATUS_LABELS[lead.status] },
  { header: 'Waiting for reply since', value: (lead) => lead.awaiting_reply_since ?? '' },
  { header: 'Assigned to', value: (lead) => lead.assignee?.name ?? '' },
  { header: 'Follow up', value: (lead) => lead.follow_up_on ?? '' },
  // The appointment arranged (decision 049), sortable as text: day, then the time on the country's clock.
  {
    header: 'Appointment',
    value: (lead) => (lead.appointment ? `${lead.appointment.day} ${lead.appointment.time}` : ''),
  },
  {
    header: 'Meet by',
    value: (lead) => (lead.appointment ? APPOINTMENT_MEETING_LABELS[lead.appointment.meeting] : ''),
  },
  { header: 'Length (minutes)', value: (lead) => (lead.appointment ? String(lead.appointment.minutes) : '') },
  {
    header: 'Calendar answer',
    value: (lead) => (lead.appointment_response ? APPOINTMENT_RESPONSE_LABELS[lead.appointment_response] : ''),
  },
  { header: 'Message', value: (lead) => lead.message },
  { header: 'Came from', value: (lead) => (lead.came_from ? LEAD_CHANNEL_LABELS[lead.came_from.channel] : '') },
  { header: 'Campaign', value: (lead) => lead.came_from?.utm_campaign ?? '' },
];
