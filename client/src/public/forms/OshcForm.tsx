import { TextInput } from '@mantine/core';
import type { JSX } from 'react';
import type { PolicyType } from '../../../../shared/enums.js';
import { oshcFormInput, OSHC_THANK_YOU, POLICY_TYPE_LABELS } from '../../../../shared/forms.schema.js';
import ui from '../ui/ui.module.css';
import { EnumSelect, PublicFormFrame } from './PublicFormFrame.js';
import { useCountrySiteForm } from './use-public-form.js';

interface OshcValues {
  policy_types: PolicyType | null;
  /** `YYYY-MM-DD`, as date inputs give it. */
  policy_start_date: string;
  policy_end_date: string;
  phone_no: string;
  email: string;
  reCaptcha_token: string;
}

const INITIAL_VALUES: OshcValues = {
  policy_types: null,
  policy_start_date: '',
  policy_end_date: '',
  phone_no: '',
  email: '',
  reCaptcha_token: '',
};

/** The OSHC (overseas student health cover) quote request, stored for the country site it is sent from. */
export function OshcForm(): JSX.Element {
  const publicForm = useCountrySiteForm(oshcFormInput, INITIAL_VALUES, (trpc) => trpc.forms.oshc.mutationOptions());
  const { form } = publicForm;
  return (
    <PublicFormFrame
      publicForm={publicForm}
      label="Health insurance (OSHC) quote"
      submitLabel="Request a Quote"
      thankYou={OSHC_THANK_YOU}
    >
      <EnumSelect
        label="Policy Type"
        placeholder="Select a policy type"
        labels={POLICY_TYPE_LABELS}
        {...form.getInputProps('policy_types')}
      />
      <div className={ui.fieldPairs}>
        <TextInput type="date" label="Policy Start Date" required {...form.getInputProps('policy_start_date')} />
        <TextInput
          type="date"
          label="Policy End Date"
          required
          min={form.values.policy_start_date || undefined}
          {...form.getInputProps('policy_end_date')}
        />
        <TextInput type="tel" label="Phone Number" autoComplete="tel" required {...form.getInputProps('phone_no')} />
        <TextInput type="email" label="Email" autoComplete="email" required {...form.getInputProps('email')} />
      </div>
    </PublicFormFrame>
  );
}
