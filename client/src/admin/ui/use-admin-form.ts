import { schemaResolver, useForm, type UseFormReturnType } from '@mantine/form';
import type { z } from 'zod';
import { fieldErrorsOf } from '../../api-errors.js';
import { notifyError, notifySuccess } from '../../notify.js';
import { UploadError } from '../graphql-upload.js';
import { errorMessage } from './errors.js';

/**
 * The one form pattern of the staff area: @mantine/form validated by the zod schema the server uses, messages on
 * blur and change, and `canSubmit` only when the values are valid and changed (spec §5 "Add Page modal").
 * `showServerErrors` puts the API's field messages next to their fields.
 */
export function useAdminForm<Values extends Record<string, unknown>>(
  schema: z.ZodType,
  initialValues: Values,
  /** Builds what the schema checks from the form's values (e.g. adds the id or the country). */
  toInput: (values: Values) => unknown = (values) => values,
) {
  const resolve = schemaResolver(schema, { sync: true });
  const form: UseFormReturnType<Values> = useForm<Values>({
    mode: 'controlled',
    initialValues,
    validateInputOnBlur: true,
    validate: (values) => resolve(toInput(values)),
  });
  const showServerErrors = (error: unknown): boolean => {
    const fields = error instanceof UploadError ? error.fields : fieldErrorsOf(error);
    const any = Object.keys(fields).length > 0;
    if (any) form.setErrors(fields);
    // The first field the server marked may be out of view in a long form. Brought into view, not focused: leaving a
    // focused field checks it again, which would take the server's message away and move the buttons under the pointer.
    Object.keys(fields)
      .map((name) => form.getInputNode(name))
      .find((node) => node instanceof HTMLElement)
      ?.scrollIntoView({ block: 'center' });
    return any;
  };
  return {
    form,
    canSubmit: form.isValid() && form.isDirty(),
    showServerErrors,
    /**
     * The answer handling of a save: `onSaved` (close, refetch, …) then "Successfully Updated!" or "Successfully
     * Added!" (or `message`); on failure the server's field messages on their fields, else an error toast with the error's message.
     */
    saveFeedback: <Saved>(
      editing: boolean,
      onSaved: (saved: Saved) => Promise<unknown> | void,
      message = editing ? 'Successfully Updated!' : 'Successfully Added!',
    ) => ({
      onSuccess: async (saved: Saved) => {
        try {
          await onSaved(saved);
        } catch (error) {
          notifyError(errorMessage(error));
          return;
        }
        notifySuccess(message);
      },
      onError: (error: unknown) => {
        if (!showServerErrors(error)) notifyError(errorMessage(error));
      },
    }),
  };
}
