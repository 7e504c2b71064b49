import { Button, Collapse, Group, SimpleGrid, Stack, type SimpleGridProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ChangeEvent, type ReactNode } from 'react';
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
export function useFilters<Values extends Record<string, unknown>>(
  empty: Values,
  onChange: () => void,
  /** What is chosen when the screen opens (a link's filter); Clear goes back to `empty`. */
  initial: Values = empty,
) {
  const [values, setValues] = useState(initial);
  const set = <Name extends keyof Values>(name: Name, value: Values[Name]) => {
    setValues((current) => ({ ...current, [name]: value }));
    onChange();
  };
  const choice = <Name extends keyof Values>(name: Name) => ({
    clearable: true,
    value: values[name],
    onChange: (value: Values[Name]) => set(name, value),
  });
  return {
    values,
    /** How many filters are set (a value other than none or ''). */
    setCount: Object.values(values).filter((value) => value !== null && value !== '').length,
    set,
    clear: () => {
      setValues(empty);
      onChange();
    },
    /** A Select's props: nothing chosen (it is clearable) filters nothing. */
    choice,
    /** A Select's props with its choices, a closed list of values and their words (a status, a form). */
    choiceOf: <Value extends string>(name: keyof Values, options: readonly Value[], labels: Record<Value, string>) => ({
      ...choice(name),
      data: optionsOf(options, labels),
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

/** Mantine's `xs` breakpoint: narrower is a phone. */
const PHONE = '(max-width: 35.99em)';

/**
 * A list's filters: side by side on wider screens; on a phone behind a "Filters" button that says how many are set,
 * so the list is not pushed a screen down by them. `search` stays in sight above them; `actions` (an export) sit
 * beside the search, or beside the "Filters" button on a phone. `clear` (a "Clear filters" button) sits before the
 * actions, or on a phone last among the folded filters, where the line beside the button has no room for it.
 */
export function FilterPanel({
  cols,
  setCount,
  search,
  actions,
  clear,
  children,
}: {
  cols: SimpleGridProps['cols'];
  setCount: number;
  search?: ReactNode;
  actions?: ReactNode;
  clear?: ReactNode;
  children: ReactNode;
}) {
  const phone = useMediaQuery(PHONE, false, { getInitialValueInEffect: false });
  const [open, setOpen] = useState(false);
  const id = useId();
  const grid = (
    <SimpleGrid id={id} cols={cols} spacing="sm">
      {children}
      {phone ? clear : null}
    </SimpleGrid>
  );
  // A row, also on a phone: the search grows along it.
  const searchLine =
    search || ((actions || clear) && !phone) ? (
      <Group align="flex-end" gap="sm">
        {search}
        {phone ? null : clear}
        {phone ? null : actions}
      </Group>
    ) : null;
  if (!phone) {
    return (
      <>
        {searchLine}
        {grid}
      </>
    );
  }
  return (
    <>
      {searchLine}
      <Stack gap="xs">
        <Group justify="space-between" gap="sm">
          <Button
            variant="default"
            leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
            aria-expanded={open}
            aria-controls={id}
            onClick={() => setOpen((shown) => !shown)}
          >
            {setCount ? `Filters (${setCount} set)` : 'Filters'}
          </Button>
          {actions}
        </Group>
        <Collapse expanded={open}>{grid}</Collapse>
      </Stack>
    </>
  );
}
