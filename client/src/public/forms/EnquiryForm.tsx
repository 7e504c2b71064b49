import { Textarea, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { JSX } from 'react';
import type { HearAboutUs, InterestedService } from '../../../../shared/enums.js';
import {
  contactUsFormInput,
  FORM_THANK_YOU,
  HEAR_ABOUT_US_LABELS,
  INTERESTED_SERVICE_LABELS,
} from '../../../../shared/forms.schema.js';
import type { EligibilityAttachment } from '../../../../shared/eligibility/attachment.js';
import { useTrpc } from '../../trpc.js';
import { BranchSelect } from './BranchSelect.js';
import ui from '../ui/ui.module.css';
import { NextSteps } from './NextSteps.js';
import { ContactFields, EnumSelect, PublicFormFrame, TermsCheckbox } from './PublicFormFrame.js';
import { usePublicForm } from './use-public-form.js';

interface EnquiryValues {
  /** The Select's value (a branch id as text); the shared schema converts it to a number (spec §5). */
  branch_id: string | null;
  first_name: string;
  last_name: string;
  email_address: string;
  phone_number: string;
  subject: string;
  hear_about_us: HearAboutUs | null;
  interested_service: InterestedService | null;
  message: string;
  has_agreed_to_terms: boolean;
  reCaptcha_token: string;
}

const INITIAL_VALUES: EnquiryValues = {
  branch_id: null,
  first_name: '',
  last_name: '',
  email_address: '',
  phone_number: '',
  subject: '',
  // Spec §3: Friends and Education by default.
  hear_about_us: 'FRIENDS',
  interested_service: 'EDUCATION',
  message: '',
  has_agreed_to_terms: false,
  reCaptcha_token: '',
};

/**
 * The enquiry / contact form (spec §2 "Enquiry / contact form", §3, §4, §5). An eligibility checker opens it with
 * some fields filled in (`prefill`) and its answers attached (`eligibility`), sent with the enquiry.
 */
export function EnquiryForm({
  onSubmitted,
  prefill,
  eligibility,
}: {
  onSubmitted?: () => void;
  prefill?: Partial<Pick<EnquiryValues, 'subject' | 'interested_service' | 'message'>>;
  eligibility?: EligibilityAttachment;
}): JSX.Element {
  const trpc = useTrpc();
  const mutation = useMutation(trpc.forms.contactUs.mutationOptions());
  const publicForm = usePublicForm({
    schema: contactUsFormInput,
    initialValues: { ...INITIAL_VALUES, ...prefill },
    send: (input) => mutation.mutateAsync({ ...input, eligibility: eligibility ?? null }),
    onSubmitted,
  });
  const { form } = publicForm;

  return (
    <PublicFormFrame
      publicForm={publicForm}
      label="Enquiry form"
      submitLabel="Send Message"
      submittingLabel="Message Submitting..."
      thankYou={FORM_THANK_YOU}
      nextSteps={(sent) => (
        <NextSteps
          branchId={Number(sent.branch_id)}
          email={sent.email_address}
          reply={(branch) =>
            `A counsellor at ${branch ?? 'our office'} reads your message and replies within one working day.`
          }
          eligibility={eligibility?.tool}
        />
      )}
    >
      <BranchSelect required {...form.getInputProps('branch_id')} />
      <div className={ui.fieldPairs}>
        <ContactFields inputProps={form.getInputProps} phoneField="phone_number" />
      </div>
      <TextInput label="Subject" required {...form.getInputProps('subject')} />
      <div className={ui.fieldPairs}>
        <EnumSelect
          label="How did you hear about us?"
          labels={HEAR_ABOUT_US_LABELS}
          {...form.getInputProps('hear_about_us')}
        />
        <EnumSelect
          label="Interested Service"
          labels={INTERESTED_SERVICE_LABELS}
          {...form.getInputProps('interested_service')}
        />
      </div>
      <Textarea label="Message" required autosize minRows={4} maxRows={10} {...form.getInputProps('message')} />
      <TermsCheckbox {...form.getInputProps('has_agreed_to_terms', { type: 'checkbox' })} />
    </PublicFormFrame>
  );
}
