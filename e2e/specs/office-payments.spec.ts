import type { Page } from '@playwright/test';
import { OFFICE_API_PATHS, officeHomeSchema } from '@webpay/contracts/office';
import {
  PAYMENT_DESK_PATHS,
  deskPaymentSchema,
  moneyReportSchema,
  paymentSearchResultSchema,
  type MoneyFigures,
} from '@webpay/contracts/payment-desk';
import {
  mariaPaysByCard,
  mariaPaysByECheck,
  settleProcessorBatch,
  voidAtProcessor,
} from '../support/desk.ts';
import { maria } from '../support/fixtures.ts';
import { OFFICE } from '../support/office.ts';
import { test, expect, type OfficeFixtures } from '../support/office-fixtures.ts';

/*
 * The payment desk (issue #24) as the billing office uses it: Maria pays
 * through the portal's API, staff find the payment in the console and void
 * or refund it, a second supervisor approves what is above the threshold,
 * a void made in the processor's own screens is found, and the money report
 * moves by exactly what happened here. The spec runs on its own after every
 * other (playwright.config.ts), so the report's figures for today change
 * only by these payments.
 */

const DESKTOP = { width: 1280, height: 900 } as const;
type Officer = OfficeFixtures['officeRequest'];

/** What this spec paid and gave back, in cents, for the report's last check. */
const moved = { paymentsCents: 0, refundsCents: 0 };
let reportBefore: MoneyFigures | undefined;

async function todayOf(officeRequest: Officer): Promise<string> {
  const { body } = await officeRequest('viewer', 'GET', OFFICE_API_PATHS.home);
  return officeHomeSchema.parse(body).today;
}

async function todaysFigures(officeRequest: Officer): Promise<MoneyFigures> {
  const today = await todayOf(officeRequest);
  const { status, body } = await officeRequest(
    'viewer',
    'GET',
    `${PAYMENT_DESK_PATHS.moneyReport}?from=${today}&to=${today}`,
  );
  expect(status).toBe(200);
  return moneyReportSchema.parse(body).totals;
}

async function paymentIdOf(officeRequest: Officer, receiptId: string): Promise<string> {
  const { body } = await officeRequest(
    'viewer',
    'GET',
    `${PAYMENT_DESK_PATHS.search}?receipt=${encodeURIComponent(receiptId)}`,
  );
  const [hit] = paymentSearchResultSchema.parse(body).hits;
  if (!hit) throw new Error(`no payment with receipt ${receiptId}`);
  return hit.paymentId;
}

/** "Find a payment" by its receipt number, then its page from the results. */
async function findPayment(page: Page, receiptId: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: /^Payments/ })
    .click();
  await page.getByLabel('Find a payment').fill(receiptId);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('table', { name: 'Results' }).getByRole('link', { name: receiptId }).click();
  await expect(page.getByRole('heading', { name: `Payment ${receiptId}`, level: 1 })).toBeVisible();
}

function summary(page: Page) {
  return page.getByRole('region', { name: 'Summary' });
}

async function refund(page: Page, amount: string | undefined, reason: string): Promise<void> {
  await page
    .getByRole('group', { name: 'Payment actions' })
    .getByRole('button', { name: 'Refund' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Refund this payment' });
  if (amount !== undefined) await dialog.getByLabel('Amount').fill(amount);
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(dialog).toBeHidden();
}

test.describe('billing office: payment desk', OFFICE, () => {
  test.describe.configure({ mode: 'serial' });

  test("an agent voids an eCheck payment made today, and Maria's Payments page says Voided", async ({
    page,
    baseURL,
    openOfficeAs,
    officeRequest,
    signInWithPin,
  }) => {
    reportBefore = await todaysFigures(officeRequest);
    const receiptId = await mariaPaysByECheck(baseURL ?? '', 12.34);
    moved.paymentsCents += 1234;

    await page.setViewportSize(DESKTOP);
    await openOfficeAs('agent');
    await findPayment(page, receiptId);
    await expect(summary(page)).toContainText('Paid');
    await page
      .getByRole('group', { name: 'Payment actions' })
      .getByRole('button', { name: 'Void' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Void this payment' });
    await dialog.getByLabel('Reason').fill('Paid twice by mistake');
    await dialog.getByRole('button', { name: 'Void $12.34' }).click();
    await expect(dialog).toBeHidden();
    await expect(summary(page)).toContainText('Voided');
    moved.refundsCents += 1234;

    await signInWithPin(maria);
    await expect(page).toHaveURL(/\/webpay\/dashboard$/);
    await page.goto('/webpay/payments');
    const row = page
      .getByRole('table', { name: 'Payments' })
      .getByRole('row')
      .filter({ hasText: receiptId });
    await expect(row).toContainText('Voided');
    await expect(row).toContainText('$12.34');
  });

  test('a supervisor refunds part of a settled card payment, and the rest later (axe)', async ({
    page,
    baseURL,
    openOfficeAs,
    officeRequest,
    axeInEveryLook,
  }) => {
    const receiptId = await mariaPaysByCard(baseURL ?? '', 40);
    moved.paymentsCents += 4000;
    await settleProcessorBatch(baseURL ?? '');

    await page.setViewportSize(DESKTOP);
    await openOfficeAs('supervisor');
    await findPayment(page, receiptId);
    // Settled: a void is no longer possible, and the page says why.
    await expect(
      page.getByRole('group', { name: 'Payment actions' }).getByRole('button', { name: 'Void' }),
    ).toBeDisabled();
    await refund(page, '15.00', 'Charged for a cancelled visit');
    await expect(summary(page)).toContainText('Partially refunded');
    await axeInEveryLook('a partly refunded payment');

    // Later: the dialog offers what remains.
    await refund(page, undefined, 'The rest was covered by insurance');
    await expect(summary(page)).toContainText('Refunded');
    moved.refundsCents += 4000;

    const paymentId = await paymentIdOf(officeRequest, receiptId);
    const { body } = await officeRequest('viewer', 'GET', PAYMENT_DESK_PATHS.payment(paymentId));
    const payment = deskPaymentSchema.parse(body);
    expect(payment.reversals.map((row) => [row.kind, row.status, row.amountCents])).toEqual(
      expect.arrayContaining([
        ['return', 'completed', 1500],
        ['return', 'completed', 2500],
      ]),
    );
    // Two returns at the processor, beside the sale, and nothing left to give back.
    expect(payment.processor.transactions.filter((txn) => txn.type === 'RETURN')).toHaveLength(2);
    expect(payment.refundableCents).toBe(0);
  });

  test('a refund above the threshold waits for a second supervisor', async ({
    page,
    baseURL,
    openOfficeAs,
  }) => {
    const receiptId = await mariaPaysByCard(baseURL ?? '', 650);
    moved.paymentsCents += 65_000;
    await settleProcessorBatch(baseURL ?? '');

    await page.setViewportSize(DESKTOP);
    await openOfficeAs('supervisor');
    await findPayment(page, receiptId);
    await refund(page, '600.00', 'Overpaid after insurance');
    await expect(summary(page)).toContainText('Awaiting approval');
    await expect(page.getByText('Another supervisor must approve this request.')).toBeVisible();

    await openOfficeAs('admin');
    await findPayment(page, receiptId);
    await page
      .getByRole('table', { name: 'Voids and refunds' })
      .getByRole('button', { name: 'Approve' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Approve this reversal' });
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(summary(page)).toContainText('Partially refunded');
    moved.refundsCents += 60_000;
  });

  test('a void made directly at the processor is found and recorded', async ({
    page,
    baseURL,
    openOfficeAs,
    officeRequest,
  }) => {
    const receiptId = await mariaPaysByECheck(baseURL ?? '', 7.77);
    moved.paymentsCents += 777;
    const paymentId = await paymentIdOf(officeRequest, receiptId);
    const { body } = await officeRequest('viewer', 'GET', PAYMENT_DESK_PATHS.payment(paymentId));
    const [sale] = deskPaymentSchema.parse(body).processor.transactions;
    if (!sale) throw new Error('the processor has no record of the sale');
    await voidAtProcessor(baseURL ?? '', sale.txnId, 'eCheck');

    await page.setViewportSize(DESKTOP);
    await openOfficeAs('agent');
    await findPayment(page, receiptId);
    await expect(summary(page)).toContainText('Paid');
    await page.getByRole('button', { name: 'Check with the processor' }).click();
    await expect(
      page.getByText('Recorded 1 void or refund made directly at the processor.'),
    ).toBeVisible();
    await expect(summary(page)).toContainText('Voided');
    await expect(page.getByRole('table', { name: 'Voids and refunds' })).toContainText(
      'Made directly at the processor',
    );
    moved.refundsCents += 777;
  });

  test("today's report moves by exactly the payments and refunds made here", async ({
    page,
    openOfficeAs,
    officeRequest,
  }) => {
    if (!reportBefore) throw new Error('the first test reads the report before');
    const after = await todaysFigures(officeRequest);
    expect(after.paymentsCents - reportBefore.paymentsCents).toBe(moved.paymentsCents);
    expect(after.refundsCents - reportBefore.refundsCents).toBe(moved.refundsCents);
    expect(after.netCents - reportBefore.netCents).toBe(moved.paymentsCents - moved.refundsCents);

    // The screen shows the same figures.
    await page.setViewportSize(DESKTOP);
    await openOfficeAs('viewer');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Reports' })
      .click();
    await page.getByRole('button', { name: 'Last 7 days' }).click();
    const perDay = page.getByRole('table', { name: /^Per day/ });
    await expect(perDay.getByRole('row')).toHaveCount(9);
    const total = perDay.getByRole('row').filter({ hasText: 'Total' });
    const period = page.getByRole('form', { name: 'Period' });
    const dollars = (cents: number) =>
      `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    const week = await officeRequest(
      'viewer',
      'GET',
      `${PAYMENT_DESK_PATHS.moneyReport}?from=${await period.getByLabel('From').inputValue()}&to=${await period.getByLabel('To').inputValue()}`,
    );
    const totals = moneyReportSchema.parse(week.body).totals;
    await expect(total).toContainText(dollars(totals.paymentsCents));
    await expect(total).toContainText(dollars(totals.refundsCents));
  });
});
