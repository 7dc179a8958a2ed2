import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { parseMessage } from './mime.ts';

/*
 * A real SMTP server on a random localhost port that keeps every message it
 * receives. Start the service with SMTP_URL = catcher.url and the tests read
 * its e-mails the way a guarantor would: subject, text, the code, the link.
 */

export interface CaughtMail {
  /** MAIL FROM of the SMTP envelope. */
  envelopeFrom: string;
  /** RCPT TO of the SMTP envelope, lower-cased. */
  recipients: string[];
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Map<string, string>;
  raw: string;
  receivedAt: Date;
}

export interface MailFilter {
  /** A recipient address (case-insensitive). */
  to: string;
  subject?: string | RegExp;
}

export interface MailCatcher {
  /** `smtp://127.0.0.1:PORT` */
  url: string;
  port: number;
  /** Every message received, oldest first. */
  readonly messages: readonly CaughtMail[];
  /**
   * The oldest matching message that no earlier waitForMail returned,
   * waiting for it to arrive (default up to 5 s).
   */
  waitForMail(filter: MailFilter, timeoutMs?: number): Promise<CaughtMail>;
  /** Every message received for an address so far. */
  mailsTo(address: string): CaughtMail[];
  /** Answer every message with a temporary failure (451), as a broken mail server would. */
  refuse(): void;
  /** Take messages again. */
  accept(): void;
  close(): Promise<void>;
}

const matches = (mail: CaughtMail, filter: MailFilter) =>
  mail.recipients.includes(filter.to.trim().toLowerCase()) &&
  (filter.subject === undefined ||
    (typeof filter.subject === 'string'
      ? mail.subject.includes(filter.subject)
      : filter.subject.test(mail.subject)));

/** `port`: a chosen one (e.g. where the service's SMTP_URL already points); else a random one. */
export async function startMailCatcher(port = 0): Promise<MailCatcher> {
  const messages: CaughtMail[] = [];
  const taken = new Set<CaughtMail>();
  const arrivals = new EventEmitter();
  let refusing = false;

  const receive = async (stream: SMTPServerDataStream, session: SMTPServerSession) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const parsed = parseMessage(raw);
    const envelopeFrom = session.envelope.mailFrom;
    const mail: CaughtMail = {
      envelopeFrom: envelopeFrom ? envelopeFrom.address : '',
      recipients: session.envelope.rcptTo.map((address) => address.address.toLowerCase()),
      from: parsed.headers.get('from') ?? '',
      to: parsed.headers.get('to') ?? '',
      subject: parsed.subject,
      text: parsed.text ?? '',
      html: parsed.html ?? '',
      headers: parsed.headers,
      raw,
      receivedAt: new Date(),
    };
    messages.push(mail);
    arrivals.emit('mail', mail);
  };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 500,
    size: 1024 * 1024,
    onMailFrom(_address, _session, callback) {
      if (!refusing) return callback();
      const error = Object.assign(new Error('Mail service temporarily unavailable'), {
        responseCode: 451,
      });
      callback(error);
    },
    onData(stream, session, callback) {
      receive(stream, session).then(
        () => callback(),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    },
  });
  server.on('error', () => {
    // A client dropping its connection is not the test's concern.
  });

  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const { port: listening } = server.server.address() as AddressInfo;

  const take = (filter: MailFilter) => {
    const found = messages.find((mail) => !taken.has(mail) && matches(mail, filter));
    if (found) taken.add(found);
    return found;
  };

  return {
    url: `smtp://127.0.0.1:${listening}`,
    port: listening,
    messages,
    waitForMail(filter, timeoutMs = 5000) {
      const ready = take(filter);
      if (ready) return Promise.resolve(ready);
      return new Promise((resolve, reject) => {
        const onMail = () => {
          const found = take(filter);
          if (!found) return;
          clearTimeout(timer);
          arrivals.off('mail', onMail);
          resolve(found);
        };
        const timer = setTimeout(() => {
          arrivals.off('mail', onMail);
          reject(
            new Error(
              `No e-mail to ${filter.to}${filter.subject ? ` about ${String(filter.subject)}` : ''} within ${timeoutMs} ms (received: ${messages.map((mail) => `${mail.recipients.join(',')}: ${mail.subject}`).join('; ') || 'nothing'})`,
            ),
          );
        }, timeoutMs);
        arrivals.on('mail', onMail);
      });
    },
    mailsTo(address) {
      const wanted = address.trim().toLowerCase();
      return messages.filter((mail) => mail.recipients.includes(wanted));
    },
    refuse() {
      refusing = true;
    },
    accept() {
      refusing = false;
    },
    close() {
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** The 6-digit code of a code e-mail (on a line of its own in the text part). */
export function codeFrom(mail: Pick<CaughtMail, 'text'>): string {
  const code = /^\s*(\d{6})\s*$/m.exec(mail.text)?.[1];
  if (!code) throw new Error(`No 6-digit code in this e-mail:\n${mail.text}`);
  return code;
}

/** The first link in the text part, or the first whose address contains `containing`. */
export function linkFrom(mail: Pick<CaughtMail, 'text'>, containing = ''): string {
  const link = (mail.text.match(/https?:\/\/\S+/g) ?? []).find((url) => url.includes(containing));
  if (!link) throw new Error(`No link${containing ? ` to ${containing}` : ''} in:\n${mail.text}`);
  return link;
}
