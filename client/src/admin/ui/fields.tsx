import { MultiSelect, NumberInput, Select, Skeleton, TextInput, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { lazy, Suspense, useRef, type ReactNode } from 'react';
import type { z } from 'zod';
import type { ImageCategory } from '../../../../shared/enums.js';
import { fieldErrorsOf, isConflict } from '../../api-errors.js';
import { SaveModal } from './FormModal.js';
import { ImagePicker, type PickedImage } from './ImagePicker.js';

export type Country = { id: number; name: string };
/** The signed-in staff member (me.get; unknown while it loads): who they are, their role and countries. */
export type Actor = { staffId: number; role: string; countryIds: readonly number[] } | undefined;
export type FormValues = Record<string, unknown>;

/** What a form's fields may look at besides the item: the countries, the one the screen shows, the actor. */
export interface FieldContext {
  countries: Country[];
  /** The country (or, for banners, the page) the screen is showing, if any. */
  shown: Country | null;
  actor: Actor;
}

export interface FieldProps<Item> {
  form: UseFormReturnType<FormValues>;
  item: Item | null;
  context: FieldContext;
}

/**
 * One input of a staff form, declared once (decision 038): the form's value for an item, what the API takes from
 * it, and the control. A kind's form is a list of these; the names are the API's (and its messages' paths).
 */
export interface Field<Item> {
  /** The value's name in the form and the API; none for a field that only shows something. */
  name?: string;
  /** The form's value for an item (null: a new one). */
  valueOf?: (item: Item | null, context: FieldContext) => unknown;
  /** What the API takes from the form's value (default: the value as it is). */
  inputOf?: (value: unknown) => unknown;
  /** Only when adding (a new item's countries): neither shown nor sent when editing. */
  newOnly?: boolean;
  /** A component (it may use hooks), called with the form, the item and the context. */
  Input: (props: FieldProps<Item>) => ReactNode;
}

/** The fields that apply: editing leaves out those of new items only. */
const applying = <Item,>(fields: Field<Item>[], item: Item | null) => fields.filter((f) => !(item && f.newOnly));

/** The form's starting values for an item (null: a new one). */
export function valuesOf<Item>(fields: Field<Item>[], item: Item | null, context: FieldContext): FormValues {
  return Object.fromEntries(
    applying(fields, item).flatMap((f) =>
      // Its own `valueOf` only: every object inherits one (Object.prototype's, which answers the field itself).
      f.name ? [[f.name, Object.hasOwn(f, 'valueOf') ? f.valueOf!(item, context) : '']] : [],
    ),
  );
}

/** What the API takes from the form's values. */
export function inputOf<Item>(fields: Field<Item>[], values: FormValues, item: Item | null): FormValues {
  return Object.fromEntries(
    applying(fields, item).flatMap((f) => (f.name ? [[f.name, (f.inputOf ?? ((v) => v))(values[f.name])]] : [])),
  );
}

/**
 * What names the item an update changes (a page's text is named by its page, a country's webhook by its country):
 * sent always, never a field.
 */
const itemKeyOf = (input: FormValues) => ['id', 'page_id', 'country_id'].find((key) => key in input) ?? 'id';

/**
 * The item's key and the fields staff changed from `before` (the item's input as the form opened), so a save never
 * writes back what someone else changed meanwhile (a banner's pages, a testimonial's picture).
 */
export function changedInput(input: FormValues, before: FormValues): FormValues {
  const same = (name: string) => JSON.stringify(input[name]) === JSON.stringify(before[name]);
  const key = itemKeyOf(input);
  return Object.fromEntries(Object.entries(input).filter(([name]) => name === key || !same(name)));
}

/** Whether an update takes any subset of the fields (its schema accepts the id alone), or needs them all. */
const takesChanges = (update: z.ZodType, id: number) => update.safeParse({ id }).success;

/**
 * What an update sends: the fields staff changed (all of them when `needsAll`) and what those fields held when the
 * form opened (`started_from`), by which the server refuses a Save that would replace a colleague's change made
 * meanwhile (decision 043). Every field sent is checked, so when the update needs them all, a field staff left as it
 * was is checked too: sending it puts back what the form opened with. Fields in `overrule` are sent without that
 * check: staff saw the conflict and saved again, so what the form holds is stored, even when it is back to what the
 * form opened with.
 */
export function updateInput(
  input: FormValues,
  before: FormValues,
  { needsAll, overrule }: { needsAll: boolean; overrule: ReadonlySet<string> },
): FormValues {
  const kept = [...overrule].filter((name) => name in input).map((name): [string, unknown] => [name, input[name]]);
  const sent = { ...(needsAll ? input : changedInput(input, before)), ...Object.fromEntries(kept) };
  const key = itemKeyOf(input);
  const checked = Object.keys(sent).filter((name) => name !== key && !overrule.has(name));
  if (checked.length === 0) return sent;
  return { ...sent, started_from: Object.fromEntries(checked.map((name) => [name, before[name] ?? null])) };
}

/**
 * An edit form's side of the conflict check (decision 043), given the item's input as the form opened: `input` is
 * the update to send (`updateInput`); `noticed` marks the fields of a conflict the server reported, which the next
 * Save then replaces as its message says (`sent` does so for an update's promise); `saved` starts checking them
 * again and, for a form that stays open after saving, takes what was stored as the form's new start.
 *
 * What the form opened with is kept as it was: a later read of the item (a list or record read again when the
 * window regains focus, or after a save) must not become what the check compares against, or a colleague's change
 * read meanwhile would look like the form's start and be silently replaced.
 */
export function useEditConflicts(openedWith: FormValues) {
  const startedFrom = useRef(openedWith);
  const overrule = useRef(new Set<string>());
  const noticed = (error: unknown) => {
    if (isConflict(error)) Object.keys(fieldErrorsOf(error)).forEach((name) => overrule.current.add(name));
  };
  return {
    input: <Input extends FormValues>(input: Input, needsAll: boolean) =>
      updateInput(input, startedFrom.current, { needsAll, overrule: overrule.current }) as Input,
    noticed,
    sent: <Saved,>(update: Promise<Saved>) =>
      update.catch((error: unknown) => {
        noticed(error);
        throw error;
      }),
    saved: (stored?: FormValues) => {
      overrule.current.clear();
      if (stored) startedFrom.current = stored;
    },
  };
}

/** The controls of a form's fields, in their order. */
export function FieldInputs<Item>({ fields, ...props }: FieldProps<Item> & { fields: Field<Item>[] }) {
  return applying(fields, props.item).map(({ Input }, index) => <Input key={index} {...props} />);
}

/**
 * A kind's add and change: the API's schemas and procedures (each takes what its schema has checked, and answers
 * what it saved).
 */
export interface FormApi<Saved = unknown> {
  schemas: { add: z.ZodType; update: z.ZodType };
  add: (input: never) => Promise<Saved>;
  update: (input: never) => Promise<Saved>;
}

/**
 * The add/edit dialog of a declared form: the fields' values, controls and input in the one save flow (SaveModal);
 * `newInput` goes with a new item besides its fields (its country).
 */
export function FieldsModal<Item extends { id: number }, Saved = unknown>({
  title,
  fields,
  item,
  context,
  api,
  newInput,
  onClose,
  onSaved,
  draft,
}: {
  title: string;
  fields: Field<Item>[];
  item: Item | null;
  /**
   * Drafts of a live item (decision 041): "Save draft" keeps the input aside; `item` (the item as its draft makes
   * it) is what the form starts from, so Save publishes it; `notice` says so.
   */
  draft?: { save: (input: never) => Promise<unknown>; item: Item | null; notice: ReactNode };
  context: FieldContext;
  api: FormApi<Saved>;
  newInput?: FormValues;
  onClose: () => void;
  /** After a save, with what the API answered (e.g. the new item). */
  onSaved: (saved: Saved) => Promise<unknown>;
}) {
  const initialValues = valuesOf(fields, item, context);
  const conflicts = useEditConflicts(item ? inputOf(fields, initialValues, item) : {});
  return (
    <SaveModal
      title={title}
      schema={item ? api.schemas.update : api.schemas.add}
      initialValues={initialValues}
      toInput={(values) => {
        if (!item) return { ...newInput, ...inputOf(fields, values, null) };
        const input = { ...inputOf(fields, values, item), id: item.id };
        return conflicts.input(input, !takesChanges(api.schemas.update, item.id));
      }}
      // The schema has checked the input: it is what the procedure takes.
      save={(input) => (item ? conflicts.sent(api.update(input as never)) : api.add(input as never))}
      editing={item !== null}
      onClose={onClose}
      onSaved={onSaved}
      draft={draft && { save: (input) => draft.save(input as never) }}
      startValues={draft?.item ? valuesOf(fields, draft.item, context) : undefined}
      notice={draft?.notice}
    >
      {(form) => <FieldInputs fields={fields} form={form} item={draft?.item ?? item} context={context} />}
    </SaveModal>
  );
}

/** An item's own value of a field (the API answers the names the forms send). */
const read = (item: unknown, name: string): unknown => (item as FormValues | null)?.[name];

interface TextOptions {
  required?: boolean;
  description?: string;
  type?: 'email' | 'tel' | 'url' | 'date';
  /** An empty (or blank) entry is "none": the API gets null. */
  blankIsNone?: boolean;
}

/** A line of text. */
export function text(name: string, label: string, options: TextOptions = {}): Field<unknown> {
  const { blankIsNone, ...props } = options;
  return {
    name,
    valueOf: (item) => read(item, name) ?? '',
    inputOf: blankIsNone ? (value) => String(value).trim() || null : undefined,
    Input: ({ form }) => <TextInput label={label} {...props} {...form.getInputProps(name)} />,
  };
}

/** A few lines of text, growing from `minRows` to `maxRows`. */
export function longText(
  name: string,
  label: string,
  { minRows = 3, maxRows = 8, description }: { minRows?: number; maxRows?: number; description?: string } = {},
): Field<unknown> {
  return {
    name,
    valueOf: (item) => read(item, name) ?? '',
    Input: ({ form }) => (
      <Textarea
        label={label}
        required
        autosize
        minRows={minRows}
        maxRows={maxRows}
        description={description}
        {...form.getInputProps(name)}
      />
    ),
  };
}

/** A whole number from `min` to `max` (a new item starts on `max`: a rating of 5). */
export function wholeNumber(name: string, label: string, min: number, max: number): Field<unknown> {
  return {
    name,
    valueOf: (item) => read(item, name) ?? max,
    // An emptied input is not a number: the schema says so.
    inputOf: (value) => (value === '' ? Number.NaN : Number(value)),
    Input: ({ form }) => (
      <NumberInput
        label={label}
        required
        min={min}
        max={max}
        allowDecimal={false}
        allowNegative={false}
        {...form.getInputProps(name)}
      />
    ),
  };
}

/**
 * A picture from the library (or uploaded there), sent as `image_id`; `kind` offers only the category's pictures no
 * item of that kind uses yet.
 */
export function picture(
  label: string,
  category: ImageCategory,
  kind?: Parameters<typeof ImagePicker>[0]['kind'],
): Field<{ image: PickedImage }> {
  return {
    name: 'image_id',
    valueOf: (item) => item?.image.id ?? null,
    // No picture is 0, which the schema refuses with its message.
    inputOf: (value) => value ?? 0,
    Input: ({ form, item }) => (
      <ImagePicker
        label={label}
        category={category}
        kind={kind}
        current={item?.image ?? null}
        {...form.getInputProps('image_id')}
      />
    ),
  };
}

// The editor is large: it loads with the first form that has one, never with the staff area's first chunk.
const RichTextField = lazy(() => import('./RichTextField.js'));

/** Formatted text (a post's body), sent as the editor's HTML; an empty editor is '' (the schema's "is required"). */
export function richText(name: string, label: string): Field<unknown> {
  return {
    name,
    valueOf: (item) => read(item, name) ?? '',
    Input: ({ form }) => (
      <Suspense fallback={<Skeleton height={260} radius="sm" />}>
        <RichTextField label={label} {...form.getInputProps(name)} />
      </Suspense>
    ),
  };
}

interface ChoiceOptions {
  data: { value: string; label: string }[];
  /** A new item's choice (default: none). */
  initial?: string | null;
  /** Whether "none" may be chosen (else the field is required). */
  clearable?: boolean;
  placeholder?: string;
  description?: string;
}

/** One of a few choices. */
export function choice(name: string, label: string, options: ChoiceOptions): Field<unknown> {
  const { data, initial = null, clearable = false, placeholder, description } = options;
  return {
    name,
    valueOf: (item) => read(item, name) ?? initial,
    Input: ({ form }) => (
      <Select
        label={label}
        required={!clearable}
        clearable={clearable}
        allowDeselect={clearable}
        searchable={data.length > 8}
        placeholder={placeholder}
        description={description}
        data={data}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps(name)}
      />
    ),
  };
}

const countryOptions = (countries: Country[]) => countries.map((c) => ({ value: String(c.id), label: c.name }));

/** The item's country (a new one starts in the country shown), which editing may change. */
export function country(): Field<{ country_id: number }> {
  return {
    name: 'country_id',
    valueOf: (item, { shown }) => String(item?.country_id ?? shown?.id ?? ''),
    inputOf: Number,
    Input: ({ form, context }) => (
      <Select
        label="Country"
        required
        allowDeselect={false}
        data={countryOptions(context.countries)}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('country_id')}
      />
    ),
  };
}

/** The country the screen shows, for reference (the item stays in it). */
export const shownCountry: Field<unknown> = {
  Input: ({ context }) => <TextInput label="Country" value={context.shown?.name ?? ''} readOnly />,
};

/** The countries a new item is shown in (at least one; it starts in the one the list shows). */
export function newItemCountries<Item>(
  Input: Field<Item>['Input'] = ({ form, context }) => (
    <CountriesField countries={context.countries} {...form.getInputProps('country_ids')} />
  ),
): Field<Item> {
  return {
    name: 'country_ids',
    newOnly: true,
    valueOf: (_, { shown }) => (shown ? [String(shown.id)] : []),
    inputOf: (ids) => (ids as string[]).map(Number),
    Input,
  };
}

/** The countries a new item is shown in (at least one). */
export function CountriesField({
  countries,
  ...input
}: { countries: Country[] } & ReturnType<UseFormReturnType<FormValues>['getInputProps']>) {
  return (
    <MultiSelect
      label="Countries"
      required
      data={countryOptions(countries)}
      comboboxProps={{ withinPortal: true }}
      {...input}
    />
  );
}
