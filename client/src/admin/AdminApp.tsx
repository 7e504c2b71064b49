import { Paper, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { useMemo } from 'react';
import { useLoaderData, useLocation } from 'react-router';
import type { AppRouter } from '../../../server/src/trpc/router.js';
import { TrpcContext } from '../trpc.js';
import { screenTitle } from './admin-nav.js';
import { AdminLayout } from './AdminLayout.js';
import { StaffTokens, type StaffUser } from './staff-session.js';

/** One per browser tab: the bearer token every admin API call carries (spec §6). */
const tokens = new StaffTokens();

/** Runs before any admin page renders: no session → sign in and come back here. */
export async function adminLoader(): Promise<{ user: StaffUser }> {
  await tokens.get();
  return { user: tokens.user! };
}

/** The staff area. Rendered in the browser only and loaded on demand (see routes.tsx). */
export function AdminApp() {
  const { user } = useLoaderData<typeof adminLoader>();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  // Admin calls carry the bearer token; public pages use the tRPC client without one.
  const trpc = useMemo(
    () =>
      createTRPCOptionsProxy<AppRouter>({
        queryClient,
        client: createTRPCClient<AppRouter>({
          links: [
            httpBatchLink({
              url: '/api/trpc',
              headers: async () => ({ authorization: `Bearer ${await tokens.get()}` }),
            }),
          ],
        }),
      }),
    [queryClient],
  );
  const title = screenTitle(pathname);
  return (
    <TrpcContext value={trpc}>
      <AdminLayout user={user}>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Paper withBorder p="lg" mt="md">
          <Text>Signed in as {user.email}.</Text>
        </Paper>
      </AdminLayout>
    </TrpcContext>
  );
}
