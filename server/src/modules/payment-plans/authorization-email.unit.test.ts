import { describe, expect, it } from 'vitest';
import { planAuthorizationMail, type PlanAuthorizationMail } from './authorization-email.ts';

const branding = {
  providerName: 'Wasatch Valley Health',
  portalName: 'WebPay',
  supportEmail: 'billing@example.com',
  supportPhone: '(801) 555-0100',
  accentColor: '#0f766e',
};

const content: PlanAuthorizationMail = {
  firstName: 'Maria',
  planNumber: 'PP-7KQ2M9XD',
  totalCents: 31_045,
  monthlyCents: 5175,
  numberOfPayments: 6,
  firstDueDate: '2027-01-15',
  autopay: true,
  authorization: { text: 'I agree to pay Wasatch Valley Health $310.45 …', language: 'en' },
};

describe('plan authorization e-mail', () => {
  it('gives the plan’s facts and quotes the authorization word for word', () => {
    const mail = planAuthorizationMail(branding, 'maria@example.com', content, 'en');
    expect(mail).toMatchObject({
      kind: 'plan_authorization',
      to: 'maria@example.com',
      subject: 'Your payment plan PP-7KQ2M9XD with Wasatch Valley Health',
      language: 'en',
    });
    expect(mail.text).toContain('Monthly payment: $51.75');
    expect(mail.text).toContain('Number of payments: 6');
    expect(mail.text).toContain('Autopay: On');
    expect(mail.text).toContain(content.authorization.text);
    expect(mail.html).toContain('<blockquote lang="en"');
  });

  it('is worded in Spanish for a Spanish reader, quoting the words as accepted', () => {
    const accepted = {
      text: 'Acepto pagar a Wasatch Valley Health 310,45 US$ …',
      language: 'es' as const,
    };
    const mail = planAuthorizationMail(
      branding,
      'maria@example.com',
      { ...content, autopay: false, authorization: accepted },
      'es',
    );
    expect(mail.subject).toBe('Su plan de pagos PP-7KQ2M9XD con Wasatch Valley Health');
    expect(mail.text).toContain('Pago automático: Desactivado');
    expect(mail.text).toContain('Número de pagos: 6');
    expect(mail.text).toContain(accepted.text);
  });
});
