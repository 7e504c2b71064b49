import { Group, Radio, Select, Textarea, TextInput } from '@mantine/core';
import type { JSX } from 'react';
import {
  APPOINTMENT_MEETING_LABELS,
  APPOINTMENT_MEETINGS,
  APPOINTMENT_TIME_LABELS,
  appointmentDays,
  type AppointmentMeeting,
  type AppointmentTime,
} from '../../../../shared/appointment.js';
import type { GeneralFormService } from '../../../../shared/enums.js';
import {
  APPOINTMENT_THANK_YOU,
  FORM_TEXT_MAX,
  GENERAL_FORM_SERVICE_LABELS,
  generalFormInput,
} from '../../../../shared/forms.schema.js';
import ui from '../ui/ui.module.css';
import { BranchHoursNote, BranchSelect } from './BranchSelect.js';
import { optionsOf } from './form-options.js';
import { NextSteps } from './NextSteps.js';
import { ContactFields, EnumSelect, PublicFormFrame, TermsCheckbox } from './PublicFormFrame.js';
import { useCountrySiteForm } from './use-public-form.js';

interface AppointmentValues {
  first_name: string;
  last_name: string;
  email_address: string;
  contact_number: string;
  services: GeneralFormService | null;
  // The visitor's preferences (decision 048): all optional.
  meeting: AppointmentMeeting | null;
  /** The Select's value (a branch id as text); the shared schema converts it to a number. */
  branch_id: string | null;
  preferred_date: string;
  preferred_time: AppointmentTime | null;
  comment: string;
  has_agreed_to_terms: boolean;
  reCaptcha_token: string;
}

const INITIAL_VALUES: AppointmentValues = {
  first_name: '',
  last_name: '',
  email_address: '',
  contact_number: '',
  services: null,
  meeting: null,
  branch_id: null,
  preferred_date: '',
  preferred_time: null,
  comment: '',
  has_agreed_to_terms: false,
  reCaptcha_token: '',
};

/** Book an appointment (the spec's general form), stored for the country site it is sent from or the chosen branch. */
export function GeneralForm(): JSX.Element {
  const publicForm = useCountrySiteForm(generalFormInput, INITIAL_VALUES, (trpc) =>
    trpc.forms.generalForm.mutationOptions(),
  );
  const { form } = publicForm;
  // The server's bounds (today somewhere on Earth, to 90 days ahead): the browser's date picker keeps to them.
  const days = appointmentDays();
  return (
    <PublicFormFrame
      publicForm={publicForm}
      label="Book an appointment"
      submitLabel="Book Appointment"
      thankYou={APPOINTMENT_THANK_YOU}
      nextSteps={(sent) => (
        <NextSteps
          branchId={sent.branch_id === null ? null : Number(sent.branch_id)}
          email={sent.email_address}
          reply={(branch) =>
            `A counsellor${branch ? ` at ${branch}` : ''} calls or e-mails you within one working day to agree the time of your appointment.`
          }
        />
      )}
    >
      <div className={ui.fieldPairs}>
        <ContactFields inputProps={form.getInputProps} phoneField="contact_number" />
      </div>
      <EnumSelect
        label="Service"
        placeholder="Select a service"
        labels={GENERAL_FORM_SERVICE_LABELS}
        {...form.getInputProps('services')}
      />
      <Radio.Group label="How would you like to meet?" description="Optional" {...form.getInputProps('meeting')}>
        <Group gap="lg" mt="xs">
          {APPOINTMENT_MEETINGS.map((meeting) => (
            <Radio key={meeting} value={meeting} label={APPOINTMENT_MEETING_LABELS[meeting]} />
          ))}
        </Group>
      </Radio.Group>
      <BranchSelect
        description={
          form.values.meeting === 'IN_PERSON'
            ? 'The branch you would like to visit'
            : 'The branch nearest you (optional)'
        }
        placeholder="Any branch"
        clearable
        {...form.getInputProps('branch_id')}
      />
      <div className={ui.fieldPairs}>
        <TextInput
          type="date"
          label="Preferred date"
          description="Optional: we confirm the time with you"
          min={days.first}
          max={days.last}
          {...form.getInputProps('preferred_date')}
        />
        <Select
          label="Preferred time"
          description="Optional"
          placeholder="Any time"
          clearable
          data={optionsOf(APPOINTMENT_TIME_LABELS)}
          {...form.getInputProps('preferred_time')}
        />
      </div>
      <BranchHoursNote branchId={form.values.branch_id} day={form.values.preferred_date} />
      <Textarea
        label="Comment"
        description="Anything we should know before the appointment (optional)"
        autosize
        minRows={3}
        maxRows={10}
        maxLength={FORM_TEXT_MAX}
        {...form.getInputProps('comment')}
      />
      <TermsCheckbox {...form.getInputProps('has_agreed_to_terms', { type: 'checkbox' })} />
    </PublicFormFrame>
  );
}
