import { describe, expect, it } from 'vitest';
import type { OutboxMessage } from '../mail/index.ts';
import { emailsOf, MAX_EMAILS } from './guarantor-emails.ts';
import type { DirectEmailJson } from './guarantor-page.repository.ts';

const direct = (id: number, outcome: DirectEmailJson['outcome'], minute: number) => ({
  id,
  occurredAt: `2026-03-02T15:${String(minute).padStart(2, '0')}:00.000Z`,
  outcome,
  kind: 'email_code',
  to: 'maria@example.com',
  subject: 'Your code',
});

const bounced: OutboxMessage = {
  id: 'job-1',
  kind: 'payment_receipt',
  to: 'maria@example.com',
  subject: 'Your receipt',
  status: 'failed',
  queuedAt: new Date('2026-03-02T15:00:00Z'),
  sentAt: null,
  error: '550 mailbox unavailable',
};

describe("a guarantor's e-mails on the console", () => {
  it("words a direct send's failure in the console's language", () => {
    const [english] = emailsOf([], [direct(1, 'failure', 5)], 'en');
    const [spanish] = emailsOf([], [direct(1, 'failure', 5)], 'es');

    expect(english).toMatchObject({ status: 'failed', error: 'The mail server did not accept it' });
    expect(spanish).toMatchObject({
      status: 'failed',
      error: 'El servidor de correo electrónico no lo aceptó',
    });
  });

  it("keeps a sent one without error and the mail server's own words as they came", () => {
    const emails = emailsOf([bounced], [direct(2, 'success', 10)], 'es');

    expect(emails.map((email) => [email.id, email.kind, email.error])).toEqual([
      ['direct-2', 'email-code', null],
      ['job-1', 'payment-receipt', '550 mailbox unavailable'],
    ]);
  });

  it('lists the newest first, at most the page’s limit', () => {
    const many = Array.from({ length: MAX_EMAILS + 5 }, (_, index) =>
      direct(index, 'success', index % 60),
    );

    const emails = emailsOf([], many, 'en');

    expect(emails).toHaveLength(MAX_EMAILS);
    expect(emails[0]?.queuedAt).toBe('2026-03-02T15:54:00.000Z');
  });
});
