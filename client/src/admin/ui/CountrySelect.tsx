import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { GLOBAL_COUNTRY_ID } from '../../../../shared/enums.js';
import { useTrpc } from '../../trpc.js';

/**
 * The country a per-country screen works on: Global at first (spec §2), any country the staff member may see, or
 * none when `clearable` and cleared (lists across countries start that way: `startWithAll`).
 */
export function useCountryChoice({ startWithAll = false }: { startWithAll?: boolean } = {}) {
  const trpc = useTrpc();
  const countries = useQuery(trpc.country.getAll.queryOptions({}));
  const [chosen, setChosen] = useState<string | null>(startWithAll ? null : String(GLOBAL_COUNTRY_ID));
  const country = countries.data?.find((c) => String(c.id) === chosen);
  return { countries: countries.data ?? [], chosen, setChosen, country, countryId: country?.id ?? null };
}

export function CountrySelect({
  choice,
  clearable = false,
  placeholder = 'Choose a country',
  onChange,
}: {
  choice: ReturnType<typeof useCountryChoice>;
  clearable?: boolean;
  /** Shown when no country is chosen, e.g. "All countries" for lists across countries. */
  placeholder?: string;
  /** Called after the choice changes (e.g. to go back to the first page of a list). */
  onChange?: () => void;
}) {
  return (
    <Select
      label="Country"
      placeholder={placeholder}
      w={260}
      clearable={clearable}
      allowDeselect={clearable}
      data={choice.countries.map((c) => ({ value: String(c.id), label: c.name }))}
      value={choice.chosen}
      onChange={(value) => {
        choice.setChosen(value);
        onChange?.();
      }}
    />
  );
}
