import type { Language } from '@webpay/contracts/language';
import type { SentEmail } from '@webpay/contracts/office';
import type { OutboxMessage } from '../mail/index.ts';
import type { DirectEmailJson } from './guarantor-page.repository.ts';
import { OFFICE_MESSAGES } from './office-messages.ts';

/** E-mails listed on the page at most, newest first. */
export const MAX_EMAILS = 50;

/** `magic_link` as the console shows it: `magic-link`. */
const kindName = (kind: string) => kind.replaceAll('_', '-');

/**
 * A direct send as the page lists it. Its failure is the service's own
 * sentence, so it is worded in the console's language like the page's other
 * words (an outbox message's error is the mail server's, shown as it came).
 */
function directEmail(row: DirectEmailJson, language: Language): SentEmail {
  const at = new Date(row.occurredAt).toISOString();
  const sent = row.outcome === 'success';
  return {
    id: `direct-${row.id}`,
    kind: kindName(row.kind),
    to: row.to,
    subject: row.subject,
    status: sent ? 'sent' : 'failed',
    queuedAt: at,
    sentAt: sent ? at : null,
    error: sent ? null : OFFICE_MESSAGES[language].mailNotAccepted,
  };
}

/**
 * What was e-mailed to the guarantor: the outbox's messages (receipts,
 * notices, the console's sign-in links) and those sent while they waited
 * (codes and links they asked for), newest first.
 */
export function emailsOf(
  queued: readonly OutboxMessage[],
  direct: readonly DirectEmailJson[],
  language: Language,
): SentEmail[] {
  const emails: SentEmail[] = [
    ...queued.map((message) => ({
      id: message.id,
      kind: kindName(message.kind),
      to: message.to,
      subject: message.subject,
      status: message.status,
      queuedAt: message.queuedAt.toISOString(),
      sentAt: message.sentAt ? message.sentAt.toISOString() : null,
      error: message.error,
    })),
    ...direct.map((row) => directEmail(row, language)),
  ];
  return emails.sort((a, b) => b.queuedAt.localeCompare(a.queuedAt)).slice(0, MAX_EMAILS);
}
