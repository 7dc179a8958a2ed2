import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Language } from '@webpay/contracts/language';
import { isPlainEmailAddress } from '@webpay/contracts/plain-text';

/** What the service sends; `kind` names the message in logs and the outbox's file names. */
export type MailKind =
  | 'magic_link'
  | 'email_code'
  | 'signup'
  | 'signup_attempt'
  | 'mfa'
  | 'statement_notice'
  | 'payment_receipt'
  | 'payment_reversal'
  | 'autopay'
  | 'plan_authorization'
  /** A financial assistance application's step: submitted, in review, a new message. */
  | 'assistance_update'
  /** A financial assistance letter (a decision, a request, a notice), kept with the application. */
  | 'assistance_letter';

export interface OutgoingMail {
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The language the message is written in, for its Content-Language header (en when absent). */
  language?: Language;
  /**
   * Its Message-ID, given by the outbox when the message is queued, so that
   * every attempt to send it carries the same one and a copy that got
   * through twice is recognised as one message.
   */
  messageId?: string;
  /**
   * The sign-in link or code the message carries, if any. Only the local
   * outbox's log line shows it, so that a newcomer without a mail server can
   * finish an e-mail sign-in; with SMTP it is never logged.
   */
  secret?: { link: string } | { code: string };
}

export interface SentMail {
  messageId: string;
  /** The .eml file, in outbox mode. */
  file?: string;
}

/** The logger calls the transport makes (pino's signature). */
export interface MailLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

export interface MailTransport {
  readonly mode: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<SentMail>;
  /** Resolves when a message handed over now would be taken; rejects when it would not. */
  verify(): Promise<void>;
  close(): Promise<void>;
}

/** Raised when a message could not be handed over; the cause stays out of answers. */
export class MailDeliveryError extends Error {
  constructor(
    readonly kind: MailKind,
    options: { cause?: unknown } = {},
  ) {
    super(`The ${kind} e-mail could not be sent`, options);
    this.name = 'MailDeliveryError';
  }
}

/**
 * Connection settings the service adds to SMTP_URL unless it sets them
 * itself: pooled connections, and timeouts well inside the portal's 30 s so a
 * dead mail server gives a prompt 503 rather than a hung request.
 */
export const SMTP_URL_DEFAULTS = {
  pool: 'true',
  connectionTimeout: '10000',
  greetingTimeout: '10000',
  socketTimeout: '20000',
} as const;

export function smtpUrlWithDefaults(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [name, value] of Object.entries(SMTP_URL_DEFAULTS)) {
    if (!url.searchParams.has(name)) url.searchParams.set(name, value);
  }
  return url.toString();
}

/** Only what helps an operator: never the message, its address or its secret. */
function describeFailure(error: unknown) {
  const { code, command, responseCode, message } = (error ?? {}) as Record<string, unknown>;
  return { code, command, responseCode, message };
}

class SmtpTransport implements MailTransport {
  readonly mode = 'smtp';
  private readonly transporter: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    private readonly log: MailLog,
  ) {
    this.transporter = nodemailer.createTransport(smtpUrlWithDefaults(smtpUrl));
  }

  async send(mail: OutgoingMail): Promise<SentMail> {
    try {
      const info = (await this.transporter.sendMail(messageFor(this.from, mail))) as {
        messageId: string;
      };
      this.log.info({ kind: mail.kind, messageId: info.messageId }, 'e-mail sent');
      return { messageId: info.messageId };
    } catch (error) {
      this.log.warn({ kind: mail.kind, error: describeFailure(error) }, 'e-mail not sent');
      throw new MailDeliveryError(mail.kind, { cause: error });
    }
  }

  /**
   * Connects, greets and signs in as a delivery would, then quits, on a
   * connection of its own (never one of the pool's), within the same
   * connection and greeting timeouts.
   */
  async verify(): Promise<void> {
    try {
      await this.transporter.verify();
    } catch (error) {
      this.log.warn({ error: describeFailure(error) }, 'mail server unavailable');
      throw error;
    }
  }

  async close(): Promise<void> {
    this.transporter.close();
  }
}

/**
 * The message both transports hand to nodemailer: automated mail, never an
 * auto-reply target. The recipient goes as an address object, which
 * nodemailer takes as one mailbox instead of parsing a display name or a
 * list out of it, and only once it is a plain address: the request schemas
 * ask for one, and this holds for addresses stored before they did.
 */
function messageFor(from: string, mail: OutgoingMail) {
  if (!isPlainEmailAddress(mail.to)) {
    // The address stays out of the error, which is logged.
    throw new Error('the recipient is not a plain e-mail address');
  }
  return {
    from,
    to: { name: '', address: mail.to },
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: { 'Auto-Submitted': 'auto-generated', 'Content-Language': mail.language ?? 'en' },
    ...(mail.messageId ? { messageId: mail.messageId } : {}),
  };
}

/** Each message becomes an .eml file in the outbox, announced by one log line. */
class OutboxTransport implements MailTransport {
  readonly mode = 'outbox';
  private readonly transporter: Transporter;

  constructor(
    private readonly directory: string,
    private readonly from: string,
    private readonly log: MailLog,
    private readonly announceSecrets: boolean,
  ) {
    this.transporter = nodemailer.createTransport({
      streamTransport: true,
      buffer: true,
      newline: 'unix',
    });
  }

  async send(mail: OutgoingMail): Promise<SentMail> {
    try {
      const info = (await this.transporter.sendMail(messageFor(this.from, mail))) as {
        messageId: string;
        message: Buffer;
      };
      await mkdir(this.directory, { recursive: true, mode: 0o700 });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(
        this.directory,
        `${stamp}-${mail.kind.replaceAll('_', '-')}-${randomBytes(3).toString('hex')}.eml`,
      );
      // The message may hold a live sign-in secret or a receipt: readable by its owner only.
      await writeFile(file, info.message, { mode: 0o600 });
      const secret = this.announceSecrets ? mail.secret : undefined;
      const carries =
        secret === undefined
          ? ''
          : 'link' in secret
            ? `; its sign-in link is ${secret.link}`
            : `; its code is ${secret.code}`;
      this.log.info(
        { kind: mail.kind, file, ...secret },
        `e-mail written to the outbox: ${file}${carries}`,
      );
      return { messageId: info.messageId, file };
    } catch (error) {
      this.log.warn({ kind: mail.kind, error: describeFailure(error) }, 'e-mail not written');
      throw new MailDeliveryError(mail.kind, { cause: error });
    }
  }

  /** The outbox is a local folder: always there to take a message. */
  verify(): Promise<void> {
    return Promise.resolve();
  }

  async close(): Promise<void> {
    this.transporter.close();
  }
}

export interface MailTransportOptions {
  /** SMTP_URL; without it, messages go to the outbox. */
  smtpUrl?: string;
  /** DATA_DIR/outbox */
  outboxDir: string;
  /** MAIL_FROM */
  from: string;
  log: MailLog;
  /**
   * Whether the outbox's log line shows the code or link a message carries
   * (default true). Never in production, where the outbox is refused anyway.
   */
  announceSecrets?: boolean;
}

export function createMailTransport(options: MailTransportOptions): MailTransport {
  return options.smtpUrl
    ? new SmtpTransport(options.smtpUrl, options.from, options.log)
    : new OutboxTransport(
        options.outboxDir,
        options.from,
        options.log,
        options.announceSecrets ?? true,
      );
}
