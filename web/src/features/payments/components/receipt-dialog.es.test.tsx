import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { AppConfig } from '@webpay/contracts/config';
import { PAYMENT_TYPE_LABELS, type Receipt } from '@webpay/contracts/payments';
import { chooseLanguage } from '@/lib/language.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { sessionStore, toSession } from '@/lib/session.ts';
import { appConfig, claimsFor, maria, tokenFor } from '@test/fixtures.ts';
import { cardReceipt, eCheckReceipt } from '../../../../test/payments/payment-fixtures.ts';
import { ReceiptDialog } from './receipt-dialog.tsx';

function renderReceipt(receipt: Receipt, config: AppConfig = appConfig, applied = false) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.appConfig, config);
  const claims = claimsFor();
  sessionStore.set(
    toSession({ token: tokenFor(claims), expiresAt: Date.now() + 600_000, user: maria, claims }),
  );
  onTestFinished(() => sessionStore.set(null));
  render(
    <QueryClientProvider client={queryClient}>
      <ReceiptDialog receipt={receipt} onClose={vi.fn()} applied={applied} />
    </QueryClientProvider>,
  );
  return within(screen.getByRole('dialog', { name: 'Recibo de pago' }));
}

describe('the receipt in Spanish', () => {
  beforeEach(() => chooseLanguage('es'));

  it('words an approved card payment, with the date as es-US writes it', () => {
    const scope = renderReceipt(cardReceipt());
    expect(scope.getByText('Aprobado')).toBeInTheDocument();
    expect(scope.getByText('Número de recibo')).toBeInTheDocument();
    expect(scope.getByText('R-20261101-0001')).toBeInTheDocument();
    expect(scope.getByText(/^1 nov 2026, /)).toBeInTheDocument();
    expect(scope.getByText('$325.00')).toBeInTheDocument();
    expect(scope.getByText('VISA •••• 9990, vence 12/27')).toBeInTheDocument();
    expect(scope.getByRole('heading', { name: 'Cuentas pagadas' })).toBeInTheDocument();
    expect(scope.getByText('PP-7001-1 | Plan de pagos').parentElement).toHaveTextContent('$75.00');
    expect(scope.getByRole('heading', { name: 'Información de facturación' })).toBeInTheDocument();
    expect(
      scope.getByText('Se envió una copia de este recibo a maria.garcia@example.com.'),
    ).toBeInTheDocument();
    expect(
      scope.getByText('Su pago se aplicará a sus cuentas en un plazo de 1 a 2 días hábiles.'),
    ).toBeInTheDocument();
    expect(scope.getByText(/¿Preguntas sobre este pago\? Llame al/)).toBeInTheDocument();
    expect(scope.getByRole('button', { name: 'Imprimir' })).toBeInTheDocument();
    expect(scope.getByRole('button', { name: 'Cerrar' })).toBeInTheDocument();
  });

  it('names a bank account and a payment to the account in Spanish', () => {
    const scope = renderReceipt(
      cardReceipt({
        paymentMethod: 'eCheck',
        card: null,
        eCheck: { accountType: 'SAVINGS', accountNumber: '****6789' },
        emailedTo: null,
        accounts: [
          {
            paymentType: PAYMENT_TYPE_LABELS.total,
            facilityId: '107',
            accountId: '107-5001001',
            amount: 25,
            locationId: '107',
            description: PAYMENT_TYPE_LABELS.total,
          },
        ],
      }),
      appConfig,
      true,
    );
    expect(scope.getByText('Cuenta de ahorros •••• 6789')).toBeInTheDocument();
    expect(scope.getByText('Pago a su cuenta')).toBeInTheDocument();
    expect(
      scope.getByText('No se envió ninguna copia de este recibo por correo electrónico.'),
    ).toBeInTheDocument();
    expect(scope.getByText('Este pago ya se aplicó a su cuenta.')).toBeInTheDocument();
  });

  it('quotes an authorization accepted in English under a Spanish heading, marked as English', () => {
    const text = 'I authorize Canyon Health to make a one-time electronic debit (ACH) of $25.00.';
    const scope = renderReceipt(eCheckReceipt({ text, language: 'en' }));
    expect(
      scope.getByRole('heading', { name: 'Autorización del cheque electrónico aceptada' }),
    ).toBeInTheDocument();
    expect(scope.getByText(text)).toHaveAttribute('lang', 'en');
  });

  it('explains a failed receipt, naming a card the processor did not name', () => {
    const scope = renderReceipt(
      cardReceipt({
        status: 'failed',
        receiptId: 'N/A',
        emailedTo: null,
        card: { brand: '', last4: '9990', expiry: '12/27' },
      }),
    );
    expect(scope.getByText('Fallido')).toBeInTheDocument();
    expect(scope.getByText('Tarjeta •••• 9990, vence 12/27')).toBeInTheDocument();
    expect(scope.getByText(/Es posible que no se haya realizado/)).toHaveTextContent(
      `Llámenos antes de volver a pagar: ${maria.supportPhone}`,
    );
  });

  it("gives another facility's 24-hour note in Spanish", () => {
    const scope = renderReceipt(
      cardReceipt({
        accounts: [
          {
            paymentType: 'GL Payment',
            facilityId: '153',
            accountId: '80001',
            amount: 45.2,
            locationId: '153',
            description: '153-80001 | Maria Garcia',
          },
          {
            paymentType: 'GL Payment',
            facilityId: '998',
            accountId: '90001',
            amount: 5,
            locationId: '998',
          },
        ],
      }),
      { ...appConfig, supportPhones: { '153': '(801) 555-0153' } },
    );
    expect(
      scope.getByText(/Los pagos a Central Lab pueden tardar hasta 24 horas/),
    ).toHaveTextContent('¿Preguntas sobre el pago a Central Lab? Llame al (801) 555-0153.');
    expect(scope.getByText(/Los pagos a Centro 998 pueden tardar/)).toBeInTheDocument();
  });
});
