import { schemaResolver, useForm, type UseFormReturnType } from '@mantine/form';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { fieldErrorsOf } from '../../api-errors.js';
import { isTRPCClientError } from '@trpc/client';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import type { AppRouter } from '../../../../server/src/trpc/router.js';
import { HONEYPOT_FIELD } from '../../../../shared/forms.schema.js';
import { useTrpc, type Trpc } from '../../trpc.js';
import { useCountryId } from '../country.js';
import { newUuid } from '../../uuid.js';
import { visitSource } from '../visit-source.js';

/** Spec §4 "Enquiry submission status", shared by the three public forms. */
export type SubmissionStatus = 'PENDING' | 'SUCCESS' | 'ERROR';

/** Every public form carries the captcha solution in the spec's field name. */
export interface CaptchaValues {
  reCaptcha_token: string;
}

export interface PublicFormOptions<Values extends CaptchaValues, Schema extends z.ZodType> {
  /** The shared zod schema the server applies: the same rules and the same §5 messages on both sides. */
  schema: Schema;
  initialValues: Values;
  /** Values the visitor does not type, added before validating and sending (e.g. the country site). */
  fixedValues?: Record<string, unknown>;
  /** Sends the parsed input (a tRPC mutation's `mutateAsync`). */
  send: (input: z.output<Schema>) => Promise<unknown>;
  /** Called after a successful submission (e.g. to close the modal around the form). */
  onSubmitted?: () => void;
}

export interface CaptchaControls {
  /** Changes whenever the widget must start over (after an answered submission): use it as the widget's key. */
  generation: number;
  onToken: (token: string) => void;
  onError: () => void;
  error: ReactNode;
}

export interface PublicForm<Values> {
  form: UseFormReturnType<Values>;
  status: SubmissionStatus;
  /**
   * Why the last submission failed, when the server says so in words a visitor can act on (too many messages from
   * their network, and how long to wait); otherwise the spec's "Something went wrong" shows.
   */
  failure: string | null;
  sending: boolean;
  /** Spec §5: valid, captcha completed and not submitting. Otherwise the submit button is aria-disabled. */
  ready: boolean;
  /** The fields (paths) not yet valid, `reCaptcha_token` for the captcha not yet done. */
  missing: string[];
  /** The values of the last submission the server took (the form is empty again): what the next steps speak of. */
  sent: Values | null;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  captcha: CaptchaControls;
}

/**
 * Whether the server answered the submission (a tRPC error body). Then the attempt is over: nothing was stored
 * under its submission id and its captcha solution may be used up. Otherwise (network failure, a proxy's error
 * page) the outcome is unknown, and sending the same values again reuses the id, so the server stores them once.
 */
function serverAnswered(error: unknown): boolean {
  return isTRPCClientError<AppRouter>(error) && error.data !== undefined && error.data !== null;
}

/** The server's message of a refusal by rate limit (it names the wait); null for any other failure. */
function rateLimitMessage(error: unknown): string | null {
  return isTRPCClientError<AppRouter>(error) && error.data?.code === 'TOO_MANY_REQUESTS' ? error.message : null;
}

/**
 * The one pattern of the public forms: @mantine/form validated by the shared schema (messages on blur and on a
 * submit attempt), the submission status, a fresh `submission_id` per attempt, the server's field errors next to
 * their fields, and the captcha's token, errors and restarts.
 */
export function usePublicForm<Values extends CaptchaValues, Schema extends z.ZodType>({
  schema,
  initialValues,
  fixedValues,
  send,
  onSubmitted,
}: PublicFormOptions<Values, Schema>): PublicForm<Values> {
  const [status, setStatus] = useState<SubmissionStatus>('PENDING');
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<Values | null>(null);
  const [captchaGeneration, setCaptchaGeneration] = useState(0);
  /** Guards against a second submission before React re-renders the button. */
  const inFlight = useRef(false);
  /** The current attempt's id: kept only while the visitor retries unchanged values after an unknown outcome. */
  const submissionId = useRef<string | null>(null);

  const resolve = schemaResolver(schema, { sync: true });
  const withFixed = (values: Values) => ({ ...values, ...fixedValues });
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues,
    validate: (values) => resolve(withFixed(values)),
    validateInputOnBlur: true,
    // Changed values are a new attempt.
    onValuesChange: () => {
      submissionId.current = null;
    },
  });

  // Every form's values have the token (CaptchaValues); Mantine's path types cannot see that through `Values`.
  const setToken = (token: string) =>
    (form as unknown as UseFormReturnType<CaptchaValues>).setFieldValue('reCaptcha_token', token);

  const restartCaptcha = () => {
    setToken('');
    setCaptchaGeneration((generation) => generation + 1);
  };

  // Focus goes to the first field in error (which reads its message), once React has rendered the messages.
  const [focusRequest, setFocusRequest] = useState<{ formElement: HTMLFormElement } | null>(null);
  useEffect(() => {
    focusRequest?.formElement.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);
  const focusFirstInvalid = (formElement: HTMLFormElement) => setFocusRequest({ formElement });

  const submitValid = async (formElement: HTMLFormElement) => {
    const id = (submissionId.current ??= newUuid());
    const honeypot = formElement.elements.namedItem(HONEYPOT_FIELD);
    const parsed = schema.safeParse({
      ...withFixed(form.getValues()),
      submission_id: id,
      came_from: visitSource(),
      [HONEYPOT_FIELD]: honeypot instanceof HTMLInputElement ? honeypot.value : '',
    });
    // Cannot fail: the same schema has just validated these values.
    if (!parsed.success) return;
    inFlight.current = true;
    setSending(true);
    try {
      await send(parsed.data);
      submissionId.current = null;
      setSent(form.getValues());
      form.reset();
      setCaptchaGeneration((generation) => generation + 1);
      setStatus('SUCCESS');
      onSubmitted?.();
    } catch (error) {
      setStatus('ERROR');
      setFailure(rateLimitMessage(error));
      if (serverAnswered(error)) {
        submissionId.current = null;
        restartCaptcha();
        const values = form.getValues() as Record<string, unknown>;
        for (const [field, message] of Object.entries(fieldErrorsOf(error))) {
          if (field in values) form.setFieldError(field, message);
        }
        focusFirstInvalid(formElement);
      }
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    const formElement = event.currentTarget;
    // Spec §4: PENDING again at each submit.
    setStatus('PENDING');
    setFailure(null);
    form.onSubmit(
      () => submitValid(formElement),
      () => focusFirstInvalid(formElement),
    )(event);
  };

  const checked = schema.safeParse(withFixed(form.values));
  // What still keeps the form from being sent, by field (the captcha's token last): the hint beside Send names them.
  const missing = [
    ...new Set(checked.success ? [] : checked.error.issues.map((issue) => String(issue.path[0] ?? ''))),
  ].filter((path) => path !== '' && path !== 'reCaptcha_token' && path in form.values);
  if (form.values.reCaptcha_token === '') missing.push('reCaptcha_token');
  const ready = !sending && form.values.reCaptcha_token !== '' && checked.success;

  return {
    form,
    status,
    failure,
    sending,
    ready,
    missing,
    sent,
    onSubmit,
    captcha: {
      generation: captchaGeneration,
      onToken: setToken,
      onError: () => {
        setFailure(null);
        setStatus('ERROR');
      },
      error: form.errors.reCaptcha_token,
    },
  };
}

/**
 * A public form stored for the country site it is sent from (book an appointment, OSHC): the site's id goes with
 * the values, to the tRPC mutation `mutation` picks (e.g. `(trpc) => trpc.forms.oshc.mutationOptions()`).
 */
export function useCountrySiteForm<Values extends CaptchaValues, Schema extends z.ZodType, Data, Error, Context>(
  schema: Schema,
  initialValues: Values,
  mutation: (trpc: Trpc) => UseMutationOptions<Data, Error, z.output<Schema>, Context>,
): PublicForm<Values> {
  const countryId = useCountryId();
  const { mutateAsync } = useMutation(mutation(useTrpc()));
  return usePublicForm({ schema, initialValues, fixedValues: { country_id: countryId }, send: mutateAsync });
}
