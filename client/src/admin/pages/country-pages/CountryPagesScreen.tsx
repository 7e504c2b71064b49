import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useRefetch, useTrpc, useTrpcClient } from '../../../trpc.js';
import { ConfirmDelete, useConfirmedDelete } from '../../ui/ConfirmDelete.js';
import { CountrySelect, useCountryChoice } from '../../ui/CountrySelect.js';
import { DataTable, loadStateOf, usePaging } from '../../ui/DataTable.js';
import { Toolbar } from '../../ui/Toolbar.js';
import { AddPageModal } from './AddPageModal.js';
import { removalWords, usePageColumns, type AssignedPage } from './page-navigation.js';

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

  const columns = usePageColumns(deletion.ask);

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
      <ConfirmDelete {...deletion.dialog} {...removalWords(deletion.item, country)} />
    </Stack>
  );
}
