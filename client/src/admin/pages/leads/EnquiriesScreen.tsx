import { Stack } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LEAD_ORDER_LABELS } from '../../../../../shared/leads.js';
import { useTrpc, useTrpcClient } from '../../../trpc.js';
import { countOf } from '../../../../../shared/words.js';
import { datedFileName } from '../../ui/csv.js';
import { DataTable, pagedRows, usePaging } from '../../ui/DataTable.js';
import { ExportCsvButton } from '../../ui/ExportCsvButton.js';
import { EnquiryDrawer } from './EnquiryDrawer.js';
import { EnquiryFilterPanel, useEnquiryFilters } from './enquiry-filters.js';
import { ENQUIRY_CSV_COLUMNS, useEnquiryColumns, useOpenLead } from './enquiry-list.js';

const INBOX_PAGE_SIZE = 10;

/**
 * Enquiries: every lead of the three public forms the staff member may see, newest first (or in the order chosen),
 * across countries until they narrow it. A lead opens in a side panel.
 */
export function EnquiriesScreen() {
  const trpc = useTrpc();
  const client = useTrpcClient();
  const { openLead, open } = useOpenLead();
  const paging = usePaging(INBOX_PAGE_SIZE);
  const filters = useEnquiryFilters(paging.reset);
  const staff = useQuery(trpc.leads.assignableStaff.queryOptions());
  const list = useQuery({
    ...trpc.leads.list.queryOptions({ filter: filters.filter, paginate: paging.paging, order: filters.order }),
    placeholderData: keepPreviousData,
    enabled: !filters.rangeError,
  });
  const total = list.data?.pagination.total;
  return (
    <Stack gap="md">
      <EnquiryFilterPanel
        {...filters}
        staff={staff.data}
        actions={
          <ExportCsvButton
            columns={ENQUIRY_CSV_COLUMNS}
            // Nothing to export: an empty file would only puzzle.
            disabled={Boolean(filters.rangeError) || total === 0}
            fileName={() => datedFileName('csv', 'enquiries', filters.choice.country?.name ?? 'all-countries')}
            load={() => client.leads.export.query({ filter: filters.filter, order: filters.order })}
          />
        }
      />
      <DataTable
        label={
          total === undefined
            ? 'Enquiries'
            : `${countOf(total, 'enquiry')}${filters.filtered ? ' matching the filters' : ''}, ${LEAD_ORDER_LABELS[filters.order].toLowerCase()}`
        }
        columns={useEnquiryColumns(open)}
        empty={
          filters.filtered
            ? 'No enquiry matches these filters.'
            : 'No enquiries yet. Every enquiry, appointment request and OSHC quote request sent from the site arrives here.'
        }
        {...pagedRows(list)}
        paging={paging}
        rowKey={(lead) => lead.id}
      />
      {openLead !== null ? <EnquiryDrawer leadId={openLead} staff={staff.data} onClose={() => open(null)} /> : null}
    </Stack>
  );
}
