import { expect, type Locator, type Page } from '@playwright/test';
import { DASHBOARD_LABELS } from '@webpay/contracts/messages';

export function paymentDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Make a Payment' });
}

/** Custom Pay Now on the main tab, with the amount typed as a guarantor would ("5", "2.50"). */
export async function openCustomPayment(page: Page, amount: string): Promise<Locator> {
  const custom = page.getByRole('region', { name: DASHBOARD_LABELS.specifyAmount });
  await custom.getByRole('textbox', { name: 'Custom payment amount' }).fill(amount);
  await custom.getByRole('button', { name: DASHBOARD_LABELS.payNow }).click();
  return paymentDialog(page);
}

/** A Salt Lake City billing address; by default no receipt e-mail, so no mail is sent. */
export async function fillBillingDetails(
  dialog: Locator,
  options: { receipt?: 'none' | 'account' } = {},
): Promise<void> {
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Address' }).fill('12 Canyon Rd');
  await dialog.getByRole('textbox', { name: 'City' }).fill('Salt Lake City');
  await dialog.getByRole('combobox', { name: 'State' }).selectOption('UT');
  await dialog.getByRole('textbox', { name: 'ZIP code' }).fill('84101');
  if ((options.receipt ?? 'none') === 'none') {
    await dialog.getByRole('radio', { name: 'Do not email a receipt' }).check();
  }
}
