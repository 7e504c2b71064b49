import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  LEAD_KIND_LABELS,
  LEAD_KINDS,
  LEAD_SEARCH_MAX,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  type EnquiryFilter,
  type LeadKind,
  type LeadStatus,
} from '../../../../../shared/leads.js';
import { useTrpc } from '../../../trpc.js';
import { CountrySelect, useCountryChoice } from '../../ui/CountrySelect.js';
import { DataTable, pagedRows, usePaging } from '../../ui/DataTable.js';
import { columnsOf, formatWhen, OpenCell } from '../../ui/list-cells.js';
import { FilterPanel, optionsOf, useBranchChoices, useFilters } from '../../ui/list-filters.js';
import { EnquiryDrawer } from './EnquiryDrawer.js';
import { formatDay, KindBadge, leadName, placeOf, StatusBadge, type Lead } from './lead-parts.js';

const INBOX_PAGE_SIZE = 10;
const CLOSED: LeadStatus[] = ['WON', 'LOST', 'SPAM'];

/** Today as YYYY-MM-DD where the staff member is (a follow-up day before it is overdue). */
function localToday(): string {
  const now = new Date();
  return [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((n) => String(n).padStart(2, '0')).join('-');
}

/** The follow-up day, in red once it has passed while the lead is still open. */
function FollowUp({ lead, today }: { lead: Lead; today: string }) {
  if (!lead.follow_up_on) return '';
  const overdue = lead.follow_up_on < today && !CLOSED.includes(lead.status);
  return (
    <Text span c={overdue ? 'red.8' : undefined} fw={overdue ? 700 : undefined}>
      {formatDay(lead.follow_up_on)}
      {overdue ? ' (overdue)' : ''}
    </Text>
  );
}

/** The filters before any is set (the days and the words are typed; the rest are chosen). */
const NO_FILTERS = {
  branch_id: null as number | null,
  kind: null as LeadKind | null,
  status: null as LeadStatus | null,
  assignee_id: null as number | null,
  received_from: '',
  received_to: '',
  search: '',
};

/**
 * Enquiries: every lead of the three public forms the staff member may see, newest first, across countries until
 * they narrow it. A lead opens in a side panel (`?lead=ID`, so it can be linked to and the list keeps its place).
 */
export function EnquiriesScreen() {
  const trpc = useTrpc();
  const [params, setParams] = useSearchParams();
  const openLead = Number(params.get('lead')) || null;
  const choice = useCountryChoice({ startWithAll: true });
  const paging = usePaging(INBOX_PAGE_SIZE);
  const filters = useFilters(NO_FILTERS, paging.reset);
  const { received_from: from, received_to: to } = filters.values;
  const [words] = useDebouncedValue(filters.values.search.trim(), 300);
  const branches = useBranchChoices(choice.countryId);
  const staff = useQuery(trpc.leads.assignableStaff.queryOptions());
  const filter: EnquiryFilter = {
    ...filters.values,
    country_id: choice.countryId,
    received_from: from || null,
    received_to: to || null,
    search: words || null,
  };
  const fromError = from && to && from > to ? 'The From date must be on or before the To date' : null;
  const list = useQuery({
    ...trpc.leads.list.queryOptions({ filter, paginate: paging.paging }),
    placeholderData: keepPreviousData,
    // A range that ends before it starts is told beside the field, not asked.
    enabled: !fromError,
  });
  const filtered = Object.values(filter).some((value) => value !== null);
  // The filters under "Filters" on a phone (the search stays above them).
  const inPanel = filters.setCount - (filters.values.search ? 1 : 0) + (choice.countryId === null ? 0 : 1);
  const today = localToday();

  const open = (id: number | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === null) next.delete('lead');
        else next.set('lead', String(id));
        return next;
      },
      { replace: id === null },
    );

  const columns = useMemo(
    () =>
      columnsOf<Lead>({
        Received: (lead) => formatWhen(lead.created_at),
        Name: (lead) => (
          <OpenCell strong onOpen={() => open(lead.id)} detail={lead.email_address}>
            {leadName(lead)}
          </OpenCell>
        ),
        Form: (lead) => <KindBadge kind={lead.kind} />,
        Country: placeOf,
        'Interested in': (lead) => lead.service_label,
        Status: (lead) => <StatusBadge status={lead.status} />,
        'Assigned to': (lead) => lead.assignee?.name || <Text c="dimmed">Unassigned</Text>,
        'Follow up': (lead) => <FollowUp lead={lead} today={today} />,
      }),
    // `open` only writes the address; `today` changes at midnight at most.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [today],
  );

  return (
    <Stack gap="md">
      <TextInput
        label="Search"
        placeholder="Name, email, phone or words of the message"
        leftSection={<IconSearch size={16} aria-hidden />}
        maxLength={LEAD_SEARCH_MAX}
        {...filters.text('search')}
      />
      <FilterPanel cols={{ base: 1, xs: 2, md: 4 }} setCount={inPanel}>
        <CountrySelect
          choice={choice}
          clearable
          width="100%"
          placeholder="All countries"
          onChange={() => filters.set('branch_id', null)}
        />
        <Select
          label="Branch"
          placeholder={choice.countryId === null ? 'Choose a country first' : 'All branches'}
          disabled={choice.countryId === null}
          data={branches}
          {...filters.choice('branch_id')}
        />
        <Select
          label="Form"
          placeholder="All forms"
          data={optionsOf(LEAD_KINDS, LEAD_KIND_LABELS)}
          {...filters.choice('kind')}
        />
        <Select
          label="Status"
          placeholder="Any status"
          data={optionsOf(LEAD_STATUSES, LEAD_STATUS_LABELS)}
          {...filters.choice('status')}
        />
        <Select
          label="Assigned to"
          placeholder="Anyone"
          searchable
          data={(staff.data ?? []).map((member) => ({ value: member.id, label: member.name }))}
          {...filters.choice('assignee_id')}
        />
        <TextInput type="date" label="Received from" max={to || undefined} {...filters.text('received_from')} />
        <TextInput
          type="date"
          label="Received until"
          min={from || undefined}
          error={fromError}
          {...filters.text('received_to')}
        />
        <Group align="flex-end">
          <Button
            variant="default"
            disabled={!filtered}
            onClick={() => {
              choice.setChosen(null);
              filters.clear();
            }}
          >
            Clear filters
          </Button>
        </Group>
      </FilterPanel>
      <DataTable
        label={
          list.data
            ? `${list.data.pagination.total} ${list.data.pagination.total === 1 ? 'enquiry' : 'enquiries'}${filtered ? ' matching the filters' : ''}, newest first`
            : 'Enquiries'
        }
        columns={columns}
        {...pagedRows(list)}
        paging={paging}
        rowKey={(lead) => lead.id}
      />
      {openLead !== null ? <EnquiryDrawer leadId={openLead} staff={staff.data} onClose={() => open(null)} /> : null}
    </Stack>
  );
}
