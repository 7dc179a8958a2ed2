import type { CardProcessor } from '@webpay/contracts/config';

/** What the processor's card window reported (the payments feature's lightbox outcome). */
export type CardWindowOutcome =
  | { kind: 'approved'; response: Record<string, unknown> }
  | { kind: 'declined'; response: Record<string, unknown> }
  | { kind: 'cancelled' }
  | { kind: 'error'; message: string };

/**
 * Opens the processor's window with a session token, as a card payment does
 * (the route hands in the payments feature's lightbox, so its script loading
 * and CSP handling stay in one place). Resolves once; never rejects.
 */
export type OpenCardWindow = (
  token: string,
  cardProcessor: CardProcessor,
) => Promise<CardWindowOutcome>;

/** The completion takes the window's string fields only (cardSetupCompletionSchema). */
export function stringFields(response: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(response).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

/** The processor's words for a refusal, if it gave any. */
export function resultMessage(response: Record<string, unknown>): string {
  const message = response.ssl_result_message;
  return typeof message === 'string' ? message.trim() : '';
}
