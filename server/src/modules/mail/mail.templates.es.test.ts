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
import { paidWith, receiptMailContent } from '../payments/index.ts';
import type { Receipt } from '@webpay/contracts/payments';

const branding: MailBranding = {
  providerName: 'Wasatch Valley Health',
  portalName: 'WebPay',
  supportEmail: 'billing@wasatchvalleyhealth.example',
  supportPhone: '(801) 555-0100',
  accentColor: '#0f766e',
};

const billingInformation = {
  firstName: 'María',
  lastName: 'García',
  address: '1 Main St',
  city: 'Provo',
  state: 'UT',
  zipCode: '84601',
  email: 'maria@example.com',
};

describe('e-mail templates in Spanish (decision 0013)', () => {
  it('word the sign-in link in Spanish and mark both parts as Spanish', () => {
    const link = 'https://pay.example.org/webpay/login/magic?abracadabra=abc';
    const mail = signInLinkMail(branding, { firstName: 'María', link, lifetimeMinutes: 15 }, 'es');
    expect(mail.language).toBe('es');
    expect(mail.subject).toBe('Su enlace para iniciar sesión en WebPay');
    expect(mail.html).toContain('<html lang="es">');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Hola, María:');
      expect(part).toContain('vence en 15 minutos');
      expect(part).toContain('(801) 555-0100');
    }
    expect(mail.text).toContain('Iniciar sesión en WebPay:\n');
    expect(mail.html).toContain('O copie y pegue esta dirección en su navegador:');
  });

  it('keep English as SPEC words it when no language is given', () => {
    const mail = signInCodeMail(branding, { code: '012345', lifetimeMinutes: 10 });
    expect(mail.language).toBe('en');
    expect(mail.subject).toBe('Your WebPay sign-in code');
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.text).toContain('Hello,');
  });

  it('put codes on a line of their own in every code e-mail', () => {
    const content = { firstName: 'José', code: '012345', lifetimeMinutes: 10 };
    const mails = [
      signInCodeMail(branding, content, 'es'),
      verificationCodeMail(branding, content, 'es'),
      signupMail(
        branding,
        { ...content, link: 'https://pay.example.org/webpay/verify/code' },
        'es',
      ),
    ];
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Su código para iniciar sesión en WebPay',
      'Su código de verificación de WebPay',
      'Confirme su dirección de correo electrónico para WebPay',
    ]);
    for (const mail of mails) {
      expect(mail.text).toContain('\n    012345\n');
      expect(mail.text).toContain('El código funciona una sola vez y vence en 10 minutos.');
      expect(mail.text).not.toMatch(/\b(Hello|expires|code works)\b/);
    }
  });

  it('write statement notices with es-US amounts and day-first short-month dates', () => {
    const mail = statementNoticeMail(
      branding,
      {
        firstName: 'Ana',
        statementDate: '2026-11-03',
        amountDueCents: 123_450,
        dueDate: '2026-12-01',
        link: 'https://pay.example.org/webpay/login/magic?abracadabra=xyz',
        lifetimeMinutes: 7 * 24 * 60,
      },
      'es',
    );
    expect(mail.subject).toBe('Su estado de cuenta de Wasatch Valley Health está listo');
    expect(mail.text).toContain('Fecha de emisión: 3 nov 2026');
    expect(mail.text).toContain('Monto a pagar: $1,234.50');
    expect(mail.text).toContain('Fecha de vencimiento: 1 dic 2026');
    expect(mail.text).toContain('funciona durante 7 días');
  });

  it('word a receipt in Spanish, accounts by number and cards masked', () => {
    const receipt = {
      id: 'p1',
      paymentMethod: 'card',
      receiptId: 'R-1001',
      amount: 1234.5,
      date: '2026-11-03T15:04:05.000Z',
      status: 'approved',
      accounts: [
        {
          paymentType: 'Account Payment',
          facilityId: '107',
          accountId: '107-40010001',
          amount: 1000,
          locationId: '107',
        },
        {
          paymentType: 'Payment Plan',
          facilityId: '107',
          accountId: '107-PP7001',
          amount: 234.5,
          locationId: '107',
          description: 'PP7001-1 | Payment Plan',
        },
      ],
      billingInformation,
      card: { brand: 'VISA', last4: '9990', expiry: '12/28' },
    } satisfies Receipt;
    expect(paidWith(receipt)).toBe('Visa ending in 9990');
    const mail = paymentReceiptMail(branding, receiptMailContent(receipt, 'es'), 'es');
    expect(mail.subject).toBe('Su recibo de pago de Wasatch Valley Health R-1001');
    expect(mail.text).toContain('Recibimos su pago de $1,234.50.');
    expect(mail.text).toContain('Fecha: 3 nov 2026');
    expect(mail.text).toContain('Forma de pago: Visa terminada en 9990');
    expect(mail.text).toContain('Cuenta 107-40010001: $1,000.00');
    expect(mail.text).toContain('Plan de pagos PP7001-1: $234.50');
    expect(mail.text).toContain('1 a 2 días hábiles');
    expect(mail.text).toContain('aparecerá como pago en proceso');
  });

  it('quote the accepted eCheck authorization under Spanish words', () => {
    const authorization = {
      text: 'I authorize Wasatch Valley Health to make…',
      language: 'en',
    } as const;
    const receipt = {
      id: 'p2',
      paymentMethod: 'eCheck',
      receiptId: 'R-1002',
      amount: 10,
      date: '2026-11-03T15:04:05.000Z',
      status: 'approved',
      accounts: [
        {
          paymentType: 'Account Payment',
          facilityId: '107',
          accountId: '107-40010002',
          amount: 10,
          locationId: '107',
        },
      ],
      billingInformation,
      eCheck: { accountType: 'CHECKING', accountNumber: '••••6789', authorization },
    } satisfies Receipt;
    const mail = paymentReceiptMail(branding, receiptMailContent(receipt, 'es'), 'es');
    expect(mail.text).toContain('Forma de pago: Cuenta de cheques terminada en 6789');
    expect(mail.text).toContain(
      `Usted aceptó esta autorización para el débito del cheque electrónico:\n\n${authorization.text}`,
    );
    // Quoted as accepted, in English, and marked so: a screen reader reads it as English.
    expect(mail.html).toMatch(/<blockquote lang="en"[^>]*>I authorize/);
  });

  it('say lifetimes in Spanish', () => {
    expect(describeLifetime(1, 'es')).toBe('1 minuto');
    expect(describeLifetime(60, 'es')).toBe('1 hora');
    expect(describeLifetime(48 * 60, 'es')).toBe('2 días');
    expect(describeLifetime(15)).toBe('15 minutes');
  });

  it('word the notice of a sign-up attempt in Spanish', () => {
    const mail = signupAttemptMail(
      branding,
      { firstName: 'María', supportPhone: '(801) 555-0142' },
      'es',
    );
    expect(mail.language).toBe('es');
    expect(mail.subject).toBe(
      'Alguien intentó registrarse en WebPay con su dirección de correo electrónico',
    );
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Hola, María:');
      expect(part).toContain('No ha cambiado nada');
      expect(part).toContain(
        'oficina de facturación al (801) 555-0142 o a billing@wasatchvalleyhealth.example',
      );
    }
  });
});
