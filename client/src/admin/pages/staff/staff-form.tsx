import { MultiSelect, PasswordInput, TextInput } from '@mantine/core';
import type { z } from 'zod';
import { addStaffInput, STAFF_PASSWORD_MIN, updateStaffInput } from '../../../../../shared/staff.schema.js';
import { useTrpcClient, type ApiOutputs } from '../../../trpc.js';
import { choice, FieldsModal, text, type Country, type Field } from '../../ui/fields.js';

export type StaffAccount = ApiOutputs['staff']['list'][number];

const ROLE_OPTIONS = [
  { value: 'EDITOR', label: 'Editor: the content of their countries' },
  { value: 'ADMIN', label: 'Administrator: every country, page text and staff' },
];

/** A staff account's form: e-mail and initial password when adding; name, role and (for an EDITOR) countries. */
const STAFF_FIELDS: Field<StaffAccount>[] = [
  { ...text('email', 'Email', { type: 'email', required: true }), newOnly: true },
  // Shown, never sent, once the account exists.
  {
    Input: ({ item }) =>
      item ? (
        <TextInput
          label="Email"
          type="email"
          readOnly
          value={item.email}
          description="The e-mail cannot be changed: sign-in matches people by it."
        />
      ) : null,
  },
  text('name', 'Name', { required: true }),
  choice('role', 'Role', { data: ROLE_OPTIONS, initial: 'EDITOR' }),
  {
    name: 'country_ids',
    valueOf: (item) => (item?.country_ids ?? []).map(String),
    inputOf: (ids) => (ids as string[]).map(Number),
    Input: ({ form, context }) =>
      form.values.role === 'EDITOR' ? (
        <MultiSelect
          label="Countries"
          description="The country sites this editor may change."
          required
          searchable
          data={context.countries.map((country) => ({ value: String(country.id), label: country.name }))}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('country_ids')}
        />
      ) : null,
  },
  {
    name: 'password',
    newOnly: true,
    Input: ({ form }) => (
      <PasswordInput
        label="Initial password"
        description={`For the site's own sign-in page only (at least ${STAFF_PASSWORD_MIN} characters); leave empty when staff sign in with your organisation's provider, which matches them by e-mail.`}
        autoComplete="new-password"
        {...form.getInputProps('password')}
      />
    ),
  },
];

// An ADMIN changes every country: countries chosen before switching the role are not sent.
const forRole = <Input extends { role: string }>(input: Input) =>
  input.role === 'ADMIN' ? { ...input, country_ids: [] } : input;

/** Add (with e-mail and an optional initial password) or edit (name, role, countries) one staff account. */
export function StaffModal({
  account,
  countries,
  onClose,
  onSaved,
}: {
  account: StaffAccount | null;
  countries: Country[];
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { staff } = useTrpcClient();
  return (
    <FieldsModal
      title={account ? `Edit ${account.name}` : 'Add staff'}
      fields={STAFF_FIELDS}
      item={account}
      context={{ countries, shown: null, actor: undefined }}
      api={{
        schemas: { add: addStaffInput, update: updateStaffInput },
        add: (input: z.input<typeof addStaffInput>) => staff.add.mutate(forRole(input)),
        update: (input: z.input<typeof updateStaffInput>) => staff.update.mutate(forRole(input)),
      }}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}
