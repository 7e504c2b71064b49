import { Button, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { IconSearch } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import {
  LEAD_CAMPAIGN_MAX,
  LEAD_CHANNEL_LABELS,
  LEAD_CHANNELS,
  type LeadChannel,
} from '../../../../../shared/lead-source.js';
import {
  LEAD_APPOINTMENT_FILTER_LABELS,
  LEAD_APPOINTMENT_FILTERS,
  LEAD_KIND_LABELS,
  LEAD_KINDS,
  LEAD_ORDER_LABELS,
  LEAD_ORDERS,
  LEAD_SEARCH_MAX,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  type EnquiryFilter,
  type LeadAppointmentFilter,
  type LeadKind,
  type LeadOrder,
  type LeadStatus,
} from '../../../../../shared/leads.js';
import { CountrySelect, useCountryChoice } from '../../ui/CountrySelect.js';
import { FilterPanel, optionsOf, useBranchChoices, useFilters } from '../../ui/list-filters.js';
import type { AssignableStaff } from './lead-parts.js';

/** The filters before any is set (the days and the words are typed; the rest are chosen). */
const NO_FILTERS = {
  branch_id: null as number | null,
  kind: null as LeadKind | null,
  status: null as LeadStatus | null,
  assignee_id: null as number | null,
  channel: null as LeadChannel | null,
  appointment: null as LeadAppointmentFilter | null,
  awaiting_reply: null as boolean | null,
  campaign: '',
  received_from: '',
  received_to: '',
  search: '',
};

/**
 * The inbox's filters and order: what is chosen and typed, and the filter the server is asked with (words once
 * typing pauses). `onChange` (back to the first page) follows every change.
 */
export function useEnquiryFilters(onChange: () => void) {
  const choice = useCountryChoice({ startWithAll: true });
  // The dashboard links to a channel's or a campaign's leads (`?channel=PAID`, `?campaign=canada-intake`), and to
  // the upcoming appointments, soonest first (`?appointment=UPCOMING&order=APPOINTMENT`).
  const [params] = useSearchParams();
  const [order, setOrder] = useState<LeadOrder>(LEAD_ORDERS.find((value) => value === params.get('order')) ?? 'NEWEST');
  const filters = useFilters(NO_FILTERS, onChange, {
    ...NO_FILTERS,
    channel: LEAD_CHANNELS.find((channel) => channel === params.get('channel')) ?? null,
    appointment: LEAD_APPOINTMENT_FILTERS.find((appointment) => appointment === params.get('appointment')) ?? null,
    // The dashboard links to the leads whose visitor waits for a reply (`?waiting=yes`).
    awaiting_reply: params.get('waiting') === 'yes' ? true : null,
    campaign: params.get('campaign')?.slice(0, LEAD_CAMPAIGN_MAX) ?? '',
  });
  const { received_from: from, received_to: to } = filters.values;
  const [words] = useDebouncedValue(filters.values.search.trim(), 300);
  const [campaign] = useDebouncedValue(filters.values.campaign.trim(), 300);
  const filter: EnquiryFilter = {
    ...filters.values,
    country_id: choice.countryId,
    campaign: campaign.toLowerCase() || null,
    received_from: from || null,
    received_to: to || null,
    search: words || null,
  };
  return {
    choice,
    filters,
    filter,
    order,
    orderBy: (value: LeadOrder) => {
      setOrder(value);
      onChange();
    },
    /** A range that ends before it starts is told beside the field, not asked. */
    rangeError: from && to && from > to ? 'The From date must be on or before the To date' : null,
    filtered: Object.values(filter).some((value) => value !== null),
  };
}

type EnquiryFilters = ReturnType<typeof useEnquiryFilters>;

/** The search above the list: it stays in sight on a phone, where the other filters fold away. */
function EnquirySearch({ filters }: { filters: EnquiryFilters['filters'] }) {
  return (
    <TextInput
      label="Search"
      flex="1 1 16rem"
      placeholder="Name, email, phone or words of the message"
      leftSection={<IconSearch size={16} aria-hidden />}
      maxLength={LEAD_SEARCH_MAX}
      {...filters.text('search')}
    />
  );
}

export function EnquiryFilterPanel({
  choice,
  filters,
  order,
  orderBy,
  rangeError,
  filtered,
  staff,
  actions,
}: EnquiryFilters & { staff: AssignableStaff[] | undefined; actions: ReactNode }) {
  const branches = useBranchChoices(choice.countryId);
  const { received_from: from, received_to: to } = filters.values;
  // The filters under "Filters" on a phone (the search stays above them).
  const inPanel = filters.setCount - (filters.values.search ? 1 : 0) + (choice.countryId === null ? 0 : 1);
  return (
    <FilterPanel
      cols={{ base: 1, xs: 2, md: 4 }}
      setCount={inPanel}
      search={<EnquirySearch filters={filters} />}
      actions={actions}
      clear={
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
      }
    >
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
      <Select label="Form" placeholder="All forms" {...filters.choiceOf('kind', LEAD_KINDS, LEAD_KIND_LABELS)} />
      <Select
        label="Status"
        placeholder="Any status"
        {...filters.choiceOf('status', LEAD_STATUSES, LEAD_STATUS_LABELS)}
      />
      <Select
        label="Assigned to"
        placeholder="Anyone"
        searchable
        data={(staff ?? []).map((member) => ({ value: member.id, label: member.name }))}
        {...filters.choice('assignee_id')}
      />
      <Select
        label="Appointment"
        placeholder="Any"
        {...filters.choiceOf('appointment', LEAD_APPOINTMENT_FILTERS, LEAD_APPOINTMENT_FILTER_LABELS)}
      />
      <Select
        label="Visitor's answer"
        placeholder="Any"
        data={[
          { value: 'yes', label: 'Waiting for our reply' },
          { value: 'no', label: 'Nothing waiting' },
        ]}
        value={filters.values.awaiting_reply === null ? null : filters.values.awaiting_reply ? 'yes' : 'no'}
        onChange={(value) => filters.set('awaiting_reply', value === null ? null : value === 'yes')}
      />
      <Select
        label="Came from"
        placeholder="Anywhere"
        {...filters.choiceOf('channel', LEAD_CHANNELS, LEAD_CHANNEL_LABELS)}
      />
      <TextInput
        label="Campaign"
        placeholder="Any campaign"
        maxLength={LEAD_CAMPAIGN_MAX}
        {...filters.text('campaign')}
      />
      <TextInput type="date" label="Received from" max={to || undefined} {...filters.text('received_from')} />
      <TextInput
        type="date"
        label="Received until"
        min={from || undefined}
        error={rangeError}
        {...filters.text('received_to')}
      />
      {/* Not a filter: Clear filters leaves it as it is. */}
      <Select
        label="Order"
        allowDeselect={false}
        data={optionsOf(LEAD_ORDERS, LEAD_ORDER_LABELS)}
        value={order}
        onChange={(value) => orderBy(value ?? 'NEWEST')}
      />
    </FilterPanel>
  );
}
