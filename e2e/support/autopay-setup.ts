import { expect, type Page } from '@playwright/test';
import { formatDateIn } from '@webpay/contracts/language';
import { SANDBOX_CARD_DETAILS } from '@webpay/server/testkit/instruments';
import { fillBillingAddress } from './payment-dialog.ts';

/*
 * What a guarantor does in the portal before autopay can charge anything:
 * a card saved through the processor's card window, and a payment plan with
 * autopay on. Shared by the specs that then move time with `webpay autopay`.
 */

function cardWindow(page: Page) {
  return page.frameLocator('iframe[title="Card payment"]');
}

/** Types a sandbox card into the processor's card window and presses its button. */
export async function typeCard(page: Page, number: string, submit: RegExp) {
  const frame = cardWindow(page);
  await frame.getByLabel('Card number').fill(number);
  await frame.getByLabel('Expiry date (MM/YY)').fill(SANDBOX_CARD_DETAILS.expiry);
  await frame.getByLabel('Security code (CVV)').fill(SANDBOX_CARD_DETAILS.cvv);
  await frame.getByRole('button', { name: submit }).click();
}

/** Saves a card from the Payment Methods page; answers the last four digits shown. */
export async function addCard(page: Page, number: string): Promise<string> {
  const last4 = number.slice(-4);
  await page.getByRole('button', { name: 'Add a card' }).click();
  const add = page.getByRole('dialog', { name: 'Add a card' });
  await fillBillingAddress(add);
  await add.getByRole('checkbox', { name: 'I accept these terms' }).check();
  await add.getByRole('button', { name: 'Continue to the card window' }).click();
  await typeCard(page, number, /^Save card/);
  await expect(page.getByText(new RegExp(`•••• ${last4} was saved\\.`))).toBeVisible();
  return last4;
}

/**
 * Puts `account` alone on a new plan of `monthly` a month, its first
 * instalment on `due`, with autopay on the saved card ending in `cardLast4`;
 * answers the plan's number.
 */
export async function setUpPlan(
  page: Page,
  account: string,
  monthly: string,
  due: string,
  cardLast4: string,
): Promise<string> {
  await page.goto('/webpay/dashboard');
  await page.getByRole('link', { name: 'Set up a payment plan' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Set up a payment plan' }),
  ).toBeVisible();
  // The accounts arrive after the heading: wait for ours before reading the list.
  await expect(page.getByRole('checkbox', { name: new RegExp(account) })).toBeVisible();
  for (const box of await page.getByRole('checkbox').all()) {
    const name = (await box.getAttribute('aria-label')) ?? (await box.textContent()) ?? '';
    const label = await box.evaluate((element) => element.closest('label')?.textContent ?? '');
    await box.setChecked(`${name} ${label}`.includes(account));
  }
  await page.getByRole('textbox', { name: 'Monthly amount' }).fill(monthly);
  await page
    .getByRole('combobox', { name: 'Day of the month' })
    .selectOption(String(Number(due.slice(8))));
  await page.getByRole('switch', { name: 'Autopay' }).click();
  const methods = page.getByRole('combobox', { name: 'Payment method' });
  const label = await methods.locator('option', { hasText: cardLast4 }).textContent();
  await methods.selectOption({ label: label?.trim() ?? cardLast4 });
  await expect(page.locator('[role="status"][id$="-schedule"]')).toContainText(
    formatDateIn('en', due),
  );
  await page.getByRole('button', { name: 'Review the plan' }).click();
  await expect(page.getByRole('heading', { name: 'Review your payment plan' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'I have read and accept this authorization' }).check();
  await page.getByRole('button', { name: 'Agree and create plan' }).click();
  await expect(page.getByRole('heading', { name: 'Your payment plan is set up' })).toBeVisible();
  const number = /Plan number: (PP-[A-Z0-9]{8})/.exec(
    (await page.locator('main').textContent()) ?? '',
  );
  expect(number).not.toBeNull();
  return number?.[1] ?? '';
}
