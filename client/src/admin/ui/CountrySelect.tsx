import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { GLOBAL_COUNTRY_ID } from '../../../../shared/enums.js';
import { useTrpc } from '../../trpc.js';

/**
 * The country a screen starts on: Global (spec §2) when it is offered, else the first offered one. An EDITOR is
 * offered only their own countries (country.getAll), so they never start on one they may not change.
 */
export function defaultCountryId(countries: readonly { id: number }[]): string | null {
  const start = countries.find((c) => c.id === GLOBAL_COUNTRY_ID) ?? countries[0];
  return start ? String(start.id) : null;
}

/** The query parameter that opens a per-country screen on a country (the home page overview links this way). */
export const COUNTRY_PARAM = 'country';

/** `path` opened on the country `countryId`, e.g. `/admin/home/services?country=2`. */
export function withCountry(path: string, countryId: number): string {
  return `${path}?${COUNTRY_PARAM}=${countryId}`;
}

/**
 * The country a per-country screen works on: the one its address names (`?country=`) or the default above at
 * first, then any country the staff member may see, or none when `clearable` and cleared (lists across countries
 * start that way: `startWithAll`).
 */
export function useCountryChoice({ startWithAll = false }: { startWithAll?: boolean } = {}) {
  const trpc = useTrpc();
  const countries = useQuery(trpc.country.getAll.queryOptions({}));
  const [params] = useSearchParams();
  const named = params.get(COUNTRY_PARAM);
  // undefined until someone chooses: the default follows the list once it has loaded.
  const [picked, setChosen] = useState<string | null | undefined>(undefined);
  const offered = (countries.data ?? []).some((c) => String(c.id) === named);
  const start = startWithAll ? null : defaultCountryId(countries.data ?? []);
  const chosen = picked === undefined ? (offered ? named : start) : picked;
  const country = countries.data?.find((c) => String(c.id) === chosen);
  return {
    countries: countries.data ?? [],
    /** Whether the countries offered are known (before, none is chosen yet). */
    ready: countries.isSuccess,
    chosen,
    setChosen,
    country,
    countryId: country?.id ?? null,
  };
}

export function CountrySelect({
  choice,
  clearable = false,
  placeholder = 'Choose a country',
  onChange,
  width = 260,
}: {
  choice: ReturnType<typeof useCountryChoice>;
  /** The select's width (a filter grid gives it its column's). */
  width?: number | string;
  clearable?: boolean;
  /** Shown when no country is chosen, e.g. "All countries" for lists across countries. */
  placeholder?: string;
  /** Called after the choice changes (e.g. to go back to the first page of a list), with the country id chosen. */
  onChange?: (value: string | null) => void;
}) {
  return (
    <Select
      label="Country"
      placeholder={placeholder}
      w={width}
      clearable={clearable}
      allowDeselect={clearable}
      data={choice.countries.map((c) => ({ value: String(c.id), label: c.name }))}
      value={choice.chosen}
      onChange={(value) => {
        choice.setChosen(value);
        onChange?.(value);
      }}
    />
  );
}
