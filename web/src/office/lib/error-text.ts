import { ApiError } from '@/lib/api-client.ts';

/**
 * What a failed call says to the staff member: the service's own words (it
 * answers in the language asked for), else its title, else the fallback.
 */
export function errorText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  return error.error.details[0] ?? error.error.title ?? fallback;
}

/**
 * The service's words about one field of the request body, which it gives as
 * `body.<field>: <message>`, so the form can show them at the field itself.
 */
export function fieldErrorText(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const prefix = `body.${field}: `;
  const detail = error.error.details.find((text) => text.startsWith(prefix));
  return detail?.slice(prefix.length);
}
