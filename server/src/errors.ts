/**
 * The one error type services throw for outcomes a caller should see. tRPC and GraphQL map `code` onto their own
 * error codes in one place each; any other error is an internal failure and is masked.
 */
export type AppErrorCode = 'BAD_USER_INPUT' | 'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT';

export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: AppErrorCode,
    message: string,
    /** Field messages for forms, keyed by input field name. */
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}
