import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { AppConfig } from '@webpay/contracts/config';
import { PAYMENT_MESSAGES, type Receipt } from '@webpay/contracts/payments';
import { createQueryClient } from '@/lib/query-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { sessionStore, toSession } from '@/lib/session.ts';
import { appConfig, claimsFor, maria, tokenFor } from '@test/fixtures.ts';
import { cardReceipt, eCheckReceipt } from '../../../../test/payments/payment-fixtures.ts';
import { ReceiptDialog } from './receipt-dialog.tsx';

function renderReceipt(receipt: Receipt, config: AppConfig = appConfig) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.appConfig, config);
  const claims = claimsFor();
  sessionStore.set(
    toSession({ token: tokenFor(claims), expiresAt: Date.now() + 600_000, user: maria, claims }),
  );
  onTestFinished(() => sessionStore.set(null));
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <ReceiptDialog receipt={receipt} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { dialog: screen.getByRole('dialog', { name: 'Payment Receipt' }), onClose };
}

describe('receipt dialog (SPEC §2, §3 Receipt)', () => {
  it('shows an approved card payment: number, date, amount, masked card, accounts, billing, e-mail, posting time', () => {
    const { dialog } = renderReceipt(cardReceipt());
    const scope = within(dialog);
    expect(scope.getByText('Approved')).toBeInTheDocument();
    expect(scope.getByText('R-20261101-0001')).toBeInTheDocument();
    expect(scope.getByText(/^Nov 1, 2026/)).toBeInTheDocument();
    expect(scope.getByText('$325.00')).toBeInTheDocument();
    expect(scope.getByText('VISA •••• 9990, expires 12/27')).toBeInTheDocument();
    expect(scope.getByText('107-40010001 | Maria Garcia').parentElement).toHaveTextContent(
      '$250.00',
    );
    expect(scope.getByText('PP-7001-1 | Payment Plan').parentElement).toHaveTextContent('$75.00');
    expect(scope.getByText(/12 Canyon Rd/)).toHaveTextContent(
      'Maria Garcia12 Canyon RdSalt Lake City, UT 84101',
    );
    expect(
      scope.getByText('A copy of this receipt was emailed to maria.garcia@example.com.'),
    ).toBeInTheDocument();
    expect(scope.getByText(new RegExp(PAYMENT_MESSAGES.postingTime))).toHaveTextContent(
      'Your payment posts within 1-2 business days.',
    );
    expect(scope.getByText(/Questions about this payment\? Call/)).toBeInTheDocument();
    expect(scope.getByRole('link', { name: maria.supportPhone })).toHaveAttribute(
      'href',
      'tel:8015550142',
    );
  });

  it('shows a bank account masked, the account id where there is no description, and no e-mail', () => {
    const receipt = cardReceipt({
      paymentMethod: 'eCheck',
      card: null,
      eCheck: { accountType: 'CHECKING', accountNumber: '****6789' },
      emailedTo: null,
      accounts: [
        {
          paymentType: 'Guarantor Payment',
          facilityId: '107',
          accountId: '107-5001001',
          amount: 25,
          locationId: '107',
        },
      ],
    });
    const scope = within(renderReceipt(receipt).dialog);
    expect(scope.getByText('Checking •••• 6789')).toBeInTheDocument();
    expect(scope.getByText('107-5001001')).toBeInTheDocument();
    expect(scope.getByText('No copy of this receipt was emailed.')).toBeInTheDocument();
  });

  it('quotes the eCheck authorization the payer accepted, in the language they accepted it in', () => {
    const text =
      'I authorize Canyon Health to make a one-time electronic debit (ACH) of $325.00 from my savings account ending in 6789 on Nov 1, 2026.';
    const scope = within(renderReceipt(eCheckReceipt({ text, language: 'en' })).dialog);
    const heading = scope.getByRole('heading', { name: 'eCheck authorization accepted' });
    const quote = scope.getByText(text);
    expect(quote).toHaveAttribute('lang', 'en');
    expect(heading.parentElement).toContainElement(quote);
  });

  it('has no authorization for a card, nor for an eCheck recorded without one', () => {
    expect(
      within(renderReceipt(cardReceipt()).dialog).queryByText('eCheck authorization accepted'),
    ).toBeNull();
    expect(
      within(renderReceipt(eCheckReceipt()).dialog).queryByText('eCheck authorization accepted'),
    ).toBeNull();
  });

  it('explains a failed receipt and asks to call before paying again', () => {
    const receipt = cardReceipt({ status: 'failed', receiptId: 'N/A', emailedTo: null });
    const scope = within(renderReceipt(receipt).dialog);
    expect(scope.getByText('Failed')).toBeInTheDocument();
    expect(scope.getByText('N/A')).toBeInTheDocument();
    expect(scope.getByText(/It may not have gone through/)).toHaveTextContent(
      `Please call us before you pay again: ${maria.supportPhone}`,
    );
    expect(scope.queryByText(new RegExp(PAYMENT_MESSAGES.postingTime))).not.toBeInTheDocument();
  });

  it("gives another facility's 24-hour note and phone when a line was paid there", () => {
    const receipt = cardReceipt({
      accounts: [
        {
          paymentType: 'GL Payment',
          facilityId: '153',
          accountId: '80001',
          amount: 45.2,
          locationId: '153',
          description: '153-80001 | Maria Garcia',
        },
      ],
    });
    const scope = within(
      renderReceipt(receipt, {
        ...appConfig,
        supportPhones: { '107': '(801) 555-0107', '153': '(801) 555-0153' },
      }).dialog,
    );
    expect(
      scope.getByText(
        /Payments to Central Lab may take up to 24 hours to appear in your balance\./,
      ),
    ).toHaveTextContent('Questions about the Central Lab payment? Call (801) 555-0153.');
    expect(scope.queryByText(/Questions about this payment/)).not.toBeInTheDocument();
  });

  it('prints and closes', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const { dialog, onClose } = renderReceipt(cardReceipt());
    expect(dialog).toHaveClass('print-receipt');
    await user.click(within(dialog).getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });
});
