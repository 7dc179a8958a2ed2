import type { Locator, Page } from '@playwright/test';
import { BILLING_MESSAGES, ECHECK_MESSAGES } from '@webpay/contracts/billing';
import { dayIn } from '@webpay/contracts/dates';
import { ECHECK_AUTHORIZATION_MESSAGES } from '@webpay/contracts/echeck-authorization';
import { formatDateIn, type Language } from '@webpay/contracts/language';
import { DASHBOARD_LABELS } from '@webpay/contracts/messages';
import { PAYMENT_MESSAGES } from '@webpay/contracts/payments';
import {
  SANDBOX_BANK_ACCOUNTS,
  SANDBOX_CARD_DETAILS,
  SANDBOX_TEST_CARDS,
  type SandboxTestCard,
} from '@webpay/server/testkit/instruments';
import {
  test,
  expect,
  ANY_DB,
  maria,
  DEMO_GUARANTORS,
  type DemoSignIn,
} from '../support/fixtures.ts';
import { fillBillingDetails, paymentDialog } from '../support/payment-dialog.ts';

/*
 * Payments add pending payments to the accounts they pay, so each test pays
 * accounts no other browser test counts pending payments on: Robert's large
 * account, and Maria's 107-40010002 and other-facility bills.
 */

const robert = DEMO_GUARANTORS.robert;

function receiptDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Payment Receipt' });
}

function cardWindow(page: Page) {
  return page.frameLocator('iframe[title="Card payment"]');
}

/** The nth payment field of Robert's main table that can take an amount (rows with a zero balance cannot). */
function encounterField(page: Page, index: number): Locator {
  return page
    .getByRole('table', { name: DASHBOARD_LABELS.pendingEncounters })
    .getByRole('textbox')
    .and(page.locator(':enabled'))
    .nth(index);
}

function bar(page: Page, tab = 'Hospitals & Clinics'): Locator {
  return page.getByRole('region', { name: `Payment for ${tab}` });
}

async function fillBilling(page: Page, options: { receipt?: 'none' | 'account' } = {}) {
  await fillBillingDetails(paymentDialog(page), options);
}

/** Pays in the sandbox lightbox with a test card. */
async function payInCardWindow(page: Page, card: SandboxTestCard) {
  const frame = cardWindow(page);
  await frame.getByLabel('Card number').fill(card.number);
  await frame.getByLabel('Expiry date (MM/YY)').fill(SANDBOX_CARD_DETAILS.expiry);
  await frame
    .getByLabel('Security code (CVV)')
    .fill(card.brand === 'AMEX' ? SANDBOX_CARD_DETAILS.amexCvv : SANDBOX_CARD_DETAILS.cvv);
  await frame.getByRole('button', { name: /^Pay \$/ }).click();
}

async function payByCard(page: Page, card: SandboxTestCard, amount: string) {
  await fillBilling(page);
  await paymentDialog(page)
    .getByRole('button', { name: `Pay ${amount}` })
    .click();
  await payInCardWindow(page, card);
}

async function signIn(
  page: Page,
  signInWithPin: (who: DemoSignIn) => Promise<void>,
  who: DemoSignIn = robert,
) {
  await signInWithPin(who);
  await expect(page).toHaveURL(/\/webpay\/dashboard$/);
}

test.describe('card payments through the sandbox lightbox', () => {
  test('selected encounters: approval, receipt, the pending payment appears at once', async ({
    page,
    signInWithPin,
  }) => {
    await signIn(page, signInWithPin);
    const field = encounterField(page, 3);
    const name = (await field.getAttribute('aria-label')) ?? '';
    const encounterNo = name.replace('Payment amount for ', '');
    await field.fill('12.34');
    await bar(page).getByRole('button', { name: 'Pay Now $12.34' }).click();
    await payByCard(page, SANDBOX_TEST_CARDS.visa, '$12.34');

    const receipt = receiptDialog(page);
    await expect(receipt).toContainText('$12.34');
    await expect(receipt).toContainText('9990');
    await expect(receipt).toContainText(PAYMENT_MESSAGES.postingTime);
    await expect(receipt).toContainText(encounterNo);
    await expect(paymentDialog(page)).toBeHidden();
    await receipt.getByRole('button', { name: 'Close' }).first().click();
    await expect(field).toHaveValue('');
    await expect(
      page.getByRole('button', { name: `$12.34 pending for ${encounterNo}` }),
    ).toBeVisible();
  });

  test('a plan, by Mastercard', async ({ page, signInWithPin }) => {
    await signIn(page, signInWithPin);
    const plans = page.getByRole('table', { name: DASHBOARD_LABELS.encountersInPaymentPlan });
    const field = plans.getByRole('textbox').first();
    await field.fill('5');
    await bar(page).getByRole('button', { name: 'Pay Now $5.00' }).click();
    await expect(paymentDialog(page)).toContainText('| Payment Plan');
    await payByCard(page, SANDBOX_TEST_CARDS.mastercard, '$5.00');
    await expect(receiptDialog(page)).toContainText('3330');
  });

  test('Pay Total, by Discover', async ({ page, signInWithPin }) => {
    await signIn(page, signInWithPin);
    const total = page.getByRole('region', {
      name: DASHBOARD_LABELS.totalOutstanding,
      exact: true,
    });
    const amount = (await total.getByText(/^\$[\d,]+\.\d\d$/).textContent()) ?? '';
    await total.getByRole('button', { name: DASHBOARD_LABELS.payTotal }).click();
    await expect(paymentDialog(page)).toContainText('Amount Due Payment');
    await payByCard(page, SANDBOX_TEST_CARDS.discover, amount);
    await expect(receiptDialog(page)).toContainText(amount);
  });

  test('a custom amount, by American Express', async ({ page, signInWithPin }) => {
    await signIn(page, signInWithPin);
    const custom = page.getByRole('region', { name: DASHBOARD_LABELS.specifyAmount });
    await custom.getByRole('textbox', { name: 'Custom payment amount' }).fill('25');
    await custom.getByRole('button', { name: DASHBOARD_LABELS.payNow }).click();
    await expect(paymentDialog(page)).toContainText('Custom Payment');
    await payByCard(page, SANDBOX_TEST_CARDS.amex, '$25.00');
    await expect(receiptDialog(page)).toContainText('$25.00');
  });

  test('another facility: Pay Total, with a receipt e-mailed to the account address', async ({
    page,
    signInWithPin,
    mailbox,
  }) => {
    await signIn(page, signInWithPin, maria);
    await page.getByRole('tab', { name: /Medical Equipment/ }).click();
    await page
      .getByRole('region', { name: DASHBOARD_LABELS.totalOutstanding, exact: true })
      .getByRole('button', { name: DASHBOARD_LABELS.payTotal })
      .click();
    await expect(paymentDialog(page)).toContainText('990-91001 | Maria Garcia');
    await fillBilling(page, { receipt: 'account' });
    await paymentDialog(page).getByRole('button', { name: 'Pay $220.00' }).click();
    await payInCardWindow(page, SANDBOX_TEST_CARDS.visa);
    const receipt = receiptDialog(page);
    await expect(receipt).toContainText('$220.00');
    await expect(receipt).toContainText('(801) 555-0990');

    const mail = await mailbox.next('maria.garcia@example.com');
    expect(mail.text).toContain('220.00');
    expect(mail.text).not.toContain(SANDBOX_TEST_CARDS.visa.number);
  });

  test(
    'a declined card is cancelled and explained; the form stays filled',
    ANY_DB,
    async ({ page, signInWithPin }) => {
      await signIn(page, signInWithPin);
      await encounterField(page, 5).fill('3');
      await bar(page).getByRole('button', { name: 'Pay Now $3.00' }).click();
      await payByCard(page, SANDBOX_TEST_CARDS.declined, '$3.00');
      const dialog = paymentDialog(page);
      await expect(dialog.getByRole('alert')).toContainText('Payment declined');
      await expect(dialog.getByRole('textbox', { name: 'Address' })).toHaveValue('12 Canyon Rd');
      await expect(receiptDialog(page)).toHaveCount(0);
    },
  );

  test(
    'a processor failure shows the error panel; cancelling the card window shows none',
    ANY_DB,
    async ({ page, signInWithPin }) => {
      await signIn(page, signInWithPin);
      await encounterField(page, 6).fill('4');
      await bar(page).getByRole('button', { name: 'Pay Now $4.00' }).click();
      await payByCard(page, SANDBOX_TEST_CARDS.processorError, '$4.00');
      const dialog = paymentDialog(page);
      await expect(dialog.getByRole('alert')).toBeVisible();
      await dialog.getByRole('button', { name: 'Technical details' }).click();
      await expect(dialog).toContainText('converge_error');
      await dialog.getByRole('button', { name: 'Dismiss' }).click();

      await dialog.getByRole('button', { name: 'Pay $4.00' }).click();
      await cardWindow(page).getByRole('button', { name: 'Cancel' }).click();
      await expect(page.locator('iframe[title="Card payment"]')).toHaveCount(0);
      await expect(dialog.getByRole('alert')).toHaveCount(0);
      await expect(dialog.getByRole('button', { name: 'Pay $4.00' })).toBeEnabled();
    },
  );

  test(
    'Escape in the card window cancels only the card window; while completing it closes nothing',
    ANY_DB,
    async ({ page, signInWithPin }) => {
      await signIn(page, signInWithPin);
      await encounterField(page, 7).fill('1');
      await bar(page).getByRole('button', { name: 'Pay Now $1.00' }).click();
      await fillBilling(page);
      const dialog = paymentDialog(page);
      await dialog.getByRole('button', { name: 'Pay $1.00' }).click();
      await cardWindow(page).getByLabel('Card number').press('Escape');
      await expect(page.locator('iframe[title="Card payment"]')).toHaveCount(0);
      await expect(dialog.getByRole('button', { name: 'Pay $1.00' })).toBeEnabled();
      await expect(dialog.getByRole('textbox', { name: 'Address' })).toHaveValue('12 Canyon Rd');

      // Hold the completion call so the dialog stays in its completing phase.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/rcm-webpay-service/payments/*/card', async (route) => {
        await held;
        await route.continue();
      });
      await dialog.getByRole('button', { name: 'Pay $1.00' }).click();
      await payInCardWindow(page, SANDBOX_TEST_CARDS.visa);
      await expect(dialog.getByText('Completing your payment…')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog.getByRole('button', { name: 'Close' })).toHaveCount(0);
      await expect(dialog).toBeVisible();
      release();
      await expect(receiptDialog(page)).toContainText('$1.00');
    },
  );
});

/** The eCheck form's authorization box, and the box that accepts it. */
function authorization(page: Page) {
  const group = paymentDialog(page).getByRole('group', { name: 'eCheck authorization' });
  return {
    group,
    accept: group.getByRole('checkbox', { name: 'I have read and accept this authorization' }),
  };
}

/** Today at the hospital (the demo's America/Denver), as an authorization dates its debit. */
const hospitalToday = (language: Language = 'en') =>
  formatDateIn(language, dayIn('America/Denver'));

test.describe('eCheck payments', () => {
  test('billing and eCheck messages, the authorization accepted, then an approval with a masked account on the receipt', async ({
    page,
    signInWithPin,
    mailbox,
  }) => {
    await signIn(page, signInWithPin, maria);
    await page.getByRole('textbox', { name: 'Payment amount for 107-40010002' }).fill('10');
    await bar(page).getByRole('button', { name: 'Pay Now $10.00' }).click();
    const dialog = paymentDialog(page);
    await dialog.getByRole('radio', { name: 'eCheck' }).check();
    await dialog.getByRole('button', { name: 'Pay $10.00' }).click();
    await expect(dialog.getByText(BILLING_MESSAGES.formInvalid)).toBeVisible();
    await expect(dialog.getByText(BILLING_MESSAGES.addressRequired)).toBeVisible();
    await expect(dialog.getByText(ECHECK_AUTHORIZATION_MESSAGES.required)).toBeVisible();
    await dialog.getByRole('textbox', { name: 'ZIP code' }).fill('841');
    await expect(dialog.getByText(BILLING_MESSAGES.zipFormat)).toBeVisible();

    await fillBilling(page);
    await dialog.getByRole('radio', { name: 'Email it to a different email' }).check();
    await dialog
      .getByRole('textbox', { name: 'Email address for the receipt' })
      .fill('echeck.receipt@example.com');
    const routing = dialog.getByRole('textbox', { name: 'Routing number' });
    await routing.fill('490000019');
    await routing.blur();
    await expect(dialog.getByText(ECHECK_MESSAGES.routingInvalid)).toBeVisible();
    await routing.fill(SANDBOX_BANK_ACCOUNTS.approved.routingNumber);
    await dialog
      .getByRole('textbox', { name: 'Account number' })
      .fill(SANDBOX_BANK_ACCOUNTS.approved.accountNumber);

    // The terms as the guarantor reads them, from the demo's provider, Maria's billing office phone and e-mail.
    const { group, accept } = authorization(page);
    const text = `I authorize Wasatch Valley Health to make a one-time electronic debit (ACH) of $10.00 from my checking account ending in 6789 on ${hospitalToday()}. This authorization covers this payment only. For questions about it, I can contact the billing office at (801) 555-0142 or billing@wasatchvalleyhealth.example.`;
    await expect(group.getByText(text)).toBeVisible();
    await dialog.getByRole('button', { name: 'Pay $10.00' }).click();
    await expect(accept).toBeFocused();
    await expect(accept).toHaveAttribute('aria-invalid', 'true');
    await expect(receiptDialog(page)).toHaveCount(0);
    await accept.check();
    await expect(dialog.getByText(ECHECK_AUTHORIZATION_MESSAGES.required)).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Pay $10.00' }).click();

    const receipt = receiptDialog(page);
    await expect(receipt).toContainText('6789');
    await expect(receipt).not.toContainText(SANDBOX_BANK_ACCOUNTS.approved.accountNumber);
    await expect(receipt).toContainText('$10.00');
    const accepted = receipt.getByText(text);
    await expect(accepted).toBeVisible();
    await expect(accepted).toHaveAttribute('lang', 'en');
    await page.emulateMedia({ media: 'print' });
    await expect(accepted).toBeVisible();
    await page.emulateMedia({ media: 'screen' });

    const mail = await mailbox.next('echeck.receipt@example.com');
    expect(mail.text.replace(/\s+/g, ' ')).toContain(text);
    expect(mail.text).not.toContain(SANDBOX_BANK_ACCOUNTS.approved.accountNumber);
  });

  test('in Spanish, the authorization is worded, accepted and kept in Spanish', async ({
    page,
    signInWithPin,
  }) => {
    await signIn(page, signInWithPin, maria);
    await page.getByRole('button', { name: 'Español' }).click();
    await page.getByRole('textbox', { name: 'Monto del pago de 107-40010002' }).fill('1');
    await page
      .getByRole('region', { name: /^Pago a / })
      .getByRole('button', { name: 'Pagar ahora $1.00' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Hacer un pago' });
    await dialog.getByRole('textbox', { name: 'Dirección' }).fill('12 Canyon Rd');
    await dialog.getByRole('textbox', { name: 'Ciudad' }).fill('Salt Lake City');
    await dialog.getByRole('combobox', { name: 'Estado' }).selectOption('UT');
    await dialog.getByRole('textbox', { name: 'Código postal' }).fill('84101');
    await dialog.getByRole('radio', { name: 'No enviar el recibo por correo electrónico' }).check();
    await dialog.getByRole('radio', { name: 'Cheque electrónico' }).check();
    await dialog
      .getByRole('textbox', { name: 'Número de ruta bancaria' })
      .fill(SANDBOX_BANK_ACCOUNTS.approved.routingNumber);
    await dialog
      .getByRole('textbox', { name: 'Número de cuenta' })
      .fill(SANDBOX_BANK_ACCOUNTS.approved.accountNumber);
    const text = `Autorizo a Wasatch Valley Health a realizar un único débito electrónico (ACH) de $1.00 de mi cuenta de cheques terminada en 6789 el ${hospitalToday('es')}.`;
    const group = dialog.getByRole('group', { name: 'Autorización del cheque electrónico' });
    await expect(group).toContainText(text);
    await group.getByRole('checkbox', { name: 'He leído y acepto esta autorización' }).check();
    await dialog.getByRole('button', { name: 'Pagar $1.00' }).click();

    const receipt = page.getByRole('dialog', { name: 'Recibo de pago' });
    await expect(
      receipt.getByRole('heading', { name: 'Autorización del cheque electrónico aceptada' }),
    ).toBeVisible();
    await expect(receipt.getByText(text, { exact: false })).toHaveAttribute('lang', 'es');
  });

  test(
    'a declined bank account is explained and nothing is recorded',
    ANY_DB,
    async ({ page, signInWithPin }) => {
      await signIn(page, signInWithPin, maria);
      await page.getByRole('tab', { name: /Central Lab/ }).click();
      await page.getByRole('textbox', { name: 'Payment amount for 153-80002' }).fill('2');
      await bar(page, 'Central Lab').getByRole('button', { name: 'Pay Now $2.00' }).click();
      const dialog = paymentDialog(page);
      await fillBilling(page);
      await dialog.getByRole('radio', { name: 'eCheck' }).check();
      await dialog
        .getByRole('textbox', { name: 'Routing number' })
        .fill(SANDBOX_BANK_ACCOUNTS.declined.routingNumber);
      await dialog
        .getByRole('textbox', { name: 'Account number' })
        .fill(SANDBOX_BANK_ACCOUNTS.declined.accountNumber);
      await authorization(page).accept.check();
      await dialog.getByRole('button', { name: 'Pay $2.00' }).click();
      await expect(dialog.getByRole('alert')).toBeVisible();
      await expect(receiptDialog(page)).toHaveCount(0);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByRole('button', { name: / pending for 153-80002$/ })).toHaveCount(0);
    },
  );
});

test.describe('receipts and sessions', () => {
  test('the print view shows only the receipt', ANY_DB, async ({ page, signInWithPin }) => {
    await signIn(page, signInWithPin);
    await encounterField(page, 8).fill('2');
    await bar(page).getByRole('button', { name: 'Pay Now $2.00' }).click();
    await payByCard(page, SANDBOX_TEST_CARDS.visa, '$2.00');
    await expect(receiptDialog(page)).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeHidden();
    await expect(receiptDialog(page).getByText(PAYMENT_MESSAGES.postingTime)).toBeVisible();
    // Printed as a plain page: from the left edge, not still shifted to centre a dialog.
    const box = await receiptDialog(page).boundingBox();
    expect(box?.x).toBe(0);
    expect(box?.y).toBe(0);
  });

  test(
    'a 401 when starting a payment goes to sign-in after 5 seconds',
    ANY_DB,
    async ({ page, signInWithPin }) => {
      await signIn(page, signInWithPin, maria);
      await page.route('**/api/v1/services/rcm-webpay-service/payments/init', (route) =>
        route.fulfill({
          status: 401,
          contentType: 'application/json',
          body: JSON.stringify({
            title: 'Session expired',
            status: 401,
            code: 'ERR1002',
            details: ['Your session has expired. Please log in again.'],
          }),
        }),
      );
      await page.getByRole('textbox', { name: 'Payment amount for 107-40010002' }).fill('1');
      await bar(page).getByRole('button', { name: 'Pay Now $1.00' }).click();
      await payByCardStart(page);
      await expect(page).toHaveURL(/\/webpay\/login\/pin\?next=%2Fdashboard$/, { timeout: 10_000 });
    },
  );
});

async function payByCardStart(page: Page) {
  await fillBilling(page);
  await paymentDialog(page).getByRole('button', { name: 'Pay $1.00' }).click();
}
