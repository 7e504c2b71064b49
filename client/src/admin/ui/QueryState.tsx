import { Alert, Group, Loader } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { errorMessage } from './errors.js';

/**
 * What a section shows until its query has answered: a loader (or `loading`, e.g. a skeleton of the section), or
 * why loading failed. Use: `if (!query.isSuccess) return <QueryState query={query} what="the enquiry" />`.
 */
export function QueryState({
  query,
  what,
  loading,
}: {
  query: { isPending: boolean; error: unknown };
  /** "the enquiry": "Loading the enquiry", "Could not load the enquiry". */
  what: string;
  loading?: ReactNode;
}) {
  if (query.isPending) {
    return (
      loading ?? (
        <Group justify="center" py="md">
          <Loader size="sm" role="status" aria-label={`Loading ${what}`} />
        </Group>
      )
    );
  }
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title={`Could not load ${what}`}>
      {errorMessage(query.error)}
    </Alert>
  );
}
