import { randomUUID } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { sealText, unsealText } from '../../lib/sealed-text.ts';
import {
  storedJobsOf,
  textArray,
  type JobAttempt,
  type JobDataMatch,
  type JobEngine,
  type JobQueue,
  type StoredJob,
  type StoredJobJson,
} from '../jobs/index.ts';
import type { MailService } from './mail.service.ts';
import type { MailKind, OutgoingMail } from './mail.transport.ts';

/*
 * E-mail nobody waits for (receipts, sign-up notices, statement notices) is
 * queued in the transaction that causes it and sent by a worker, so neither a
 * crash nor a mail server outage loses it. Retries back off from 10 to 20
 * seconds up to an hour and go on for a day (MAIL_RETRY_POLICY); then the message is
 * kept as a failed job the operator can see and retry (`webpay jobs`).
 */

type StoredMail = Omit<OutgoingMail, 'secret' | 'messageId'>;

/** A queued message: what is sent, and what it is about for whoever follows its fate. */
export interface QueuedMail {
  /** The same on every attempt (mail.transport.ts). */
  messageId: string;
  kind: OutgoingMail['kind'];
  /**
   * The message; sealed (AES-256-GCM, base64 of iv, tag and ciphertext) when
   * it carries a sign-in link, so the job table holds no usable secret.
   */
  mail: StoredMail | { sealed: string };
  /** Told to the hooks of the message's kind, e.g. the payment a receipt is for. */
  about: Record<string, string>;
}

/**
 * Exponential backoff with jitter: the wait before retry n (from 1) is
 * between half and all of 10 s × 2^n, at most an hour. The first retry comes
 * 10 to 20 seconds after the first failure; 32 retries take between 24 and
 * 26 hours whatever the jitter draws, then the message is kept as failed.
 */
export const MAIL_RETRY_POLICY = {
  retryLimit: 32,
  retryDelay: 10,
  retryBackoff: true,
  retryDelayMax: 3600,
} as const;

export const MAIL_QUEUE: JobQueue<QueuedMail> = {
  name: 'mail',
  // A receipt goes out as soon as its payment is committed.
  wakeWorkers: true,
  options: {
    ...MAIL_RETRY_POLICY,
    // One SMTP conversation (at most 40 s with SMTP_URL_DEFAULTS' timeouts); an
    // attempt still "active" after this is tried again.
    expireInSeconds: 60,
    // A worker proves it is alive every 5 s while it sends: an attempt whose
    // process died is tried again after 10 s rather than after the minute.
    heartbeatSeconds: 10,
    // A sent message's job, with the message, is kept three days for support questions.
    deleteAfterSeconds: 3 * 24 * 60 * 60,
  },
};

/** One message of the outbox as support sees it: never its body or the secret it carries. */
export interface OutboxMessage {
  id: string;
  kind: MailKind;
  to: string;
  subject: string;
  status: 'queued' | 'sent' | 'failed';
  queuedAt: Date;
  sentAt: Date | null;
  error: string | null;
}

/** Which messages concern one guarantor: by what their `about` names, or by the address. */
export interface OutboxConcerning {
  /** Absent: only what names the payments, statements or addresses below. */
  guarantorId?: string;
  addresses: readonly string[];
  paymentIds: readonly string[];
  statementIds: readonly string[];
}

/** Where a queued message names what it concerns. */
const CONCERNING_PATHS = {
  guarantor: ['about', 'guarantorId'],
  payment: ['about', 'paymentId'],
  statement: ['about', 'statementId'],
  address: ['mail', 'to'],
} as const;

/** What messages concern, as SQL for a read in one statement: the guarantor's id, and `text[]` values. */
export interface OutboxConcerningSql {
  guarantorId: string;
  addresses: readonly string[];
  paymentIds: SQL;
  statementIds: SQL;
}

/** What a module does when one of its messages is sent, or has failed for good. */
export interface MailOutcomeHooks {
  sent?(queued: QueuedMail, messageId: string): Promise<void>;
  failed?(queued: QueuedMail): Promise<void>;
}

export class MailOutbox {
  private readonly hooks = new Map<MailKind, MailOutcomeHooks>();

  constructor(
    private readonly jobs: JobEngine,
    private readonly mail: MailService,
    /** The domain of MAIL_FROM, for Message-IDs. */
    private readonly domain: string,
    /** 32 bytes, hex: seals messages that carry a sign-in secret. */
    private readonly sealingKey: string,
  ) {
    jobs.define(MAIL_QUEUE, (queued, attempt) => this.send(queued, attempt));
  }

  /** Follows the fate of the messages of one kind; once per kind. */
  follow(kind: MailKind, hooks: MailOutcomeHooks): void {
    this.hooks.set(kind, hooks);
  }

  /**
   * Queues a message: in `tx`, it exists only if the change that causes it
   * is committed. Answers its Message-ID.
   */
  async queue(
    message: OutgoingMail,
    about: Record<string, string> = {},
    tx?: Transaction,
  ): Promise<string> {
    const { secret, messageId: _given, ...mail } = message;
    const messageId = `<${randomUUID()}@${this.domain}>`;
    const stored = secret === undefined ? mail : { sealed: seal(this.sealingKey, mail) };
    await this.jobs.send(
      MAIL_QUEUE,
      { messageId, kind: mail.kind, mail: stored, about },
      tx ? { tx } : {},
    );
    return messageId;
  }

  /**
   * The messages still kept (failed ones, and sent ones for three days) that
   * concern a guarantor, newest first. A message carrying a sign-in link is
   * sealed, so it is found by what it is about and unsealed only to read its
   * recipient and subject.
   */
  async messagesConcerning(concerning: OutboxConcerning, limit: number): Promise<OutboxMessage[]> {
    const matches: JobDataMatch[] = [
      {
        path: CONCERNING_PATHS.guarantor,
        values: concerning.guarantorId ? [concerning.guarantorId] : [],
      },
      { path: CONCERNING_PATHS.payment, values: concerning.paymentIds },
      { path: CONCERNING_PATHS.statement, values: concerning.statementIds },
      { path: CONCERNING_PATHS.address, values: concerning.addresses },
    ];
    const jobs = await this.jobs.jobsMatching(MAIL_QUEUE.name, matches, limit);
    return jobs.map((job) => this.messageOf(job));
  }

  /** `messagesConcerning` as one JSON value (read with `messagesOf`), for a read in one statement. */
  messagesConcerningJson(concerning: OutboxConcerningSql, limit: number): SQL<StoredJobJson[]> {
    return this.jobs.matchingJson(
      MAIL_QUEUE.name,
      [
        { path: CONCERNING_PATHS.guarantor, values: textArray([concerning.guarantorId]) },
        { path: CONCERNING_PATHS.payment, values: concerning.paymentIds },
        { path: CONCERNING_PATHS.statement, values: concerning.statementIds },
        { path: CONCERNING_PATHS.address, values: textArray(concerning.addresses) },
      ],
      limit,
    );
  }

  /** The messages of `messagesConcerningJson`'s value, unsealed to read recipient and subject. */
  messagesOf(rows: readonly StoredJobJson[]): OutboxMessage[] {
    return storedJobsOf(rows).map((job) => this.messageOf(job));
  }

  private messageOf(job: StoredJob): OutboxMessage {
    const queued = job.data as QueuedMail;
    const mail =
      'sealed' in queued.mail ? unseal(this.sealingKey, queued.mail.sealed) : queued.mail;
    return {
      id: job.id,
      kind: queued.kind,
      to: mail.to,
      subject: mail.subject,
      status: job.state === 'completed' ? 'sent' : job.state === 'failed' ? 'failed' : 'queued',
      queuedAt: job.createdOn,
      sentAt: job.state === 'completed' ? job.completedOn : null,
      error: job.state === 'failed' || job.state === 'retry' ? job.error : null,
    };
  }

  private async send(queued: QueuedMail, attempt: JobAttempt): Promise<void> {
    const hooks = this.hooks.get(queued.kind);
    const mail =
      'sealed' in queued.mail ? unseal(this.sealingKey, queued.mail.sealed) : queued.mail;
    try {
      await this.mail.deliver({ ...mail, messageId: queued.messageId });
    } catch (error) {
      if (attempt.retryCount >= attempt.retryLimit) await hooks?.failed?.(queued);
      throw error;
    }
    await hooks?.sent?.(queued, queued.messageId);
  }
}

/** The domain part of a mailbox such as `Billing <billing@hospital.example>`. */
export function mailDomainOf(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return address.split('@').pop()?.trim() || 'webpay.invalid';
}

function seal(keyHex: string, mail: StoredMail): string {
  return sealText(keyHex, JSON.stringify(mail));
}

function unseal(keyHex: string, sealed: string): StoredMail {
  return JSON.parse(unsealText(keyHex, sealed)) as StoredMail;
}
