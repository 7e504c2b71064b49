import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryState } from './ui/QueryState.js';
import { useTrpc } from '../trpc.js';

/**
 * The signed-in staff member as the API sees them (role and countries, from me.get). The session answer only names
 * them; the role lives in the staff table (or the provider's roles claim) and may change at any time.
 */
export function useActor() {
  const trpc = useTrpc();
  return useQuery(trpc.me.get.queryOptions());
}

/**
 * Whether the signed-in staff member may change content shown in `countryIds`: an ADMIN always, an EDITOR when all
 * of them are theirs (the API's rule, decision 024). Unknown while the actor loads: nothing is offered yet.
 */
export function mayChange(
  actor: { role: string; countryIds: readonly number[] } | undefined,
  countryIds: readonly number[],
): boolean {
  if (!actor) return false;
  return actor.role === 'ADMIN' || countryIds.every((id) => actor.countryIds.includes(id));
}

/** A screen for administrators only: others see `message` instead (the server refuses them anyway). */
export function AdminOnly({ message, children }: { message: string; children: ReactNode }) {
  const actor = useActor();
  if (!actor.isSuccess) return <QueryState query={actor} what="your account" />;
  if (actor.data.role !== 'ADMIN') {
    return (
      <Alert color="gray" icon={<IconLock size={18} aria-hidden />}>
        {message}
      </Alert>
    );
  }
  return children;
}
