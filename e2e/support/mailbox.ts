import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { codeFrom, linkFrom } from '@webpay/server/testkit/mail-catcher';
import { parseMessage } from '@webpay/server/testkit/mime';
import { maildropFor } from './maildrop.ts';

export interface ReceivedMail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

/** The e-mail the server on `baseUrl` sent through SMTP, read from the test run's listener. */
export class Mailbox {
  private readonly dir: string;
  private readonly seen = new Set<string>();

  constructor(baseUrl: string) {
    this.dir = maildropFor(Number(new URL(baseUrl).port));
  }

  private async all(): Promise<ReceivedMail[]> {
    const files = (await readdir(this.dir)).filter((file) => file.endsWith('.eml')).sort();
    return Promise.all(
      files.map(async (file) => {
        const message = parseMessage(await readFile(path.join(this.dir, file), 'utf8'));
        return {
          file,
          to: (message.headers.get('to') ?? '').toLowerCase(),
          subject: message.subject,
          text: message.text ?? '',
        };
      }),
    );
  }

  /** Marks everything received so far as read, so the next wait sees only new mail. */
  async skipExisting(): Promise<void> {
    for (const mail of await this.all()) this.seen.add(mail.file);
  }

  /** The next unread message to `to`, waiting for it to arrive. */
  async next(to: string): Promise<ReceivedMail> {
    let found: ReceivedMail | undefined;
    await expect
      .poll(
        async () => {
          found = (await this.all()).find(
            (mail) => !this.seen.has(mail.file) && mail.to.includes(to.toLowerCase()),
          );
          return found !== undefined;
        },
        { message: `an e-mail to ${to}`, timeout: 10_000 },
      )
      .toBe(true);
    const mail = found as ReceivedMail;
    this.seen.add(mail.file);
    return mail;
  }

  /** No unread message to `to` has arrived. */
  async nothingFor(to: string): Promise<boolean> {
    return !(await this.all()).some(
      (mail) => !this.seen.has(mail.file) && mail.to.includes(to.toLowerCase()),
    );
  }
}

export { codeFrom, linkFrom };
