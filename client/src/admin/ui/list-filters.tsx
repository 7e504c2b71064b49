import { useQuery } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { useTrpc } from '../../trpc.js';

/** A Select's choices from values and their words: `optionsOf(LEAD_STATUSES, LEAD_STATUS_LABELS)`. */
export function optionsOf<Value extends string>(values: readonly Value[], labels: Record<Value, string>) {
  return values.map((value) => ({ value, label: labels[value] }));
}

/** The filters whose control is a text input (a day, words to search). */
type TextNames<Values> = { [Name in keyof Values]: Values[Name] extends string ? Name : never }[keyof Values];

/**
 * A list's filters: their values (`empty`: none set) and the props of their controls. Every change, and clearing
 * them, calls `onChange`: the list goes back to its first page.
 */
export function useFilters<Values extends Record<string, unknown>>(empty: Values, onChange: () => void) {
  const [values, setValues] = useState(empty);
  const set = <Name extends keyof Values>(name: Name, value: Values[Name]) => {
    setValues((current) => ({ ...current, [name]: value }));
    onChange();
  };
  return {
    values,
    set,
    clear: () => {
      setValues(empty);
      onChange();
    },
    /** A Select's props: nothing chosen (it is clearable) filters nothing. */
    choice: <Name extends keyof Values>(name: Name) => ({
      clearable: true,
      value: values[name],
      onChange: (value: Values[Name]) => set(name, value),
    }),
    /** A TextInput's props. */
    text: <Name extends TextNames<Values>>(name: Name) => ({
      value: String(values[name]),
      onChange: (event: ChangeEvent<HTMLInputElement>) => set(name, event.currentTarget.value as Values[Name]),
    }),
  };
}

/** The branches of a country as a filter's choices (none until a country is chosen). */
export function useBranchChoices(countryId: number | null) {
  const trpc = useTrpc();
  const branches = useQuery({
    ...trpc.branch.getOfCountry.queryOptions({ country_id: countryId ?? 0 }),
    enabled: countryId !== null,
  });
  return (branches.data ?? []).map((branch) => ({ value: branch.id, label: branch.name }));
}
