import { describe, expect, it } from 'vitest';
import { paymentReversalMail, type MailBranding } from '../mail/index.ts';

const branding: MailBranding = {
  providerName: 'Wasatch Valley Health',
  portalName: 'WebPay',
  supportEmail: 'billing@wasatchvalleyhealth.example',
  supportPhone: '(801) 555-0100',
  accentColor: '#0f766e',
};

const base = {
  firstName: 'Maria',
  receiptId: 'WP-7KQ2M9XD',
  date: '2026-11-27',
  amountCents: 1250,
};

describe('the e-mail telling a guarantor that money went back', () => {
  it('names the receipt, the amount, how and when, in English', () => {
    const mail = paymentReversalMail(branding, { ...base, how: { kind: 'card', last4: '1234' } });
    expect(mail.subject).toBe('Money given back on your Wasatch Valley Health payment WP-7KQ2M9XD');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Hello Maria,');
      expect(part).toContain('$12.50');
      expect(part).toContain('Refunded to the card ending in 1234');
      expect(part).toContain('Nov 27, 2026');
    }
  });

  it('says a void and a check plainly, and in Spanish', () => {
    const voided = paymentReversalMail(branding, { ...base, how: { kind: 'void' } });
    expect(voided.text).toContain('The payment was voided');
    const check = paymentReversalMail(branding, { ...base, how: { kind: 'check' } }, 'es');
    expect(check.subject).toBe(
      'Devolución de dinero de su pago de Wasatch Valley Health WP-7KQ2M9XD',
    );
    expect(check.text).toContain('Le enviaremos un cheque por correo postal');
    expect(check.text).toContain('WP-7KQ2M9XD');
  });

  it('never shows more than the last four digits of a card', () => {
    const mail = paymentReversalMail(branding, { ...base, how: { kind: 'card', last4: '4321' } });
    // The HTML's colours are hex digits; the words are what a reader sees.
    expect(mail.text).not.toMatch(/\d{5,}/);
    expect(mail.html.replace(/#[0-9a-f]{6}\b/gi, '')).not.toMatch(/\d{5,}/);
  });
});
