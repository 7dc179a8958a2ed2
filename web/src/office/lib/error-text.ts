import { ApiError } from '@/lib/api-client.ts';

/**
 * What a failed call says to the staff member: the service's own words (it
 * answers in the language asked for), else its title, else the fallback.
 */
export function errorText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  return error.error.details[0] ?? error.error.title ?? fallback;
}
