import '../form-styles.js';
import {
  Box,
  Button,
  Checkbox,
  Select,
  Stack,
  Text,
  TextInput,
  type CheckboxProps,
  type SelectProps,
} from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useMounted } from '@mantine/hooks';
import { Fragment, useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../../../shared/brand.js';
import { SUCCESS_GREEN } from '../../theme.js';
import ui from '../ui/ui.module.css';
import { HONEYPOT_FIELD } from '../../../../shared/forms.schema.js';
import { CaptchaField } from './CaptchaField.js';
import { optionsOf } from './form-options.js';
import type { CaptchaValues, PublicForm } from './use-public-form.js';

/** The spec's failure line (§4, §8). */
export const FORM_FAILED = 'Something went wrong';

export interface PublicFormFrameProps<Values extends CaptchaValues> {
  publicForm: PublicForm<Values>;
  /** Names the form for assistive technology (e.g. "Enquiry form"). */
  label: string;
  submitLabel: string;
  /** The button's words while the form is sent; "Submitting..." unless the form words it otherwise. */
  submittingLabel?: string;
  /** The SUCCESS line. */
  thankYou: string;
  /** The form's own fields, in order; the captcha, the submit button and the status follow them. */
  children: ReactNode;
  /** Under the success line: what happens next, from what was sent. */
  nextSteps?: (sent: Values) => ReactNode;
}

/**
 * What every public form shares around its fields: the captcha, the submit button and the status lines.
 *
 * The submit button is never `disabled` once the page is interactive. While the form is invalid, the captcha is
 * not completed or a submission is in flight, it is `aria-disabled` and looks disabled (spec §5), but it stays
 * focusable and activating it validates the whole form, shows every message and moves focus to the first field
 * in error, so keyboard and screen-reader users learn what is missing instead of meeting a dead control.
 * Before hydration it is truly disabled, so the server-rendered form can never be sent as a plain HTML form.
 */
export function PublicFormFrame<Values extends CaptchaValues>({
  publicForm,
  label,
  submitLabel,
  submittingLabel = 'Submitting...',
  thankYou,
  children,
  nextSteps,
}: PublicFormFrameProps<Values>) {
  const { captcha, status, sending, ready } = publicForm;
  const hydrated = useMounted();
  const blocked = !ready || sending;
  const formRef = useRef<HTMLFormElement>(null);
  const hintId = useId();
  // Right after a success the form is empty again: the success line speaks, not a list of what to fill in.
  const showHint = hydrated && !sending && status !== 'SUCCESS' && publicForm.missing.length > 0;
  return (
    <Box
      component="form"
      ref={formRef}
      onSubmit={publicForm.onSubmit}
      noValidate
      method="post"
      aria-label={label}
      // Mantine's default error red (red.6) is 3.3:1 on white: messages and fields in error use red.9 (5.5:1).
      style={{ '--mantine-color-error': 'var(--mantine-color-red-9)' }}
    >
      <Stack gap="md">
        {children}
        <Honeypot />
        <CaptchaField
          key={captcha.generation}
          onToken={captcha.onToken}
          onError={captcha.onError}
          error={captcha.error}
        />
        <Box>
          <Button
            type="submit"
            disabled={!hydrated}
            data-disabled={blocked || undefined}
            // Only once `disabled` is gone: both at once say the same thing twice.
            aria-disabled={(hydrated && blocked) || undefined}
            aria-describedby={showHint ? hintId : undefined}
          >
            {sending ? submittingLabel : submitLabel}
          </Button>
          {showHint ? <MissingFields id={hintId} missing={publicForm.missing} formRef={formRef} /> : null}
        </Box>
        {/* Both live regions exist from the start, so screen readers announce the line when it appears. */}
        <Box>
          <Text role="status" c={SUCCESS_GREEN} fw={600}>
            {status === 'SUCCESS' ? thankYou : null}
          </Text>
          <Text role="alert" c="red.9" fw={600}>
            {status === 'ERROR' ? (publicForm.failure ?? FORM_FAILED) : null}
          </Text>
        </Box>
        {status === 'SUCCESS' && publicForm.sent && nextSteps ? nextSteps(publicForm.sent) : null}
      </Stack>
    </Box>
  );
}

/** A field's name as its label shows it, without the required mark. */
function labelOf(input: HTMLElement | null): string | null {
  const label = input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement ? input.labels?.[0] : null;
  return label?.textContent?.replace(/\s*\*\s*$/, '').trim() || null;
}

/**
 * Why Send is not ready (spec §5 keeps it disabled until the form is valid): the fields still to fill in, in the
 * order the form shows them, each a button that takes the visitor there; and the captcha, when it is not done yet.
 * Read from the form's own inputs once they are on the page, so each form names its fields as its labels do.
 */
function MissingFields({
  id,
  missing,
  formRef,
}: {
  id: string;
  missing: string[];
  formRef: RefObject<HTMLFormElement | null>;
}) {
  const [fields, setFields] = useState<{ input: HTMLElement; label: string }[]>([]);
  const key = missing.join(',');
  useEffect(() => {
    const inputs = missing.flatMap((path) => {
      const input = formRef.current?.querySelector<HTMLElement>(`[data-path="${CSS.escape(path)}"]`) ?? null;
      const label = labelOf(input);
      return input && label ? [{ input, label }] : [];
    });
    inputs.sort((a, b) => (a.input.compareDocumentPosition(b.input) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    setFields(inputs);
    // The list changes only when what is missing does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, formRef]);
  const captcha = missing.includes('reCaptcha_token');
  if (fields.length === 0 && !captcha) return null;
  return (
    <Text id={id} size="sm" mt="xs" c="gray.7">
      {fields.length > 0 ? 'To send, fill in: ' : null}
      {fields.map(({ input, label }, index) => (
        <Fragment key={label}>
          {index > 0 ? ', ' : null}
          <button type="button" className={ui.textButton} onClick={() => input.focus()}>
            {label}
          </button>
        </Fragment>
      ))}
      {fields.length > 0 ? '.' : null}
      {captcha ? `${fields.length > 0 ? ' Then complete' : 'Complete'} the check that you are not a robot.` : null}
    </Text>
  );
}

/** The agreement the enquiry and booking forms ask for (spec §5: "*Please Agree To {product} …"). */
export function TermsCheckbox(props: Omit<CheckboxProps, 'label'>) {
  return (
    <Checkbox
      required
      {...props}
      aria-invalid={Boolean(props.error)}
      label={`I agree to the ${PRODUCT_NAME} Terms & Privacy Policy`}
      // Outside the label, so the box keeps its name; in a new tab, so what was typed stays; on this country's site.
      description={
        <>
          Read our{' '}
          <Link to="/terms" target="_blank" rel="noopener">
            Terms<span className={ui.visuallyHidden}> (opens in a new tab)</span>
          </Link>{' '}
          and{' '}
          <Link to="/privacy-policy" target="_blank" rel="noopener">
            Privacy Policy<span className={ui.visuallyHidden}> (opens in a new tab)</span>
          </Link>
          .
        </>
      }
    />
  );
}

/** What `form.getInputProps` gives a field: its value, change and blur handlers and its error. */
type InputPropsOf = (field: string) => GetInputPropsReturnType;

/**
 * The visitor's name, e-mail address and phone number, as the booking and enquiry forms ask them (spec field names;
 * only the phone number's differs between the two).
 */
export function ContactFields({
  inputProps,
  phoneField,
}: {
  inputProps: InputPropsOf;
  phoneField: 'contact_number' | 'phone_number';
}) {
  return (
    <>
      <TextInput label="First Name" autoComplete="given-name" required {...inputProps('first_name')} />
      <TextInput label="Last Name" autoComplete="family-name" required {...inputProps('last_name')} />
      <TextInput type="email" label="Email Address" autoComplete="email" required {...inputProps('email_address')} />
      <TextInput type="tel" label="Contact Number" autoComplete="tel" required {...inputProps(phoneField)} />
    </>
  );
}

/** A required choice of one of an enumeration's values, offered by their labels in the labels' order. */
export function EnumSelect<Value extends string>({
  labels,
  ...props
}: Omit<SelectProps, 'data' | 'required'> & { labels: Record<Value, string> }) {
  return <Select data={optionsOf(labels)} required {...props} />;
}

/**
 * The honeypot (shared/forms.schema.ts): off-screen rather than `display: none` (which robots skip), hidden from
 * assistive technology, out of the tab order and never autofilled, so only a robot fills it in.
 */
function Honeypot() {
  return (
    <div aria-hidden="true" style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}>
      <label>
        Leave this field empty
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
