import { describe, expect, it } from 'vitest';
import { AutopayMailer, type AutopayMailBase } from './autopay-email.ts';

const branding = {
  providerName: 'Wasatch Valley Health',
  portalName: 'WebPay',
  supportEmail: 'billing@example.com',
  supportPhone: '(801) 555-0100',
  accentColor: '#0f766e',
};
const mailer = new AutopayMailer({ branding }, { queue: () => Promise.resolve('') });
const base: AutopayMailBase = {
  to: 'maria@example.com',
  firstName: 'Maria',
  language: 'en',
  subject: {
    kind: 'instalment',
    planNumber: 'PP-7K2M9QXD',
    instalmentNumber: 2,
    instalmentCount: 6,
  },
  amountCents: 12_550,
  method: { kind: 'card', brand: 'VISA', last4: '1111' },
};

describe('autopay e-mails', () => {
  it('a notice names the amount, date, masked method and the last day to change it', () => {
    const mail = mailer.message({
      ...base,
      type: 'notice',
      chargeDate: '2027-01-15',
      changeableUntil: '2027-01-12',
    });
    expect(mail.kind).toBe('autopay');
    expect(mail.subject).toBe('Autopay: a payment will be charged on Jan 15, 2027');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('$125.50');
      expect(part).toContain('Visa card ending in 1111');
      expect(part).toContain('payment 2 of 6 on payment plan PP-7K2M9QXD');
      expect(part).toContain('Jan 12, 2027');
    }
  });

  it('a decline gives the retry date; the final one the billing office phone', () => {
    const declined = mailer.message({
      ...base,
      type: 'declined',
      reason: 'DECLINED',
      retryDate: '2027-01-18',
    });
    expect(declined.subject).toBe('Autopay: your payment was declined');
    expect(declined.text).toContain('Jan 18, 2027');
    const final = mailer.message({
      ...base,
      type: 'final_decline',
      reason: 'DECLINED',
      billingOfficePhone: '(801) 555-0142',
    });
    expect(final.subject).toBe('Autopay: your payment could not be made');
    expect(final.text).toContain('(801) 555-0142');
  });

  it('a statement above the cap is asked to be paid by hand, in Spanish for a Spanish reader', () => {
    const mail = mailer.message({
      ...base,
      language: 'es',
      subject: { kind: 'statement', statementDate: '2027-08-01' },
      amountCents: 45_000,
      type: 'over_cap',
      capCents: 20_000,
      dueDate: '2027-08-25',
    });
    expect(mail.subject).toBe('Pago automático: pague usted su estado de cuenta');
    expect(mail.language).toBe('es');
    expect(mail.text).toContain('monto');
    expect(mail.text).toMatch(/200[.,]00/);
    expect(mail.text).toMatch(/450[.,]00/);
  });
});
