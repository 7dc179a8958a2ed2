import type { Locator, Page } from '@playwright/test';
import { addDays, dayIn } from '@webpay/contracts/dates';
import { formatDateIn } from '@webpay/contracts/language';
import { changeDeadline } from '@webpay/contracts/payment-plans';
import { SANDBOX_TEST_CARDS } from '@webpay/server/testkit/instruments';
import { test, expect, maria, DEMO_GUARANTORS } from '../support/fixtures.ts';
import { setUpPlan, typeCard } from '../support/autopay-setup.ts';
import type { Mailbox, ReceivedMail } from '../support/mailbox.ts';
import {
  fillBillingAddress,
  fillBillingDetails,
  openCustomPayment,
} from '../support/payment-dialog.ts';
import { DEMO_STAFF } from '@webpay/server/testkit/demo-staff';
import { signInToOffice } from '../support/office.ts';
import { openGuarantorBySearch } from '../support/office-fixtures.ts';
import { webpayCommand } from '../support/webpay-command.ts';

/*
 * Recurring payments (issue #25) as Maria lives them: she saves a card while
 * paying and adds one that will decline later, puts two accounts on payment
 * plans with autopay, and the billing office's `webpay autopay --today`
 * moves time: notices first, then one charge per instalment however often
 * and however many times at once the command runs, a decline e-mailed,
 * retried and left overdue, and autopay turned off both too late to stop
 * the next charge and in time. Runs on the PostgreSQL server only, after
 * the other specs there (playwright.config.ts).
 */

test.describe.configure({ mode: 'serial' });

const TIME_ZONE = 'America/Denver';
/** The e2e servers' AUTOPAY_CHANGE_BUSINESS_DAYS (support/start-server.ts). */
const CHANGE_BUSINESS_DAYS = 10;
const email = DEMO_GUARANTORS.maria.email;

const today = dayIn(TIME_ZONE);

/** The first day from `from` days ahead whose day of the month a plan may use (1–28). */
function planDay(from: number): string {
  for (let ahead = from; ahead < from + 5; ahead += 1) {
    const day = addDays(today, ahead);
    if (Number(day.slice(8)) <= 28) return day;
  }
  throw new Error('no plan day found');
}

/** Plan 1's first instalment: inside its change window already, so it cannot be stopped. */
const firstDue = planDay(8);
/** Plan 2's first instalment: weeks away. */
const secondDue = planDay(24);

const plans: { first?: string; second?: string } = {};

async function autopay(baseURL: string | undefined, day: string): Promise<string> {
  const { stdout, stderr } = await webpayCommand(baseURL ?? '', ['autopay', '--today', day]);
  return `${stdout}\n${stderr}`;
}

async function signIn(page: Page, signInWithPin: (who: typeof maria) => Promise<void>) {
  await signInWithPin(maria);
  await expect(page).toHaveURL(/\/webpay\/dashboard$/);
}

async function mailAbout(mailbox: Mailbox, words: RegExp): Promise<ReceivedMail> {
  const mail = await mailbox.next(email);
  expect(`${mail.subject}\n${mail.text}`).toMatch(words);
  return mail;
}

function planPanel(page: Page, planNumber: string): Locator {
  return page.getByRole('region', { name: new RegExp(`Plan ${planNumber}`) });
}

async function turnOffAutopay(page: Page, planNumber: string): Promise<Locator> {
  await page.goto('/webpay/payment-methods');
  const panel = planPanel(page, planNumber);
  await panel.getByRole('switch', { name: 'Autopay' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Turn off autopay?' });
  await confirm.getByRole('button', { name: 'Turn off autopay' }).click();
  await expect(panel.getByText('Autopay is off.')).toBeVisible();
  return panel;
}

test('Maria saves a card while paying and adds one that declines later', async ({
  page,
  signInWithPin,
}) => {
  await signIn(page, signInWithPin);
  const dialog = await openCustomPayment(page, '1');
  await fillBillingDetails(dialog);
  await dialog.getByRole('checkbox', { name: 'Save this card for future payments' }).check();
  await expect(dialog).toContainText('to store this card');
  await dialog.getByRole('button', { name: 'Pay $1.00' }).click();
  await typeCard(page, SANDBOX_TEST_CARDS.visa.number, /^Pay \$/);
  const receipt = page.getByRole('dialog', { name: 'Payment Receipt' });
  await expect(receipt).toContainText('9990');
  await receipt.getByRole('button', { name: 'Close' }).first().click();

  await page.getByRole('link', { name: 'Payment Methods' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Methods' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /VISA •••• 9990\s*Default/ })).toBeVisible();

  await page.getByRole('button', { name: 'Add a card' }).click();
  const add = page.getByRole('dialog', { name: 'Add a card' });
  await fillBillingAddress(add);
  await add.getByRole('checkbox', { name: 'I accept these terms' }).check();
  await add.getByRole('button', { name: 'Continue to the card window' }).click();
  await typeCard(page, SANDBOX_TEST_CARDS.declinesLater.number, /^Save card/);
  await expect(page.getByText('VISA •••• 0341 was saved.')).toBeVisible();
  await expect(page.getByRole('heading', { name: /VISA •••• 0341/ })).toBeVisible();
});

test('two plans with autopay; the notice comes first and each instalment is charged once', async ({
  page,
  signInWithPin,
  mailbox,
  baseURL,
}) => {
  // Many steps, each a command or a page: more than the default allowance on a busy machine.
  test.setTimeout(120_000);
  await signIn(page, signInWithPin);
  plans.first = await setUpPlan(page, '107-40010002', '52.00', firstDue, '9990');
  const copy = await mailAbout(mailbox, new RegExp(plans.first));
  expect(copy.text).toContain('6 monthly payments of $52.00');
  plans.second = await setUpPlan(page, '107-40010001', '250.00', secondDue, '0341');
  await mailAbout(mailbox, new RegExp(plans.second));

  await page.goto('/webpay/dashboard');
  await expect(page.getByText(`${plans.first}-1`)).toBeVisible();
  await expect(page.getByText(`${plans.second}-1`)).toBeVisible();

  // Three days ahead: the notice, and no charge.
  await autopay(baseURL, addDays(firstDue, -3));
  const notice = await mailAbout(mailbox, /\$52\.00/);
  expect(notice.text).toContain(formatDateIn('en', firstDue));
  expect(await mailbox.nothingFor(email)).toBe(true);

  // Too late to stop it: autopay goes off, the charge still runs.
  expect(changeDeadline(firstDue, CHANGE_BUSINESS_DAYS) < today).toBe(true);
  const panel = await turnOffAutopay(page, plans.first);
  await expect(panel).toContainText(
    `A charge of $52.00 on ${formatDateIn('en', firstDue)} is too close to stop and will still run.`,
  );

  // The due day, twice in a row and twice at once: one charge, one receipt.
  await autopay(baseURL, firstDue);
  await autopay(baseURL, firstDue);
  await Promise.all([autopay(baseURL, firstDue), autopay(baseURL, firstDue)]);
  const receipt = await mailAbout(mailbox, /\$52\.00/);
  expect(receipt.text).toMatch(/WP-[A-Z0-9]{8}/);
  await expect.poll(() => mailbox.nothingFor(email), { timeout: 3_000 }).toBe(true);
});

test('a card that declines later: e-mailed, retried once, then overdue', async ({
  page,
  signInWithPin,
  mailbox,
  baseURL,
}) => {
  // Many steps, each a command or a page: more than the default allowance on a busy machine.
  test.setTimeout(120_000);
  const plan = plans.second ?? '';
  await autopay(baseURL, addDays(secondDue, -3));
  await mailAbout(mailbox, /\$250\.00/);
  await autopay(baseURL, secondDue);
  const declined = await mailAbout(mailbox, /declined/i);
  expect(declined.text).toContain(formatDateIn('en', addDays(secondDue, 3)));
  await autopay(baseURL, addDays(secondDue, 3));
  await mailAbout(mailbox, /overdue/i);

  await signIn(page, signInWithPin);
  const row = page.getByRole('row').filter({ hasText: `${plan}-1` });
  await expect(row.getByText('Overdue', { exact: true })).toBeVisible();

  // In time: autopay goes off and the next instalment is not charged.
  expect(changeDeadline(addDays(secondDue, 31), CHANGE_BUSINESS_DAYS) >= today).toBe(true);
  const panel = await turnOffAutopay(page, plan);
  await expect(panel).not.toContainText('too close to stop');
  await autopay(baseURL, addDays(secondDue, 28));
  await autopay(baseURL, addDays(secondDue, 31));
  expect(await mailbox.nothingFor(email)).toBe(true);
});

test('autopay on statements, and a method in use removed only with its replacement', async ({
  page,
  signInWithPin,
}) => {
  await signIn(page, signInWithPin);
  await page.getByRole('link', { name: 'Payment Methods' }).first().click();
  const statements = page.getByRole('region', { name: 'Autopay on statements' });
  await statements.getByRole('switch', { name: 'Autopay' }).click();
  const methods = statements.getByRole('combobox', { name: 'Payment method' });
  const visa = await methods.locator('option', { hasText: '9990' }).textContent();
  await methods.selectOption({ label: visa?.trim() ?? '' });
  await statements.getByRole('textbox', { name: 'Most to charge a statement' }).fill('500');
  await expect(statements).toContainText('up to $500.00 a statement');
  await statements
    .getByRole('checkbox', { name: 'I have read and accept this authorization' })
    .check();
  await statements.getByRole('button', { name: 'Turn on autopay' }).click();
  await expect(statements.getByRole('switch', { name: 'Autopay' })).toBeChecked();

  const visaItem = page.getByRole('listitem').filter({ hasText: 'Autopay on statements' });
  await expect(visaItem.getByRole('heading', { name: /VISA •••• 9990/ })).toBeVisible();
  await visaItem.getByRole('button', { name: 'Remove VISA •••• 9990' }).click();
  const remove = page.getByRole('dialog', { name: 'Remove VISA •••• 9990?' });
  await remove.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(remove.getByRole('alert')).toContainText('It is in use.');
  await remove.getByRole('radio', { name: /0341/ }).check();
  await remove.getByRole('button', { name: 'Move and remove' }).click();
  await expect(page.getByText('VISA •••• 9990 was removed.')).toBeVisible();
  const moved = page.getByRole('listitem').filter({ hasText: 'Autopay on statements' });
  await expect(moved.getByRole('heading', { name: /VISA •••• 0341/ })).toBeVisible();
});

test('the billing office reads the authorizations and stops autopay with a reason', async ({
  page,
  signInWithPin,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInToOffice(page, DEMO_STAFF.agent);
  await openGuarantorBySearch(page, maria.accountNumber, maria.accountNumber);
  const recurring = page.getByRole('region', { name: 'Recurring payments' });
  await expect(recurring.getByRole('table', { name: 'Saved payment methods' })).toContainText(
    'Visa card ending in 0341',
  );
  const authorizations = recurring.getByRole('list', { name: 'Authorizations' });
  await expect(authorizations).toContainText('6 monthly payments of $52.00');
  await expect(authorizations).toContainText('up to $500.00 a statement');
  await expect(recurring.getByRole('table', { name: 'Autopay history' })).toContainText('$52.00');

  await recurring.getByRole('button', { name: 'Cancel autopay on statements' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel autopay on statements' });
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Patient asked by phone');
  await dialog.getByRole('button', { name: 'Cancel autopay' }).click();
  await expect(recurring).toContainText('Autopay on statements is off.');

  await signIn(page, signInWithPin);
  await page.getByRole('link', { name: 'Payment Methods' }).first().click();
  await expect(
    page
      .getByRole('region', { name: 'Autopay on statements' })
      .getByRole('switch', { name: 'Autopay' }),
  ).not.toBeChecked();
});
