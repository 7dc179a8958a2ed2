import { describe, expect, it } from 'vitest';
import {
  describeLifetime,
  paymentReceiptMail,
  signInCodeMail,
  signInLinkMail,
  signupAttemptMail,
  signupMail,
  statementNoticeMail,
  verificationCodeMail,
  type MailBranding,
} from './mail.templates.ts';

const branding: MailBranding = {
  providerName: 'Wasatch Valley Health',
  portalName: 'WebPay',
  supportEmail: 'billing@wasatchvalleyhealth.example',
  supportPhone: '(801) 555-0100',
  accentColor: '#0f766e',
};

describe('e-mail templates', () => {
  it('name the provider and the portal, greet by first name and carry the link in both parts', () => {
    const link = 'https://pay.example.org/webpay/login/magic?abracadabra=abc&x=1';
    const mail = signInLinkMail(branding, { firstName: 'Maria', link, lifetimeMinutes: 15 });
    expect(mail.subject).toBe('Your WebPay sign-in link');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Wasatch Valley Health');
      expect(part).toContain('WebPay');
      expect(part).toContain('Hello Maria,');
      expect(part).toContain('expires in 15 minutes');
      expect(part).toContain('(801) 555-0100');
    }
    expect(mail.text).toContain(`\n${link}\n`);
    expect(mail.html).toContain(
      'href="https://pay.example.org/webpay/login/magic?abracadabra=abc&amp;x=1"',
    );
  });

  it('put the code on a line of its own', () => {
    for (const render of [signInCodeMail, verificationCodeMail]) {
      const mail = render(branding, { firstName: 'James', code: '012345', lifetimeMinutes: 10 });
      expect(mail.text).toMatch(/^ {4}012345$/m);
      expect(mail.html).toContain('>012345</p>');
      expect(mail.text).not.toMatch(/\$\d/);
    }
    const signup = signupMail(branding, {
      firstName: 'Ana',
      code: '987654',
      lifetimeMinutes: 10,
      link: 'https://pay.example.org/webpay/verify/code?guarantorId=g&verificationId=v&email=ana%40example.com',
    });
    expect(signup.text).toMatch(/^ {4}987654$/m);
    expect(signup.text).toContain('verificationId=v');
  });

  it('escape what they did not write themselves', () => {
    const mail = signInCodeMail(
      { ...branding, providerName: 'A&B <Clinic>' },
      { firstName: '<script>alert(1)</script>', code: '123456', lifetimeMinutes: 10 },
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('A&amp;B &lt;Clinic&gt;');
  });

  it('tell the owner of an address of a sign-up attempt, with no code or link', () => {
    const mail = signupAttemptMail(branding, {
      firstName: 'Maria',
      supportPhone: '(801) 555-0142',
    });
    expect(mail.subject).toBe('Someone tried to sign up for WebPay with your email address');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Hello Maria,');
      expect(part).toContain('tried to sign up for WebPay with this email address');
      expect(part).toContain('Nothing has changed');
      expect(part).toContain(
        'contact the billing office at (801) 555-0142 or billing@wasatchvalleyhealth.example',
      );
    }
    expect(mail.text).not.toContain('http');
    expect(mail.html).not.toContain('href=');
  });

  it('give a statement notice its date, amount and due date', () => {
    const mail = statementNoticeMail(branding, {
      firstName: 'Maria',
      statementDate: '2026-11-01',
      amountDueCents: 123456,
      dueDate: '2026-11-26',
      link: 'https://pay.example.org/webpay/login/magic?abracadabra=xyz',
      lifetimeMinutes: 7 * 24 * 60,
    });
    expect(mail.subject).toBe('Your Wasatch Valley Health statement is ready');
    expect(mail.text).toContain('Statement date: Nov 1, 2026');
    expect(mail.text).toContain('Amount due: $1,234.56');
    expect(mail.text).toContain('Due date: Nov 26, 2026');
    expect(mail.text).toContain('works for 7 days');
  });

  it('quote the eCheck authorization a receipt was paid under, marked with its own language', () => {
    const receipt = {
      receiptId: 'R-2001',
      paidAt: '2026-11-03T15:04:05.000Z',
      amountCents: 1000,
      paidWith: 'Checking account ending in 6789',
      lines: [{ label: 'Account 107-40010002', amountCents: 1000 }],
      postingNote: 'Your payment posts to your accounts within 1-2 business days.',
    };
    const text = 'Autorizo a Wasatch Valley Health <y> a realizar un único débito…';
    const mail = paymentReceiptMail(branding, {
      ...receipt,
      authorization: { text, language: 'es' },
    });
    expect(mail.text).toContain(`You accepted this authorization for the eCheck debit:\n\n${text}`);
    expect(mail.html).toContain(
      'Autorizo a Wasatch Valley Health &lt;y&gt; a realizar un único débito…</blockquote>',
    );
    expect(mail.html).toMatch(/<blockquote lang="es"[^>]*>Autorizo/);

    const card = paymentReceiptMail(branding, receipt);
    expect(card.text).not.toContain('authorization');
    expect(card.html).not.toContain('<blockquote');
  });

  it('describe lifetimes in the largest whole unit', () => {
    expect(describeLifetime(1)).toBe('1 minute');
    expect(describeLifetime(15)).toBe('15 minutes');
    expect(describeLifetime(60)).toBe('1 hour');
    expect(describeLifetime(90)).toBe('90 minutes');
    expect(describeLifetime(36 * 60)).toBe('36 hours');
    expect(describeLifetime(7 * 24 * 60)).toBe('7 days');
  });
});
