/** The message to show for a failed call (spec §8: an error toast "showing the error's message"). */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}
