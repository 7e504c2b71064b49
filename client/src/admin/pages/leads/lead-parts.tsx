import { Badge, Group, Table, Text, Title, type MantineSize, type TableProps } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconHelpCircle } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { APPOINTMENT_RESPONSE_LABELS, type AppointmentResponse } from '../../../../../shared/appointment.js';
import { LEAD_KIND_LABELS, LEAD_STATUS_LABELS, type LeadKind, type LeadStatus } from '../../../../../shared/leads.js';
import { useRefetch, type ApiOutputs } from '../../../trpc.js';
import { formatWhen, WHOLE_WORD, WRITTEN } from '../../ui/list-cells.js';

/** What the inbox and the detail view share: the lead's shape, its badges, names and how a change is shown. */

export type Lead = ApiOutputs['leads']['list']['data'][number];
export type LeadDetail = ApiOutputs['leads']['get'];
export type AssignableStaff = ApiOutputs['leads']['assignableStaff'][number];

const STATUS_COLORS: Record<LeadStatus, string> = {
  NEW: 'blue',
  CONTACTED: 'cyan',
  QUALIFIED: 'grape',
  WON: 'green',
  LOST: 'gray',
  SPAM: 'red',
};

export function StatusBadge({ status }: { status: LeadStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant={status === 'NEW' ? 'filled' : 'light'} styles={WHOLE_WORD}>
      {LEAD_STATUS_LABELS[status]}
    </Badge>
  );
}

/** A burnt orange white text reads on at 6:1 (Mantine's oranges stay under 4.5:1 either way). */
const WAITING_ORANGE = '#a63f00';

/** The visitor answered, or declined the appointment, and waits for staff (decision 054). */
export function WaitingBadge({ since }: { since: string }) {
  return (
    <Badge color={WAITING_ORANGE} variant="filled" styles={WHOLE_WORD} title={`Since ${formatWhen(since)}`}>
      Waiting for reply
    </Badge>
  );
}

const ANSWER_ICONS = {
  ACCEPTED: { Icon: IconCircleCheck, color: 'var(--mantine-color-green-8)' },
  DECLINED: { Icon: IconCircleX, color: 'var(--mantine-color-red-8)' },
  TENTATIVE: { Icon: IconHelpCircle, color: 'var(--mantine-color-yellow-8)' },
} as const;

/** What the visitor's calendar answered to the invitation (decision 053): the words say it, the icon shows it. */
export function CalendarAnswer({ response, size = 'sm' }: { response: AppointmentResponse; size?: MantineSize }) {
  const { Icon, color } = ANSWER_ICONS[response];
  return (
    <Group gap={4} wrap="nowrap">
      <Icon size={size === 'sm' ? 16 : 14} color={color} aria-hidden />
      <Text size={size}>{APPOINTMENT_RESPONSE_LABELS[response]}</Text>
    </Group>
  );
}

export function KindBadge({ kind }: { kind: LeadKind }) {
  return (
    <Badge color="gray" variant="outline" styles={WHOLE_WORD}>
      {LEAD_KIND_LABELS[kind]}
    </Badge>
  );
}

/** The visitor's name, or their address when the form asks for none (OSHC); neither once anonymised. */
export function leadName(lead: Pick<Lead, 'first_name' | 'last_name' | 'email_address'>): string {
  const name = [lead.first_name, lead.last_name].filter(Boolean).join(' ');
  return name || lead.email_address || 'Anonymised visitor';
}

/** Where a lead was sent: its country, and its branch when it names one. */
export const placeOf = (lead: Pick<Lead, 'country' | 'branch'>) =>
  lead.branch ? `${lead.country.name} · ${lead.branch.name}` : lead.country.name;

const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

/** A calendar day (YYYY-MM-DD) as written where the staff member is. */
export const formatDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

/** Staff who may be given a lead of `countryId`: ADMINs and the EDITORs holding it. */
export function assignableFor(staff: AssignableStaff[] | undefined, countryId: number): AssignableStaff[] {
  return (staff ?? []).filter((member) => member.role === 'ADMIN' || member.country_ids.includes(countryId));
}

/**
 * After a change to a lead, everything that shows leads is asked again (inbox, detail, counts, dashboard), and the
 * form entries behind them (an erasure removes those).
 */
export function useLeadsChanged() {
  const refetch = useRefetch();
  return () => refetch('leads', 'forms');
}

/** Labels and their values as a table, each label a row header (what was sent, a visitor's answers). */
export function FactsTable({
  caption,
  facts,
  labelWidth,
  ...table
}: TableProps & { caption?: string; facts: readonly (readonly [string, ReactNode])[]; labelWidth: number | string }) {
  return (
    <Table withTableBorder layout="fixed" {...table}>
      {caption ? <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>{caption}</Table.Caption> : null}
      <Table.Tbody>
        {facts.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={labelWidth}>{label}</Table.Th>
            <Table.Td style={WRITTEN}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A titled part of the enquiry panel (a region named by its heading, for screen readers). */
export function LeadSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <Title order={3} size="h5" id={id} mb="xs">
        {title}
      </Title>
      {children}
    </section>
  );
}
