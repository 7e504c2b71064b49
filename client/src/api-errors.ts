import { isTRPCClientError } from '@trpc/client';
import type { AppRouter } from '../../server/src/trpc/router.js';

/**
 * The server's per-field messages of a refused call (`AppError.fields` or the schema's own, see
 * server/src/trpc/trpc.ts); empty when it sent none. Public forms and staff forms show them next to their fields.
 */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!isTRPCClientError<AppRouter>(error)) return {};
  const fields: unknown = error.data && 'fields' in error.data ? error.data.fields : undefined;
  if (typeof fields !== 'object' || fields === null) return {};
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** Whether the server refused a save because someone else changed the item meanwhile (decision 043). */
export function isConflict(error: unknown): boolean {
  return isTRPCClientError<AppRouter>(error) && error.data?.code === 'CONFLICT';
}
