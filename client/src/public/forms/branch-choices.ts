import type { QueryClient } from '@tanstack/react-query';
import type { Trpc } from '../../trpc.js';

// Kept apart from BranchSelect.tsx: route loaders import this, and it must not pull the form code (and zod) into the
// public entry chunk.

/**
 * The site's branches with their hours and closures (every country's on a site without its own, Global): a form's
 * choices and Contact Us's list, one request for both there.
 */
export const branchesOf = (trpc: Trpc, countryId: number) => trpc.site.branches.queryOptions({ countryId });

/**
 * Loads a form's branch choices (the enquiry's, the booking's) before the form renders (for a page route's loader),
 * so the server-rendered form already lists them.
 */
export async function loadBranchChoices({
  queryClient,
  trpc,
  countryId,
}: {
  queryClient: QueryClient;
  trpc: Trpc;
  countryId: number;
}): Promise<void> {
  await queryClient.ensureQueryData(branchesOf(trpc, countryId));
}
