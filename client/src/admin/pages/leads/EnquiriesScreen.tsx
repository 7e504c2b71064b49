import { Anchor, Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
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
import { EnquiryDrawer } from './EnquiryDrawer.js';
import { formatDay, formatWhen, KindBadge, leadName, StatusBadge, type Lead } from './lead-parts.js';

const column = createColumnHelper<Lead>();
const INBOX_PAGE_SIZE = 10;

/** Today as YYYY-MM-DD where the staff member is (a follow-up day before it is overdue). */
function localToday(): string {
  const now = new Date();
  return [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((n) => String(n).padStart(2, '0')).join('-');
}

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
  const [branch, setBranch] = useState<string | null>(null);
  const [kind, setKind] = useState<LeadKind | null>(null);
  const [status, setStatus] = useState<LeadStatus | null>(null);
  const [assignee, setAssignee] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [search, setSearch] = useState('');
  const [words] = useDebouncedValue(search.trim(), 300);

  const branches = useQuery({
    ...trpc.branch.getOfCountry.queryOptions({ country_id: choice.countryId ?? 0 }),
    enabled: choice.countryId !== null,
  });
  const staff = useQuery(trpc.leads.assignableStaff.queryOptions());
  const filter: EnquiryFilter = {
    country_id: choice.countryId,
    branch_id: branch ? Number(branch) : null,
    kind,
    status,
    assignee_id: assignee ? Number(assignee) : null,
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
    () => [
      column.accessor('created_at', { header: 'Received', cell: (info) => formatWhen(info.getValue()) }),
      column.display({
        id: 'name',
        header: 'Name',
        cell: ({ row }) => (
          <Stack gap={0}>
            <Anchor component="button" type="button" fw={600} ta="left" onClick={() => open(row.original.id)}>
              {leadName(row.original)}
            </Anchor>
            <Text size="xs" c="dimmed">
              {row.original.email_address}
            </Text>
          </Stack>
        ),
      }),
      column.accessor('kind', { header: 'Form', cell: (info) => <KindBadge kind={info.getValue()} /> }),
      column.display({
        id: 'where',
        header: 'Country',
        cell: ({ row }) =>
          row.original.branch
            ? `${row.original.country.name} · ${row.original.branch.name}`
            : row.original.country.name,
      }),
      column.accessor('service_label', { header: 'Interested in' }),
      column.accessor('status', { header: 'Status', cell: (info) => <StatusBadge status={info.getValue()} /> }),
      column.accessor((lead) => lead.assignee?.name ?? '', {
        id: 'assignee',
        header: 'Assigned to',
        cell: (info) => info.getValue() || <Text c="dimmed">Unassigned</Text>,
      }),
      column.accessor('follow_up_on', {
        header: 'Follow up',
        cell: (info) => {
          const day = info.getValue();
          if (!day) return '';
          const overdue = day < today && !['WON', 'LOST', 'SPAM'].includes(info.row.original.status);
          return (
            <Text span c={overdue ? 'red.8' : undefined} fw={overdue ? 700 : undefined}>
              {formatDay(day)}
              {overdue ? ' (overdue)' : ''}
            </Text>
          );
        },
      }),
    ],
    // `open` only writes the address; `today` changes at midnight at most.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [today],
  );

  const reset = () => paging.reset();
  const clearFilters = () => {
    choice.setChosen(null);
    setBranch(null);
    setKind(null);
    setStatus(null);
    setAssignee(null);
    setFrom('');
    setTo('');
    setSearch('');
    reset();
  };
  return (
    <Stack gap="md">
      <TextInput
        label="Search"
        placeholder="Name, email, phone or words of the message"
        leftSection={<IconSearch size={16} aria-hidden />}
        maxLength={LEAD_SEARCH_MAX}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          reset();
        }}
      />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <CountrySelect
          choice={choice}
          clearable
          width="100%"
          placeholder="All countries"
          onChange={() => {
            setBranch(null);
            reset();
          }}
        />
        <Select
          label="Branch"
          placeholder={choice.countryId === null ? 'Choose a country first' : 'All branches'}
          disabled={choice.countryId === null}
          clearable
          data={(branches.data ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
          value={branch}
          onChange={(value) => {
            setBranch(value);
            reset();
          }}
        />
        <Select
          label="Form"
          placeholder="All forms"
          clearable
          data={LEAD_KINDS.map((value) => ({ value, label: LEAD_KIND_LABELS[value] }))}
          value={kind}
          onChange={(value) => {
            setKind(value);
            reset();
          }}
        />
        <Select
          label="Status"
          placeholder="Any status"
          clearable
          data={LEAD_STATUSES.map((value) => ({ value, label: LEAD_STATUS_LABELS[value] }))}
          value={status}
          onChange={(value) => {
            setStatus(value);
            reset();
          }}
        />
        <Select
          label="Assigned to"
          placeholder="Anyone"
          clearable
          searchable
          data={(staff.data ?? []).map((member) => ({ value: String(member.id), label: member.name }))}
          value={assignee}
          onChange={(value) => {
            setAssignee(value);
            reset();
          }}
        />
        <TextInput
          type="date"
          label="Received from"
          value={from}
          max={to || undefined}
          onChange={(event) => {
            setFrom(event.currentTarget.value);
            reset();
          }}
        />
        <TextInput
          type="date"
          label="Received until"
          value={to}
          min={from || undefined}
          error={fromError}
          onChange={(event) => {
            setTo(event.currentTarget.value);
            reset();
          }}
        />
        <Group align="flex-end">
          <Button variant="default" disabled={!filtered} onClick={clearFilters}>
            Clear filters
          </Button>
        </Group>
      </SimpleGrid>
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
