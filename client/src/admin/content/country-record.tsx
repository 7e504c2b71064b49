import { Card, Stack, Text } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ComponentType } from 'react';
import { useRefetch, type ApiDomain } from '../../trpc.js';
import { CountrySelect, useCountryChoice } from '../ui/CountrySelect.js';
import { errorMessage } from '../ui/errors.js';
import type { Country } from '../ui/fields.js';
import { Toolbar } from '../ui/Toolbar.js';

/**
 * One record a country has at most once (its contact details, its home page's About Us), declared once: how to read
 * it, how to show it and its add/edit modal. The screen offers "Add" while it is missing, else "Edit".
 */
export interface CountryRecordKind<Record> {
  /** "contact details": "No contact details yet for Nepal." */
  what: string;
  /** The API's router: its reads (the home overview's too) are refetched after a save. */
  domain: ApiDomain;
  /** The country's record (null: none yet), not asked before a country is chosen. */
  useRecord: (country: Country | undefined) => UseQueryResult<Record | null, unknown>;
  Show: ComponentType<{ record: Record }>;
  /** Adds (current null) or edits the record; `onSaved` closes it and refetches. */
  Modal: ComponentType<{
    country: Country;
    current: Record | null;
    onClose: () => void;
    onSaved: () => Promise<void>;
  }>;
}

export function CountryRecordScreen<Record>({ kind }: { kind: CountryRecordKind<Record> }) {
  const choice = useCountryChoice();
  const { country } = choice;
  const record = kind.useRecord(country);
  const refetch = useRefetch();
  const [editing, setEditing] = useState(false);
  const current = record.data ?? null;
  const { Show, Modal } = kind;

  return (
    <Stack gap="md">
      <Toolbar
        action={
          country && {
            label: current ? 'Edit' : 'Add',
            icon: current ? IconPencil : IconPlus,
            onClick: () => setEditing(true),
            disabled: record.isPending,
          }
        }
      >
        <CountrySelect choice={choice} />
      </Toolbar>
      {record.isError ? (
        <Text c="red.9">{errorMessage(record.error)}</Text>
      ) : current ? (
        <Card withBorder>
          <Show record={current} />
        </Card>
      ) : record.isSuccess ? (
        <Text>
          No {kind.what} yet for {country?.name}.
        </Text>
      ) : null}
      {country && editing ? (
        <Modal
          country={country}
          current={current}
          onClose={() => setEditing(false)}
          onSaved={async () => {
            setEditing(false);
            await refetch(kind.domain);
          }}
        />
      ) : null}
    </Stack>
  );
}
