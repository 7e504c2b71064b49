/**
 * The one error type services throw for outcomes a caller should see. tRPC and GraphQL map `code` onto their own
 * error codes in one place each; any other error is an internal failure and is masked.
 */
export type AppErrorCode =
  'BAD_USER_INPUT' | 'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT' | 'TOO_MANY_REQUESTS';

export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: AppErrorCode,
    message: string,
    /** Field messages for forms, keyed by input field name. */
    readonly fields?: Record<string, string>,
    /** TOO_MANY_REQUESTS: when to try again (the transports send it as `Retry-After`). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** A validation problem as zod and Standard Schema report it. */
interface InputIssue {
  message: string;
  path?: ReadonlyArray<PropertyKey | { key: PropertyKey }> | undefined;
}

/** Turns a schema's refusal (zod, or tRPC's Standard Schema error) into the one error type, with a message per field. */
export function badInput(error: { issues: readonly InputIssue[] }): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const parts = (issue.path ?? []).map((part) => (typeof part === 'object' ? part.key : part));
    const key =
      parts
        .filter((part) => part !== 'input')
        .map(String)
        .join('.') || '_';
    fields[key] ??= issue.message;
  }
  const first = Object.values(fields)[0] ?? 'Invalid input';
  return new AppError('BAD_USER_INPUT', first, fields);
}
