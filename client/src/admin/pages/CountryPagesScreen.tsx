import { Badge, Group, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { addPageToOtherCountryInput } from '../../../../shared/page.schema.js';
import {
  BOOK_APPOINTMENT_PAGE_NAME,
  ENQUIRY_PAGE_NAME,
  FOOTER_QUICK_LINKS,
  MENU,
  isPageEnabled,
} from '../../public/layout/navigation.js';
import { useRefetch, useTrpc, useTrpcClient } from '../../trpc.js';
import { SaveModal } from '../ui/FormModal.js';
import { actionColumn } from '../ui/RowActions.js';
import { ConfirmDelete, useConfirmedDelete } from '../ui/ConfirmDelete.js';
import { CountrySelect, useCountryChoice } from '../ui/CountrySelect.js';
import { DataTable, loadStateOf, usePaging } from '../ui/DataTable.js';
import { Toolbar } from '../ui/Toolbar.js';

interface AssignedPage {
  id: number;
  name: string;
}

const column = createColumnHelper<AssignedPage>();

const MENU_PAGE_NAMES = MENU.flatMap(function names(entry): string[] {
  return entry.kind === 'page' ? [entry.label] : entry.items.flatMap(names);
});

/** Where a page shows in the public site's navigation, for the "Navigation" column. */
function navigationPlacesOf(name: string): string[] {
  if (isPageEnabled(name, ['Home'])) return ['Home page'];
  const places: string[] = [];
  if (isPageEnabled(name, [ENQUIRY_PAGE_NAME, BOOK_APPOINTMENT_PAGE_NAME])) places.push('Header button');
  if (isPageEnabled(name, MENU_PAGE_NAMES)) places.push('Menu');
  if (
    isPageEnabled(
      name,
      FOOTER_QUICK_LINKS.map((link) => link.label),
    )
  )
    places.push('Footer');
  return places;
}

/**
 * Which pages each country site shows (spec §2 "Admin country page-assignment screen", §5 "Add Page modal"): a
 * country dropdown (Global first), its pages with server-side paging, Add Page and delete.
 */
export function CountryPagesScreen() {
  const trpc = useTrpc();
  const { page } = useTrpcClient();
  const refetch = useRefetch();
  const choice = useCountryChoice();
  const { country, countryId } = choice;
  const paging = usePaging();
  const [adding, setAdding] = useState(false);
  const list = useQuery({
    ...trpc.page.ofCountryPaged.queryOptions({ country_id: countryId ?? 0, paginate: paging.paging }),
    enabled: countryId !== null,
  });
  const deletion = useConfirmedDelete({
    // A page is only offered for deletion while its country's list shows.
    remove: (deleting: AssignedPage) => page.deleteFromCountry.mutate({ country_id: countryId!, page_id: deleting.id }),
    success: 'Page Deleted Successfully!',
    onDone: () => refetch('page'),
  });
  const askToDelete = deletion.ask;
  const deleting = deletion.item;

  const columns = useMemo(
    () => [
      column.accessor('id', { header: 'ID' }),
      column.accessor('name', { header: 'Name' }),
      column.display({
        id: 'navigation',
        header: 'Navigation',
        cell: ({ row }) => {
          const places = navigationPlacesOf(row.original.name);
          return places.length > 0 ? (
            <Group gap={4}>
              {places.map((place) => (
                <Badge key={place} variant="filled" color={place === 'Home page' ? 'accent.8' : 'brand'}>
                  {place}
                </Badge>
              ))}
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              Linked from other pages only
            </Text>
          );
        },
      }),
      actionColumn((page: AssignedPage) => ({ name: page.name, onDelete: () => askToDelete(page) })),
    ],
    [askToDelete],
  );

  return (
    <Stack gap="md">
      <Toolbar action={{ label: 'Add Page', disabled: !country, onClick: () => setAdding(true) }}>
        <CountrySelect choice={choice} clearable onChange={paging.reset} />
      </Toolbar>
      <DataTable
        label={country ? `Pages of ${country.name}` : 'Pages'}
        columns={columns}
        rows={countryId === null ? [] : list.data?.data}
        pagination={list.data?.pagination}
        paging={paging}
        {...loadStateOf(list)}
        rowKey={(page) => page.id}
      />
      {country && adding ? (
        <AddPageModal
          onClose={() => setAdding(false)}
          country={country}
          onAdded={async () => {
            setAdding(false);
            await refetch('page');
          }}
        />
      ) : null}
      <ConfirmDelete
        {...deletion.dialog}
        what={deleting && country ? `Remove the page "${deleting.name}" from ${country.name}.` : ''}
        consequence={
          deleting && country && navigationPlacesOf(deleting.name).includes('Home page')
            ? `This is the home page: the ${country.name} site's address (/) will answer "Page not found" to every ` +
              `visitor of ${country.name} until Home is added back.`
            : null
        }
      />
    </Stack>
  );
}

/** Spec §5: the country read-only, pages not yet assigned, at least one required; submit when valid and changed. */
function AddPageModal({
  onClose,
  country,
  onAdded,
}: {
  onClose: () => void;
  country: { id: number; name: string };
  onAdded: () => Promise<void>;
}) {
  const trpc = useTrpc();
  const allPages = useQuery(trpc.page.getAll.queryOptions());
  const assigned = useQuery(trpc.page.getOfCountry.queryOptions({ country_id: country.id }));
  const assignedIds = new Set((assigned.data ?? []).map((page) => page.id));
  const choices = (allPages.data ?? []).filter((page) => !assignedIds.has(page.id));
  const add = useMutation(trpc.page.addToCountry.mutationOptions());

  return (
    <SaveModal
      title="Add Page"
      submitLabel="Add"
      schema={addPageToOtherCountryInput}
      initialValues={{ page_ids: [] as string[] }}
      toInput={(values) => ({ country_id: country.id, page_ids: values.page_ids.map(Number) })}
      save={(input) => add.mutateAsync(input)}
      editing={false}
      onClose={onClose}
      onSaved={onAdded}
    >
      {(form) => (
        <>
          <TextInput label="Country" value={country.name} readOnly />
          <MultiSelect
            label="Pages"
            placeholder={
              choices.length === 0 && !allPages.isPending ? 'Every page is already assigned' : 'Choose pages'
            }
            required
            searchable
            data={choices.map((page) => ({ value: String(page.id), label: page.name }))}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('page_ids')}
            onChange={(pageIds) => {
              form.setFieldValue('page_ids', pageIds);
              // Removing the last page says at once that one is required.
              form.validateField('page_ids');
            }}
          />
        </>
      )}
    </SaveModal>
  );
}
