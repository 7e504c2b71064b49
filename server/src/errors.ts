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

/** What a caller sees for text PostgreSQL cannot store or that is not real Unicode. */
export const INVALID_TEXT_MESSAGE = 'Contains an invalid character';

/**
 * The first place in an API input (arguments of any shape) holding invalid text: a NUL character (PostgreSQL text
 * refuses it, which surfaced as a 500) or a lone UTF-16 surrogate (not Unicode; it would be stored altered). Object
 * keys count too. Walked with an explicit stack: a deeply nested body must not overflow the call stack.
 */
export function invalidTextPath(input: unknown): string | undefined {
  const invalid = (text: string) => text.includes('\u0000') || !text.isWellFormed();
  const stack: { value: unknown; path: string }[] = [{ value: input, path: '' }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (invalid(value)) return path || '_';
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => stack.push({ value: item, path: path ? `${path}.${index}` : String(index) }));
    } else if (typeof value === 'object' && value !== null && !(value instanceof Promise)) {
      for (const [key, item] of Object.entries(value)) {
        const at = path ? `${path}.${key}` : key;
        if (invalid(key)) return at;
        stack.push({ value: item, path: at });
      }
    }
  }
  return undefined;
}

/** The one text check every operation of both APIs runs on its raw input, before the operation's own schema. */
export function assertValidText(input: unknown): void {
  const path = invalidTextPath(input);
  if (path === undefined) return;
  const field = path.replace(/^input\./, '');
  throw new AppError('BAD_USER_INPUT', `${INVALID_TEXT_MESSAGE} (${field}).`, { [field]: INVALID_TEXT_MESSAGE });
}
