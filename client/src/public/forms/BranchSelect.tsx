import { Select, type SelectProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, type JSX } from 'react';
import { useTrpc } from '../../trpc.js';
import { useCountryId } from '../country.js';
import { branchesOf } from './branch-choices.js';

/**
 * The country's branches. A country site without branches of its own (Global) offers every branch, named with
 * its country, so its visitors can still reach one.
 */
function useBranchOptions(): { options: { value: string; label: string }[]; loading: boolean; failed: boolean } {
  const trpc = useTrpc();
  const countryId = useCountryId();
  const own = useQuery(branchesOf(trpc, countryId));
  const needAll = own.isSuccess && own.data.length === 0;
  const all = useQuery({ ...trpc.branch.getAll.queryOptions(), enabled: needAll });
  if (!needAll) {
    return {
      options: (own.data ?? []).map((branch) => ({ value: String(branch.id), label: branch.name })),
      loading: own.isPending,
      failed: own.isError,
    };
  }
  return {
    options: (all.data ?? []).map((branch) => ({
      value: String(branch.id),
      label: `${branch.name}, ${branch.country.name}`,
    })),
    loading: all.isPending,
    failed: all.isError,
  };
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
      data={branches.options}
      nothingFoundMessage={branches.failed ? 'The branches could not be loaded' : 'No branches'}
      {...props}
    />
  );
}
