import { Textarea } from '@mantine/core';
import type { JSX } from 'react';
import type { GeneralFormService } from '../../../../shared/enums.js';
import {
  APPOINTMENT_THANK_YOU,
  FORM_TEXT_MAX,
  GENERAL_FORM_SERVICE_LABELS,
  generalFormInput,
} from '../../../../shared/forms.schema.js';
import ui from '../ui/ui.module.css';
import { ContactFields, EnumSelect, PublicFormFrame, TermsCheckbox } from './PublicFormFrame.js';
import { useCountrySiteForm } from './use-public-form.js';

interface AppointmentValues {
  first_name: string;
  last_name: string;
  email_address: string;
  contact_number: string;
  services: GeneralFormService | null;
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
  comment: '',
  has_agreed_to_terms: false,
  reCaptcha_token: '',
};

/** Book an appointment (the spec's general form), stored for the country site it is sent from. */
export function GeneralForm(): JSX.Element {
  const publicForm = useCountrySiteForm(generalFormInput, INITIAL_VALUES, (trpc) =>
    trpc.forms.generalForm.mutationOptions(),
  );
  const { form } = publicForm;
  return (
    <PublicFormFrame
      publicForm={publicForm}
      label="Book an appointment"
      submitLabel="Book Appointment"
      thankYou={APPOINTMENT_THANK_YOU}
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
