import { Anchor, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { GLOBAL_COUNTRY_ID, type EnableStatus } from '../../../../../shared/enums.js';
import { StatusCell } from '../../ui/cells.js';
import { useTrpc } from '../../../trpc.js';
import { actionColumn } from '../../ui/RowActions.js';
import { columnsOf } from '../../ui/list-cells.js';
import { CountryModal } from './CountryModal.js';
import { Toolbar } from '../../ui/Toolbar.js';
import { useClientRows } from '../../ui/client-pages.js';
import { DataTable, usePaging } from '../../ui/DataTable.js';

export interface Country {
  id: number;
  name: string;
  flag_url: string | null;
  is_enabled: EnableStatus;
  time_zone: string | null;
  /** The site's address code (`np`: `/np/…`); null: Global, at the root. */
  code: string | null;
}

/**
 * The country sites (spec §3 "Country"): flag, name, the site's address, the clock of its appointments and whether
 * the site is live. Only administrators add or change them; editors see the list.
 */
export function CountriesScreen() {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const me = useQuery(trpc.me.get.queryOptions());
  const isAdmin = me.data?.role === 'ADMIN';
  const countries = useQuery(trpc.country.getAll.queryOptions({}));
  const paging = usePaging();
  // null: no modal; 'new': adding; a country: editing it.
  const [editing, setEditing] = useState<Country | 'new' | null>(null);

  // The API answers every country at once (there are few): the table pages them here.
  const shown = useClientRows(countries, paging);

  const columns = useMemo(
    () => [
      ...columnsOf<Country>({
        Flag: (country) =>
          country.flag_url ? (
            <img
              src={country.flag_url}
              alt={`${country.name} flag`}
              width={36}
              height={24}
              style={{ objectFit: 'cover', display: 'block' }}
            />
          ) : (
            <Text size="sm">No flag</Text>
          ),
        Name: (country) => country.name,
        // The site itself, in a new tab.
        Address: (country) =>
          country.code ? (
            <Anchor href={`/${country.code}`} target="_blank" rel="noopener" size="sm">
              /{country.code}
            </Anchor>
          ) : country.id === GLOBAL_COUNTRY_ID ? (
            '/ (the root)'
          ) : (
            'None yet: set a code'
          ),
        'Time zone': (country) => country.time_zone ?? 'Site default',
        Status: (country) => <StatusCell status={country.is_enabled} />,
      }),
      ...(isAdmin
        ? [actionColumn((country: Country) => ({ name: country.name, onEdit: () => setEditing(country) }))]
        : []),
    ],
    [isAdmin],
  );

  return (
    <Stack gap="md">
      <Toolbar align="center" action={isAdmin ? { label: 'Add Country', onClick: () => setEditing('new') } : null}>
        {me.isSuccess && !isAdmin ? <Text>Only administrators can add or change countries.</Text> : null}
      </Toolbar>
      <DataTable label="Countries" columns={columns} {...shown} paging={paging} rowKey={(country) => country.id} />
      {editing ? (
        <CountryModal
          country={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await queryClient.invalidateQueries({ queryKey: trpc.country.pathKey() });
          }}
        />
      ) : null}
    </Stack>
  );
}
