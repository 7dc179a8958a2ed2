import { expect, type Locator, type Page } from '@playwright/test';

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
  const dialog = page.getByRole('dialog', { name: 'Make a Payment' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Fills in the payment dialog's billing address with one in Utah that the form accepts. */
export async function fillBillingAddress(dialog: Locator): Promise<void> {
  await dialog.getByRole('textbox', { name: 'Address' }).fill('12 Canyon Rd');
  await dialog.getByRole('textbox', { name: 'City' }).fill('Salt Lake City');
  await dialog.getByRole('combobox', { name: 'State' }).selectOption('UT');
  await dialog.getByRole('textbox', { name: 'ZIP code' }).fill('84101');
}
