import { Button, Checkbox, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import {
  APPOINTMENT_LENGTHS,
  APPOINTMENT_MEETING_LABELS,
  APPOINTMENT_MEETINGS,
  APPOINTMENT_USUAL_MINUTES,
  appointmentLabel,
  arrangedAppointment,
  lengthLabel,
  type AppointmentMeeting,
  type ArrangedAppointment,
} from '../../../../../shared/appointment.js';
import { fieldErrorsOf } from '../../../api-errors.js';
import { notifyError, notifySuccess } from '../../../notify.js';
import { useTrpc } from '../../../trpc.js';
import { ConfirmModal } from '../../ui/ConfirmModal.js';
import { errorMessage } from '../../ui/errors.js';
import { optionsOf } from '../../ui/list-filters.js';
import { AppointmentClashes, OutsideOpeningHours } from './AppointmentClashes.js';
import { CalendarAnswer, LeadSection, useLeadsChanged, type LeadDetail } from './lead-parts.js';

type Draft = { day: string; time: string; meeting: AppointmentMeeting | null; minutes: number };
type Errors = Partial<Record<keyof Draft, string>>;

const LENGTH_OPTIONS = APPOINTMENT_LENGTHS.map((minutes) => ({ value: String(minutes), label: lengthLabel(minutes) }));

/**
 * The appointment arranged with the visitor (decision 049): shown in words with Change and Call off, or a day, a
 * time, how to meet and how long (an hour unless changed) to arrange one. It lists on the dashboard's agenda and
 * leaves a line in the history. Each change can mail the visitor a calendar invitation, or its cancellation
 * (decision 050); asked by default.
 */
export function LeadAppointment({ lead }: { lead: LeadDetail }) {
  const trpc = useTrpc();
  const changed = useLeadsChanged();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [callingOff, setCallingOff] = useState(false);
  // An anonymised lead has no address to write to.
  const canTell = lead.email_address !== '';
  const [tellVisitor, setTellVisitor] = useState(canTell);
  const update = useMutation(
    trpc.leads.update.mutationOptions({
      onSuccess: async (_lead, input) => {
        const told = input.tell_visitor ? ' The visitor is sent it by e-mail.' : '';
        notifySuccess(`${input.appointment ? 'Appointment saved.' : 'Appointment called off.'}${told}`);
        setDraft(null);
        setCallingOff(false);
        await changed();
      },
      onError: (error) => {
        const fields = fieldErrorsOf(error);
        setErrors({
          day: fields['appointment.day'],
          time: fields['appointment.time'],
          meeting: fields['appointment.meeting'],
          minutes: fields['appointment.minutes'],
        });
        notifyError(errorMessage(error));
      },
    }),
  );
  const save = (appointment: ArrangedAppointment | null) =>
    update.mutate({ id: lead.id, appointment, tell_visitor: canTell && tellVisitor });
  const tellBox = (label: string, how: string) =>
    canTell ? (
      <Checkbox
        label={label}
        description={`To ${lead.email_address}, ${how}`}
        checked={tellVisitor}
        onChange={(event) => setTellVisitor(event.currentTarget.checked)}
      />
    ) : null;
  const current = lead.appointment;

  if (draft === null) {
    return (
      <LeadSection title="Appointment">
        {current ? (
          <Group justify="space-between" gap="xs">
            <Stack gap={2}>
              <Text fw={600}>{appointmentLabel(current)}</Text>
              {lead.appointment_response ? <CalendarAnswer response={lead.appointment_response} /> : null}
            </Stack>
            <Group gap="xs">
              <Button variant="default" size="xs" onClick={() => setDraft(current)}>
                Change
              </Button>
              <Button variant="subtle" color="red" size="xs" onClick={() => setCallingOff(true)}>
                Call off
              </Button>
            </Group>
          </Group>
        ) : (
          <Group justify="space-between" gap="xs">
            <Text c="dimmed">No appointment arranged yet.</Text>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconCalendarEvent size={16} aria-hidden />}
              onClick={() => setDraft({ day: '', time: '', meeting: null, minutes: APPOINTMENT_USUAL_MINUTES })}
            >
              Arrange an appointment
            </Button>
          </Group>
        )}
        {callingOff && current ? (
          <ConfirmModal
            title="Call off the appointment?"
            confirmLabel="Call it off"
            cancelLabel="Keep it"
            confirming={update.isPending}
            onClose={() => setCallingOff(false)}
            onConfirm={() => save(null)}
          >
            <Stack gap="sm">
              <Text>{appointmentLabel(current)} is taken off the lead and the agenda.</Text>
              {tellBox('Tell the visitor it is called off', 'so their calendar drops it')}
            </Stack>
          </ConfirmModal>
        ) : null}
      </LeadSection>
    );
  }

  // A field's message goes once it is changed (the next Save checks it again).
  const edit = (patch: Partial<Draft>) => {
    setDraft({ ...draft, ...patch });
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !(field in patch))));
  };

  return (
    <LeadSection title="Appointment">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          // The server's rules, checked here first so each message shows next to its field.
          const checked = arrangedAppointment.safeParse(draft);
          if (!checked.success) {
            const found: Errors = {};
            for (const issue of checked.error.issues) found[issue.path[0] as keyof Draft] ??= issue.message;
            setErrors(found);
            return;
          }
          setErrors({});
          save(checked.data);
        }}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              type="date"
              label="Day"
              required
              value={draft.day}
              error={errors.day}
              onChange={(event) => edit({ day: event.currentTarget.value })}
            />
            <TextInput
              type="time"
              label="Time"
              description={`By the clock of ${lead.branch?.name ?? lead.country.name} (${lead.time_zone})`}
              required
              value={draft.time}
              error={errors.time}
              onChange={(event) => edit({ time: event.currentTarget.value })}
            />
            <Select
              label="Meet by"
              required
              allowDeselect={false}
              data={optionsOf(APPOINTMENT_MEETINGS, APPOINTMENT_MEETING_LABELS)}
              value={draft.meeting}
              error={errors.meeting}
              onChange={(value) => edit({ meeting: value })}
            />
            <Select
              label="Length"
              allowDeselect={false}
              data={LENGTH_OPTIONS}
              value={String(draft.minutes)}
              error={errors.minutes}
              onChange={(value) => edit({ minutes: Number(value ?? APPOINTMENT_USUAL_MINUTES) })}
            />
          </SimpleGrid>
          <OutsideOpeningHours lead={lead} draft={draft} />
          <AppointmentClashes lead={lead} draft={draft} />
          {tellBox(current ? 'Tell the visitor about the change' : 'Tell the visitor', 'with a calendar invitation')}
          <Group justify="flex-end" gap="xs">
            <Button
              variant="default"
              onClick={() => {
                setDraft(null);
                setErrors({});
              }}
            >
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Save appointment
            </Button>
          </Group>
        </Stack>
      </form>
    </LeadSection>
  );
}
