import { Select, Text, type SelectProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, type JSX } from 'react';
import {
  closureDaysLabel,
  closureOn,
  openingHoursLines,
  weekdayOf,
  WEEKDAY_LABELS,
  type BranchClosure,
  type OpeningHours,
} from '../../../../shared/opening-hours.js';
import { useTrpc } from '../../trpc.js';
import { useCountryId } from '../country.js';
import { branchesOf } from './branch-choices.js';

interface BranchOption {
  value: string;
  label: string;
  /** When it is open (decision 051); null: not given. */
  openingHours: OpeningHours | null;
  /** Days it is closed besides, not over yet (decision 052). */
  closures: BranchClosure[];
}

/**
 * The site's branches. A country site without branches of its own (Global) offers every branch, named with its
 * country, so its visitors can still reach one.
 */
function useBranchOptions(): { options: BranchOption[]; loading: boolean; failed: boolean } {
  const trpc = useTrpc();
  const branches = useQuery(branchesOf(trpc, useCountryId()));
  return {
    options: (branches.data ?? []).map((branch) => ({
      value: String(branch.id),
      label: branch.country ? `${branch.name}, ${branch.country}` : branch.name,
      openingHours: branch.opening_hours,
      closures: branch.closures,
    })),
    loading: branches.isPending,
    failed: branches.isError,
  };
}

/**
 * Under a booking's preferred day: the chosen branch's opening hours, or, when the day is one it is closed (a day of
 * its week, or a closure), that it is (decisions 051, 052). A note, not a refusal: the visitor may still ask, and
 * staff confirm the time.
 */
export function BranchHoursNote({ branchId, day }: { branchId: string | null; day: string }): JSX.Element | null {
  const branch = useBranchOptions().options.find((option) => option.value === branchId);
  if (!branch) return null;
  const week = branch.openingHours;
  const given = /^\d{4}-\d{2}-\d{2}$/.test(day);
  const closure = given ? closureOn(branch.closures, day) : undefined;
  const weekday = given ? weekdayOf(day) : null;
  const closed = closure
    ? `${closureDaysLabel(closure)} (${closure.name})`
    : weekday && week?.[weekday] === null
      ? `${WEEKDAY_LABELS[weekday]}s`
      : null;
  if (closed) {
    return (
      <Text size="sm" fw={600} role="status">
        {branch.label} is closed on {closed}: choose another day, or a video or phone call.
      </Text>
    );
  }
  if (!week) return null;
  return (
    <Text size="sm" c="dimmed">
      {branch.label} is open{' '}
      {openingHoursLines(week)
        .filter((line) => line.hours !== 'Closed')
        .map((line) => `${line.days} ${line.hours}`)
        .join(', ')}
      .
    </Text>
  );
}

/**
 * A public form's branch choice (its value is a branch id as text; the shared schemas convert it). After a switch of
 * country site, a branch of the previous country is no longer offered: the choice is cleared (through the field's own
 * `onChange`), to be made again.
 */
export function BranchSelect({ placeholder = 'Select branch', ...props }: Omit<SelectProps, 'data'>): JSX.Element {
  const branches = useBranchOptions();
  const value = props.value ?? null;
  const offered = branches.options.some((option) => option.value === value);
  const clear = useEffectEvent(() => props.onChange?.(null, null));
  useEffect(() => {
    if (value !== null && !branches.loading && !offered) clear();
  }, [value, branches.loading, offered]);
  return (
    <Select
      label="Branch"
      placeholder={branches.loading ? 'Loading branches…' : placeholder}
      data={branches.options.map(({ value, label }) => ({ value, label }))}
      nothingFoundMessage={branches.failed ? 'The branches could not be loaded' : 'No branches'}
      {...props}
    />
  );
}
