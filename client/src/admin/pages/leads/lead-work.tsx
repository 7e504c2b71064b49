import { Alert, Button, Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Timeline } from '@mantine/core';
import { IconCheck, IconMessageCircleExclamation, IconNote } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { APPOINTMENT_RESPONSE_LABELS, type AppointmentResponse } from '../../../../../shared/appointment.js';
import {
  LEAD_NOTE_MAX,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  type UpdateEnquiryInput,
} from '../../../../../shared/leads.js';
import { fieldErrorsOf } from '../../../api-errors.js';
import { notifyError, notifySuccess } from '../../../notify.js';
import { useTrpc } from '../../../trpc.js';
import { errorMessage } from '../../ui/errors.js';
import { formatWhen, WRITTEN } from '../../ui/list-cells.js';
import { optionsOf } from '../../ui/list-filters.js';
import {
  assignableFor,
  formatDay,
  LeadSection,
  useLeadsChanged,
  type AssignableStaff,
  type LeadDetail,
} from './lead-parts.js';

/** What staff do with a lead: its status, assignee and follow-up day, their notes, and its history. */

/** A change to the lead, told when saved or refused. */
function useLeadUpdate(lead: LeadDetail) {
  const trpc = useTrpc();
  const changed = useLeadsChanged();
  const update = useMutation(
    trpc.leads.update.mutationOptions({
      onSuccess: async () => {
        notifySuccess('Successfully Updated!');
        await changed();
      },
      onError: (error) => notifyError(errorMessage(error)),
    }),
  );
  return { update, save: (change: Omit<UpdateEnquiryInput, 'id'>) => update.mutate({ id: lead.id, ...change }) };
}

/**
 * The visitor answered (or their calendar declined the appointment) and waits for staff (decision 054): said at the
 * top of the lead until someone replies, tells them of a new time, closes the lead, or says no reply is needed.
 */
export function WaitingForReply({ lead }: { lead: LeadDetail }) {
  const { update, save } = useLeadUpdate(lead);
  if (!lead.awaiting_reply_since) return null;
  const declined = lead.appointment_response === 'DECLINED';
  return (
    // A standing notice, not an interruption: it is there each time the lead opens.
    <Alert
      role="status"
      color="orange"
      variant="light"
      // Mantine's orange as text is under 4.5:1 on its tint; the icon and the tint carry the colour.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      icon={<IconMessageCircleExclamation size={20} aria-hidden />}
      title="The visitor is waiting for a reply"
    >
      <Stack gap="xs">
        <Text size="sm">
          {declined && lead.answers.length === 0
            ? 'Their calendar declined the appointment'
            : `They answered${declined ? ', and their calendar declined the appointment' : ''}`}{' '}
          (since {formatWhen(lead.awaiting_reply_since)}). {declined ? 'Arrange another time, reply,' : 'Reply below,'}{' '}
          or say none is needed (answered by phone, a thank-you).
        </Text>
        <Group>
          <Button
            size="xs"
            variant="default"
            loading={update.isPending}
            leftSection={<IconCheck size={14} aria-hidden />}
            onClick={() => save({ awaiting_reply: false })}
          >
            No reply needed
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

export function LeadActions({ lead, staff }: { lead: LeadDetail; staff: AssignableStaff[] | undefined }) {
  const { update, save } = useLeadUpdate(lead);
  const people = assignableFor(staff, lead.country.id);
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      <Select
        label="Status"
        allowDeselect={false}
        data={optionsOf(LEAD_STATUSES, LEAD_STATUS_LABELS)}
        value={lead.status}
        disabled={update.isPending}
        onChange={(value) => value && value !== lead.status && save({ status: value })}
      />
      <Select
        label="Assigned to"
        placeholder="Unassigned"
        clearable
        searchable
        nothingFoundMessage="No staff member works on this country"
        data={people.map((member) => ({ value: member.id, label: member.name }))}
        value={lead.assignee?.id ?? null}
        disabled={update.isPending}
        onChange={(value) => save({ assignee_id: value })}
      />
      <TextInput
        type="date"
        label="Follow up on"
        value={lead.follow_up_on ?? ''}
        disabled={update.isPending}
        onChange={(event) => {
          const day = event.currentTarget.value;
          // A half-typed date is empty; only a whole day (or clearing it) is saved.
          if (day !== (lead.follow_up_on ?? '')) save({ follow_up_on: day || null });
        }}
      />
    </SimpleGrid>
  );
}

export function Notes({ lead }: { lead: LeadDetail }) {
  const trpc = useTrpc();
  const changed = useLeadsChanged();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useMutation(
    trpc.leads.addNote.mutationOptions({
      onSuccess: async () => {
        setText('');
        notifySuccess('Note added');
        await changed();
      },
      onError: (failure) => setError(fieldErrorsOf(failure).text ?? errorMessage(failure)),
    }),
  );
  const submit = () => {
    if (text.trim() === '') {
      setError('Note is required');
      return;
    }
    setError(null);
    add.mutate({ enquiry_id: lead.id, text });
  };
  return (
    <LeadSection title="Notes">
      <Stack gap="sm">
        {lead.notes.length === 0 ? <Text c="dimmed">No notes yet. Notes are for staff only.</Text> : null}
        {lead.notes.map((note) => (
          <div key={note.id}>
            <Text size="xs" c="dimmed">
              {note.author?.name ?? 'Former staff member'} · {formatWhen(note.created_at)}
            </Text>
            <Text style={WRITTEN}>{note.text}</Text>
          </div>
        ))}
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="xs">
            <Textarea
              label="Add a note"
              placeholder="What was said, what was promised, what comes next"
              autosize
              minRows={2}
              maxLength={LEAD_NOTE_MAX}
              value={text}
              error={error}
              onChange={(event) => setText(event.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={add.isPending} leftSection={<IconNote size={16} aria-hidden />}>
                Add note
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </LeadSection>
  );
}

const HISTORY_TEXT: Record<LeadDetail['history'][number]['kind'], (from: string | null, to: string | null) => string> =
  {
    CREATED: () => 'Arrived from the website',
    STATUS: (from, to) => `Status ${from ?? '—'} → ${to ?? '—'}`,
    ASSIGNEE: (from, to) => (to ? `Assigned to ${to}${from ? ` (was ${from})` : ''}` : `Unassigned (was ${from})`),
    FOLLOW_UP: (from, to) =>
      to ? `Follow-up set for ${formatDay(to)}${from ? ` (was ${formatDay(from)})` : ''}` : 'Follow-up cleared',
    NOTE: (_from, to) => (to ? `Note: ${to}` : 'Note (removed)'),
    REPLY: (_from, to) => (to ? `Replied by e-mail: ${to}` : 'Replied by e-mail'),
    ANSWER: (_from, to) => (to ? `The visitor answered: ${to}` : 'The visitor answered by e-mail'),
    APPOINTMENT_ANSWER: (_from, to) =>
      `Their calendar answered the invitation: ${APPOINTMENT_RESPONSE_LABELS[to as AppointmentResponse] ?? to}`,
    NO_REPLY_NEEDED: () => 'Marked as needing no reply',
    ANONYMISED: () => "The visitor's details were removed (privacy)",
    // The server writes both sides in words ("Thursday, 3 December 2026 at 14:30 · Video call").
    APPOINTMENT: (from, to) =>
      to ? `Appointment arranged: ${to}${from ? ` (was ${from})` : ''}` : `Appointment called off (was ${from})`,
  };

/** History lines without a staff member that the visitor caused. */
const VISITOR_EVENTS = new Set(['CREATED', 'ANSWER', 'APPOINTMENT_ANSWER']);

export function History({ lead }: { lead: LeadDetail }) {
  return (
    <LeadSection title="History">
      <Timeline active={lead.history.length - 1} bulletSize={14} lineWidth={2}>
        {lead.history.map((event) => (
          <Timeline.Item key={event.id} title={HISTORY_TEXT[event.kind](event.from_value, event.to_value)}>
            <Text size="xs" c="dimmed">
              {event.actor?.name ?? (VISITOR_EVENTS.has(event.kind) ? 'Visitor' : 'System')} ·{' '}
              {formatWhen(event.created_at)}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    </LeadSection>
  );
}
