import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { notifyError } from '../../notify.js';
import { downloadCsv, toCsv, type CsvColumn } from './csv.js';
import { errorMessage } from './errors.js';

/**
 * Downloads every row of a list's current filter (not only the page shown) as CSV. The API answers at most its
 * export's limit (CSV_EXPORT_MAX); when there were more, the staff member is told.
 */
export function ExportCsvButton<Row>({
  columns,
  fileName,
  load,
  disabled,
}: {
  columns: CsvColumn<Row>[];
  fileName: () => string;
  load: () => Promise<{ data: Row[]; pagination: { total: number } }>;
  disabled: boolean;
}) {
  const exportCsv = useMutation({
    mutationFn: load,
    onSuccess: ({ data, pagination }) => {
      downloadCsv(fileName(), toCsv(columns, data));
      if (pagination.total > data.length) {
        notifyError(`Only the newest ${data.length} of ${pagination.total} entries were exported.`);
      }
    },
    onError: (error) => notifyError(errorMessage(error)),
  });
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={exportCsv.isPending}
      disabled={disabled}
      onClick={() => exportCsv.mutate()}
    >
      Export CSV
    </Button>
  );
}
