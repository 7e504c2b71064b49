import { Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { SettingsForm } from './SettingsForm.js';
import { QueryState } from '../../ui/QueryState.js';
import { useTrpc } from '../../../trpc.js';

/**
 * Settings (ADMIN): the business facts every country site shows (newsletter sign-up, registration numbers, Code of
 * Conduct, booking page), saved in the database; the server's environment values apply until then (decision 034).
 */
export function SettingsScreen() {
  const trpc = useTrpc();
  const view = useQuery(trpc.settings.get.queryOptions());
  if (!view.isSuccess) {
    return (
      <QueryState
        query={view}
        what="the settings"
        loading={
          <Stack gap="md" aria-busy="true" aria-label="Loading the settings">
            <Skeleton h={20} w="60%" />
            <Skeleton h={320} />
          </Stack>
        }
      />
    );
  }
  // A fresh form for each saved version: its values start from what applies now.
  return <SettingsForm key={view.data.saved?.at ?? 'defaults'} view={view.data} />;
}
