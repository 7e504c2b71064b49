import { Select, Textarea, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { JSX } from 'react';
import type { GeneralFormService } from '../../../../shared/enums.js';
import {
  APPOINTMENT_THANK_YOU,
  FORM_TEXT_MAX,
  GENERAL_FORM_SERVICE_LABELS,
  generalFormInput,
} from '../../../../shared/forms.schema.js';
import { useTrpc } from '../../trpc.js';
import { useCountryId } from '../country.js';
import { optionsOf } from './form-options.js';
import classes from './forms.module.css';
import { PublicFormFrame, TermsCheckbox } from './PublicFormFrame.js';
import { usePublicForm } from './use-public-form.js';

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

const SERVICE_OPTIONS = optionsOf(GENERAL_FORM_SERVICE_LABELS);

/** Book an appointment (the spec's general form), stored for the country site it is sent from. */
export function GeneralForm(): JSX.Element {
  const trpc = useTrpc();
  const countryId = useCountryId();
  const mutation = useMutation(trpc.forms.generalForm.mutationOptions());
  const publicForm = usePublicForm({
    schema: generalFormInput,
    initialValues: INITIAL_VALUES,
    fixedValues: { country_id: countryId },
    send: mutation.mutateAsync,
  });
  const { form } = publicForm;
  return (
    <PublicFormFrame
      publicForm={publicForm}
      label="Book an appointment"
      submitLabel="Book Appointment"
      submittingLabel="Submitting..."
      thankYou={APPOINTMENT_THANK_YOU}
    >
      <div className={classes.fieldPairs}>
        <TextInput label="First Name" autoComplete="given-name" required {...form.getInputProps('first_name')} />
        <TextInput label="Last Name" autoComplete="family-name" required {...form.getInputProps('last_name')} />
        <TextInput
          type="email"
          label="Email Address"
          autoComplete="email"
          required
          {...form.getInputProps('email_address')}
        />
        <TextInput
          type="tel"
          label="Contact Number"
          autoComplete="tel"
          required
          {...form.getInputProps('contact_number')}
        />
      </div>
      <Select
        label="Service"
        placeholder="Select a service"
        data={SERVICE_OPTIONS}
        required
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
