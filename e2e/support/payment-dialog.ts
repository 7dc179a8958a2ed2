import { expect, type Locator, type Page } from '@playwright/test';
import { DASHBOARD_LABELS } from '@webpay/contracts/messages';

export function paymentDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Make a Payment' });
}

/**
 * Maria's dashboard: $1.00 toward encounter 107-40010002, and the payment
 * dialog that Pay Now opens for it. No test counts pending payments there.
 */
export async function openPaymentDialog(page: Page): Promise<Locator> {
  await page.getByRole('textbox', { name: 'Payment amount for 107-40010002' }).fill('1');
  await page
    .getByRole('region', { name: 'Payment for Hospitals & Clinics' })
    .getByRole('button', { name: 'Pay Now $1.00' })
    .click();
  const dialog = paymentDialog(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Custom Pay Now on the main tab, with the amount typed as a guarantor would ("5", "2.50"). */
export async function openCustomPayment(page: Page, amount: string): Promise<Locator> {
  const custom = page.getByRole('region', { name: DASHBOARD_LABELS.specifyAmount });
  await custom.getByRole('textbox', { name: 'Custom payment amount' }).fill(amount);
  await custom.getByRole('button', { name: DASHBOARD_LABELS.payNow }).click();
  return paymentDialog(page);
}

/** Fills in the payment dialog's billing address with one in Utah that the form accepts. */
export async function fillBillingAddress(dialog: Locator): Promise<void> {
  await dialog.getByRole('textbox', { name: 'Address' }).fill('12 Canyon Rd');
  await dialog.getByRole('textbox', { name: 'City' }).fill('Salt Lake City');
  await dialog.getByRole('combobox', { name: 'State' }).selectOption('UT');
  await dialog.getByRole('textbox', { name: 'ZIP code' }).fill('84101');
}

/** The Utah billing address; by default no receipt e-mail, so no mail is sent. */
export async function fillBillingDetails(
  dialog: Locator,
  options: { receipt?: 'none' | 'account' } = {},
): Promise<void> {
  await expect(dialog).toBeVisible();
  await fillBillingAddress(dialog);
  if ((options.receipt ?? 'none') === 'none') {
    await dialog.getByRole('radio', { name: 'Do not email a receipt' }).check();
  }
}
