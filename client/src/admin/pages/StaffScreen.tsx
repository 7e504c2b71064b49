import {
  ActionIcon,
  Button,
  Card,
  Group,
  MultiSelect,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPencil, IconPhoto, IconPlus, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import type { StaffRole } from '../../../../shared/enums.js';
import { addStaffInput, STAFF_PASSWORD_MIN, updateStaffInput } from '../../../../shared/staff.schema.js';
import { notifyError, notifySuccess } from '../../notify.js';
import { useTrpc, type ApiOutputs } from '../../trpc.js';
import { AdminOnly, useActor } from '../actor.js';
import { SaveModal } from '../ui/FormModal.js';
import { AdminModal } from '../ui/AdminModal.js';
import { DataTable, usePaging } from '../ui/DataTable.js';
import { errorMessage } from '../ui/errors.js';
import { StaffAvatar } from '../ui/StaffAvatar.js';
import { StaffPictureEditor } from './StaffPictureEditor.js';

type StaffAccount = ApiOutputs['staff']['list'][number];

const ROLE_OPTIONS = [
  { value: 'EDITOR', label: 'Editor: the content of their countries' },
  { value: 'ADMIN', label: 'Administrator: every country, page text and staff' },
];

const column = createColumnHelper<StaffAccount>();

/**
 * Everyone's own picture, then the staff accounts (ADMIN only): who may sign in to the staff area, with which role
 * and for which countries, and their pictures.
 */
export function StaffScreen() {
  return (
    <Stack gap="xl">
      <YourPicture />
      <AdminOnly message="Only administrators can manage staff.">
        <StaffAccounts />
      </AdminOnly>
    </Stack>
  );
}

/** The signed-in person's picture, which the top bar shows (its avatar links here). */
function YourPicture() {
  const me = useActor().data;
  return (
    <Stack gap="sm">
      <Title order={2} size="h3" id="your-picture">
        Your picture
      </Title>
      <Card withBorder padding="md" maw={640} aria-labelledby="your-picture" component="section">
        {me ? <StaffPictureEditor staff={{ id: me.staffId, name: me.name, picture_url: me.picture_url }} self /> : null}
      </Card>
    </Stack>
  );
}

function StaffAccounts() {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const me = useActor().data;
  const list = useQuery(trpc.staff.list.queryOptions());
  const countries = useQuery(trpc.country.getAll.queryOptions({}));
  const paging = usePaging();
  const [editing, setEditing] = useState<StaffAccount | 'new' | null>(null);
  const [switching, setSwitching] = useState<StaffAccount | null>(null);
  const [picturing, setPicturing] = useState<number | null>(null);

  const countryNames = useMemo(
    () => new Map((countries.data ?? []).map((country) => [country.id, country.name])),
    [countries.data],
  );
  // The signed-in person's own role may have changed too (an ADMIN making themself an EDITOR).
  const refetch = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.staff.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.me.pathKey() }),
    ]);

  const setActive = useMutation(
    trpc.staff.setActive.mutationOptions({
      onSuccess: async () => {
        notifySuccess('Successfully Updated!');
        setSwitching(null);
        await refetch();
      },
      onError: (error) => notifyError(errorMessage(error)),
    }),
  );

  const columns = useMemo(
    () => [
      column.accessor('email', { header: 'Email' }),
      column.accessor('name', {
        header: 'Name',
        cell: ({ row }) => (
          <Group gap="xs" wrap="nowrap">
            <StaffAvatar
              name={row.original.name}
              pictureUrl={row.original.picture_url}
              size={28}
              withInitials={false}
            />
            <span>{row.original.name}</span>
          </Group>
        ),
      }),
      column.accessor('role', { header: 'Role' }),
      column.accessor('country_ids', {
        header: 'Countries',
        cell: ({ row }) =>
          row.original.role === 'ADMIN'
            ? 'All countries'
            : row.original.country_ids.map((id) => countryNames.get(id) ?? `#${id}`).join(', '),
      }),
      column.accessor('is_active', {
        header: 'Status',
        cell: ({ getValue }) => (getValue() ? 'Active' : 'Deactivated'),
      }),
      column.display({
        id: 'action',
        header: 'Action',
        cell: ({ row }) => {
          const staff = row.original;
          // The server refuses it too: nobody locks themself out.
          const self = staff.id === me?.staffId;
          return (
            <Group gap={4} wrap="nowrap">
              <ActionIcon variant="subtle" aria-label={`Edit ${staff.name}`} onClick={() => setEditing(staff)}>
                <IconPencil size={18} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                aria-label={`Picture of ${staff.name}`}
                onClick={() => setPicturing(staff.id)}
              >
                <IconPhoto size={18} aria-hidden />
              </ActionIcon>
              {staff.is_active ? (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={self ? 'You cannot deactivate yourself' : `Deactivate ${staff.name}`}
                  disabled={self}
                  onClick={() => setSwitching(staff)}
                >
                  <IconUserOff size={18} aria-hidden />
                </ActionIcon>
              ) : (
                <ActionIcon
                  variant="subtle"
                  color="teal.9"
                  aria-label={`Reactivate ${staff.name}`}
                  onClick={() => setSwitching(staff)}
                >
                  <IconUserCheck size={18} aria-hidden />
                </ActionIcon>
              )}
            </Group>
          );
        },
      }),
    ],
    [countryNames, me?.staffId],
  );

  // The API answers the whole list (staff are few): paged here with the same table.
  const all = list.data ?? [];
  const { page, perPage } = paging.paging;
  const pageCount = Math.max(Math.ceil(all.length / perPage), 1);
  const rows = list.data?.slice((page - 1) * perPage, page * perPage);

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
          Add staff
        </Button>
      </Group>
      <DataTable
        label="Staff accounts"
        columns={columns}
        rows={rows}
        pagination={{ page, perPage, pageCount, total: all.length }}
        paging={paging}
        loading={list.isFetching}
        error={list.error}
        rowKey={(staff) => staff.id}
      />
      {editing ? (
        <StaffModal
          current={editing === 'new' ? null : editing}
          countries={countries.data ?? []}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await refetch();
          }}
        />
      ) : null}
      <PictureModal
        staff={all.find((staff) => staff.id === picturing) ?? null}
        self={picturing === me?.staffId}
        onClose={() => setPicturing(null)}
      />
      <AdminModal
        opened={switching !== null}
        onClose={() => setSwitching(null)}
        title={switching?.is_active ? `Deactivate ${switching.name}?` : `Reactivate ${switching?.name ?? ''}?`}
      >
        <Text>
          {switching?.is_active
            ? `${switching.email} will be refused at their next action in the staff area and cannot sign in until reactivated.`
            : `${switching?.email ?? ''} will be able to sign in and work in the staff area again.`}
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setSwitching(null)}>
            Cancel
          </Button>
          <Button
            color={switching?.is_active ? 'red' : undefined}
            loading={setActive.isPending}
            onClick={() => switching && setActive.mutate({ id: switching.id, is_active: !switching.is_active })}
          >
            {switching?.is_active ? 'Deactivate' : 'Reactivate'}
          </Button>
        </Group>
      </AdminModal>
    </Stack>
  );
}

/** An administrator changes anyone's picture here (it shows the list's latest, so a change appears at once). */
function PictureModal({ staff, self, onClose }: { staff: StaffAccount | null; self: boolean; onClose: () => void }) {
  return (
    <AdminModal opened={staff !== null} onClose={onClose} title={`Picture of ${staff?.name ?? ''}`}>
      {staff ? <StaffPictureEditor staff={staff} self={self} /> : null}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Done
        </Button>
      </Group>
    </AdminModal>
  );
}

interface StaffFormValues extends Record<string, unknown> {
  email: string;
  name: string;
  role: StaffRole;
  country_ids: string[];
  password: string;
}

/** Add (with e-mail and an optional initial password) or edit (name, role, countries) one staff account. */
function StaffModal({
  current,
  countries,
  onClose,
  onSaved,
}: {
  current: StaffAccount | null;
  countries: { id: number; name: string }[];
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const trpc = useTrpc();
  const initial: StaffFormValues = {
    email: current?.email ?? '',
    name: current?.name ?? '',
    role: current?.role ?? 'EDITOR',
    country_ids: (current?.country_ids ?? []).map(String),
    password: '',
  };
  // An ADMIN changes every country: countries chosen before switching the role are not sent.
  const common = (values: StaffFormValues) => ({
    name: values.name,
    role: values.role,
    country_ids: values.role === 'ADMIN' ? [] : values.country_ids.map(Number),
  });
  const add = useMutation(trpc.staff.add.mutationOptions());
  const update = useMutation(trpc.staff.update.mutationOptions());

  return (
    <SaveModal
      title={current ? `Edit ${current.name}` : 'Add staff'}
      schema={current ? updateStaffInput : addStaffInput}
      initialValues={initial}
      toInput={(values) =>
        current
          ? { id: current.id, ...common(values) }
          : { ...common(values), email: values.email, password: values.password }
      }
      save={(input) => ('id' in input ? update.mutateAsync(input) : add.mutateAsync(input))}
      editing={current !== null}
      onClose={onClose}
      onSaved={onSaved}
    >
      {(form) => (
        <>
          <TextInput
            label="Email"
            type="email"
            required={!current}
            readOnly={current !== null}
            description={current ? 'The e-mail cannot be changed: sign-in matches people by it.' : undefined}
            {...form.getInputProps('email')}
          />
          <TextInput label="Name" required {...form.getInputProps('name')} />
          <Select
            label="Role"
            required
            allowDeselect={false}
            data={ROLE_OPTIONS}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('role')}
          />
          {form.values.role === 'EDITOR' ? (
            <MultiSelect
              label="Countries"
              description="The country sites this editor may change."
              required
              searchable
              data={countries.map((country) => ({ value: String(country.id), label: country.name }))}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('country_ids')}
            />
          ) : null}
          {current ? null : (
            <PasswordInput
              label="Initial password"
              description={`For the site's own sign-in page only (at least ${STAFF_PASSWORD_MIN} characters); leave empty when staff sign in with your organisation's provider, which matches them by e-mail.`}
              autoComplete="new-password"
              {...form.getInputProps('password')}
            />
          )}
        </>
      )}
    </SaveModal>
  );
}
