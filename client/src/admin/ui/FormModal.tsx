import { Button, Group, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useEffect, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import { AdminModal } from './AdminModal.js';
import { useAdminForm } from './use-admin-form.js';

/**
 * The staff area's add/edit dialog: a titled modal around a form (the browser's own validation off: the zod
 * messages show instead), its fields, then Cancel and Save (or `submitLabel`), enabled only when `canSubmit`.
 */
export function FormModal({
  title,
  onClose,
  onSubmit,
  canSubmit,
  saving,
  submitLabel = 'Save',
  more,
  children,
}: {
  title: string;
  onClose: () => void;
  /** @mantine/form's `form.onSubmit(...)`. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  canSubmit: boolean;
  saving: boolean;
  submitLabel?: string;
  /** Other buttons, between Cancel and Save (e.g. "Save draft"). */
  more?: ReactNode;
  children: ReactNode;
}) {
  return (
    <AdminModal opened onClose={onClose} title={title}>
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="md">
          {children}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            {more}
            <Button type="submit" disabled={!canSubmit} loading={saving}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </AdminModal>
  );
}

/**
 * A FormModal with the staff area's one save flow: the form checks what `toInput` builds against the API's zod
 * schema, Save sends that input through `save`, then `onSaved` (close, refetch) and "Successfully Added!" or
 * "Successfully Updated!"; a refusal puts the API's field messages on their fields, or shows its message.
 */
export function SaveModal<Values extends Record<string, unknown>, Input, Saved>({
  title,
  schema,
  initialValues,
  toInput,
  save,
  editing,
  onClose,
  onSaved,
  submitLabel,
  draft,
  startValues,
  notice,
  children,
}: {
  title: string;
  submitLabel?: string;
  /** "Save draft" beside Save: the same checked input kept aside (decision 041), then `onSaved`. */
  draft?: { save: (input: Input) => Promise<unknown> };
  /** Values to start from other than the saved ones (a draft's): the form starts changed, so Save is on. */
  startValues?: Values;
  /** Shown above the fields (e.g. that the form holds a draft). */
  notice?: ReactNode;
  schema: z.ZodType;
  initialValues: Values;
  /** What the schema checks and `save` sends: the values with the id, the country, numbers for strings… */
  toInput: (values: Values) => Input;
  /** `form` for a save of several steps, which may change the values between them. */
  save: (input: Input, values: Values, form: UseFormReturnType<Values>) => Promise<Saved>;
  /** Changing an item (rather than adding one): the success message says so. */
  editing: boolean;
  onClose: () => void;
  /** After a save, before the success message (close the modal, refetch, add the new item somewhere…). */
  onSaved: (saved: Saved) => Promise<unknown> | void;
  children: (form: UseFormReturnType<Values>) => ReactNode;
}) {
  const { form, canSubmit, saveFeedback } = useAdminForm(schema, initialValues, toInput);
  useEffect(() => {
    if (startValues) form.setValues(startValues);
    // Once, when the form opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const mutation = useMutation({
    mutationFn: (values: Values) => save(toInput(values), values, form),
    ...saveFeedback(editing, onSaved),
  });
  const drafting = useMutation({
    mutationFn: (values: Values) => draft!.save(toInput(values)) as Promise<Saved>,
    ...saveFeedback(editing, onSaved, 'Draft saved'),
  });
  return (
    <FormModal
      title={title}
      onClose={onClose}
      onSubmit={form.onSubmit((values) => mutation.mutate(values))}
      canSubmit={canSubmit && !drafting.isPending}
      saving={mutation.isPending}
      submitLabel={submitLabel}
      more={
        draft ? (
          <Button
            variant="default"
            disabled={!canSubmit || mutation.isPending}
            loading={drafting.isPending}
            // The same checks as Save, on the same values.
            onClick={() => form.onSubmit((values) => drafting.mutate(values))()}
          >
            Save draft
          </Button>
        ) : null
      }
    >
      {notice}
      {children(form)}
    </FormModal>
  );
}
