import { MAIL_QUEUE } from '../modules/mail/index.ts';
import type { Services } from '../plugins/services.ts';
import type { CommandIo } from './command.ts';

/** How long a command waits for the e-mail it queued before leaving the rest to a server. */
const COMMAND_MAIL_WAIT_MS = 30_000;

/**
 * E-mail a command queued (receipts of reconciled payments, statement
 * notices) goes out before it exits. A message the mail server does not take
 * stays queued with its retries, and a running server sends it; the operator
 * is told so.
 */
export async function sendQueuedMail(
  services: Pick<Services, 'jobs'>,
  io: CommandIo,
  command: string,
): Promise<void> {
  const left = await services.jobs.workOff(MAIL_QUEUE.name, COMMAND_MAIL_WAIT_MS);
  if (left === 0) return;
  const messages = left === 1 ? '1 e-mail waits' : `${left} e-mails wait`;
  io.err(
    `${command}: ${messages} in the outbox for the mail server; a running server sends ${left === 1 ? 'it' : 'them'} (webpay jobs shows the queue).`,
  );
}
