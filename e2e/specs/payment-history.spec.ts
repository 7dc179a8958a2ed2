import type { Locator, Page } from '@playwright/test';
import { formatDate } from '@webpay/contracts/dates';
import { formatUsd } from '@webpay/contracts/money';
import type { PaymentHistoryItem } from '@webpay/contracts/payment-history';
import { ROBERT_COUNTS } from '@webpay/server/testkit/demo';
import {
  test,
  expect,
  maria,
  james,
  DEMO_GUARANTORS,
  ANY_DB,
  type DemoSignIn,
} from '../support/fixtures.ts';

/*
 * Other specs pay Maria's and Robert's bills while these run, so a new payment
 * may join either history at any moment: these tests look for the demo data's
 * own payments, and count only within ranges that end before today.
 */

const HISTORY_PATH = '/rcm-webpay-service/payments';

function paymentsTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Payments' });
}

function bodyRows(page: Page): Locator {
  return paymentsTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
}

function fromField(page: Page): Locator {
  return page.getByLabel('From', { exact: true });
}

function toField(page: Page): Locator {
  return page.getByLabel('To', { exact: true });
}

function receiptDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Payment Receipt' });
}

function isHistoryAnswer(url: string): boolean {
  return new URL(url).pathname.endsWith(HISTORY_PATH);
}

/** Signs in and opens /payments (with `query`), returning the payments the page was given. */
async function openPayments(
  page: Page,
  signInWithPin: (who: DemoSignIn) => Promise<void>,
  who: DemoSignIn,
  query = '',
): Promise<PaymentHistoryItem[]> {
  await signInWithPin(who);
  await expect(page).toHaveURL(/\/webpay\/dashboard$/);
  const answer = page.waitForResponse((response) => isHistoryAnswer(response.url()));
  await page.goto(`/webpay/payments${query}`);
  const { payments } = (await (await answer).json()) as { payments: PaymentHistoryItem[] };
  return payments;
}

/** The payments of the list whose UTC day is inside the range, as the service counts them. */
function inRange(payments: PaymentHistoryItem[], from: string, to: string) {
  return payments.filter((payment) => {
    const day = payment.date.slice(0, 10);
    return day >= from && day <= to;
  });
}

test.describe('payment history', () => {
  test('Maria sees her card and eCheck payments with masked methods, items and status', async ({
    page,
    signInWithPin,
  }) => {
    await openPayments(page, signInWithPin, maria);
    await expect(page).toHaveTitle('Payments | WebPay');
    await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();

    const card = bodyRows(page).filter({ hasText: 'R-8101' });
    await expect(card).toContainText('Jul 15, 2026');
    await expect(card).toContainText('DISC •••• 0026');
    await expect(card).toContainText('990-91001 | Maria Garcia');
    await expect(card).toContainText('$50.00');
    await expect(card).toContainText('Applied');

    const bank = bodyRows(page).filter({ hasText: 'R-8102' });
    await expect(bank).toContainText('Jul 20, 2026');
    await expect(bank).toContainText('Checking •••• 6789');
    await expect(bank).toContainText('107-40010001 | Maria Garcia');
    await expect(bank).toContainText('$200.00');

    const twoItems = bodyRows(page).filter({ hasText: 'R-8103' });
    await expect(twoItems).toContainText('VISA •••• 1111');
    await expect(twoItems.getByRole('listitem')).toHaveText([
      /107-40010001 \| Maria Garcia\s*\$100\.00/,
      /107-40010002 \| Daniel Garcia\s*\$40\.00/,
    ]);
    await expect(twoItems).toContainText('$140.00');
    await expect(bodyRows(page).filter({ hasText: 'R-8106' })).toContainText('Savings •••• 4321');
  });

  test('Robert sees his sixty payments, newest first', async ({ page, signInWithPin }) => {
    const payments = await openPayments(page, signInWithPin, DEMO_GUARANTORS.robert);
    expect(payments.length).toBeGreaterThanOrEqual(ROBERT_COUNTS.payments);
    const dates = payments.map((payment) => payment.date);
    expect(dates).toEqual([...dates].sort().reverse());
    await expect(bodyRows(page)).toHaveCount(payments.length);
    await expect(page.getByText(`${payments.length} payments`, { exact: true })).toBeVisible();
    const oldest = payments.at(-1) as PaymentHistoryItem;
    await expect(bodyRows(page).last()).toContainText(oldest.receiptId);
    await expect(bodyRows(page).last()).toContainText(formatUsd(oldest.amount));
  });

  test('the date filter narrows the list, and survives reload and back', async ({
    page,
    signInWithPin,
  }) => {
    const all = await openPayments(page, signInWithPin, maria);
    const july = inRange(all, '2026-07-01', '2026-07-31');
    expect(july.map((payment) => payment.receiptId)).toEqual(
      expect.arrayContaining(['R-8101', 'R-8102']),
    );

    await fromField(page).fill('2026-07-01');
    await toField(page).fill('2026-07-31');
    const narrowed = page.waitForResponse((response) => isHistoryAnswer(response.url()));
    await page.getByRole('button', { name: 'Show payments' }).click();
    expect(new URL((await narrowed).url()).search).toBe('?from=2026-07-01&to=2026-07-31');
    await expect(page).toHaveURL(/\/webpay\/payments\?from=2026-07-01&to=2026-07-31$/);
    await expect(bodyRows(page)).toHaveCount(july.length);
    await expect(
      page.getByText(`${july.length} payments between Jul 1, 2026 and Jul 31, 2026`),
    ).toBeVisible();
    await expect(bodyRows(page).filter({ hasText: 'R-8104' })).toHaveCount(0);

    await page.reload();
    await expect(fromField(page)).toHaveValue('2026-07-01');
    await expect(toField(page)).toHaveValue('2026-07-31');
    await expect(bodyRows(page)).toHaveCount(july.length);

    await page.goBack();
    await expect(page).toHaveURL(/\/webpay\/payments$/);
    await expect(fromField(page)).toHaveValue('');
    await expect(bodyRows(page).filter({ hasText: 'R-8104' })).toHaveCount(1);
  });

  test(
    'From after To is refused at the field and nothing is asked',
    ANY_DB,
    async ({ page, signInWithPin }) => {
      await openPayments(page, signInWithPin, maria);
      await expect(paymentsTable(page)).toBeVisible();
      const asked: string[] = [];
      page.on('request', (request) => {
        if (isHistoryAnswer(request.url())) asked.push(request.url());
      });

      const from = fromField(page);
      await from.fill('2026-08-01');
      await toField(page).fill('2026-07-01');
      await page.getByRole('button', { name: 'Show payments' }).click();
      await expect(from).toHaveAttribute('aria-invalid', 'true');
      await expect(from).toHaveAccessibleDescription(
        'The From date must be on or before the To date.',
      );
      await expect(from).toBeFocused();
      await expect(page).toHaveURL(/\/webpay\/payments$/);

      // Typed into the address, the same range is refused the same way.
      await page.goto('/webpay/payments?from=2026-08-01&to=2026-07-01');
      await expect(page.getByText('The From date must be on or before the To date.')).toBeVisible();
      await expect(paymentsTable(page)).toHaveCount(0);
      expect(asked).toEqual([]);
    },
  );

  test('a period without payments says so', async ({ page, signInWithPin }) => {
    await openPayments(page, signInWithPin, maria, '?from=2020-01-01&to=2020-12-31');
    await expect(page.getByRole('heading', { name: 'No payments in this period' })).toBeVisible();
    await expect(
      page.getByText('We found no payments between Jan 1, 2020 and Dec 31, 2020.', {
        exact: false,
      }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Clear dates' }).click();
    await expect(page).toHaveURL(/\/webpay\/payments$/);
    await expect(bodyRows(page).filter({ hasText: 'R-8101' })).toHaveCount(1);
  });

  test('a receipt opens from its row, and its print view shows only the receipt', async ({
    page,
    signInWithPin,
  }) => {
    await openPayments(page, signInWithPin, maria);
    const open = page.getByRole('button', { name: 'View receipt R-8102' });
    await open.click();
    const dialog = receiptDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('R-8102');
    await expect(dialog).toContainText(formatDate('2026-07-20T16:05:00.000Z'));
    await expect(dialog).toContainText('$200.00');
    await expect(dialog).toContainText('Checking •••• 6789');
    await expect(dialog).toContainText('107-40010001 | Maria Garcia');
    // Posted by the billing office long ago: no promise about when it will post.
    await expect(dialog).toContainText('This payment has been applied to your account.');
    await expect(dialog).not.toContainText('posts within');

    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeHidden();
    await expect(page.getByRole('table', { name: 'Payments' })).toBeHidden();
    await expect(dialog.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(dialog).toContainText('$200.00');
    const box = await dialog.boundingBox();
    expect(box?.x).toBe(0);
    expect(box?.y).toBe(0);
    await page.emulateMedia({ media: 'screen' });

    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
  });

  test('James, without the historical-data role, is sent to the dashboard', async ({
    page,
    signInWithPin,
  }) => {
    await signInWithPin(james);
    await expect(page).toHaveURL(/\/webpay\/dashboard$/);
    await page.goto('/webpay/payments?from=2026-01-01');
    await expect(page).toHaveURL(/\/webpay\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  });
});

test.describe('payment history: WCAG 2.1 A and AA (axe)', () => {
  test('list, receipt dialog, date error and an empty period, in every look', async ({
    page,
    signInWithPin,
    axeInEveryLook,
  }) => {
    // Four states in eight looks each: 32 axe runs, minutes on a loaded CI machine.
    test.setTimeout(300_000);
    await openPayments(page, signInWithPin, maria);
    await expect(bodyRows(page).filter({ hasText: 'R-8101' })).toBeVisible();
    await axeInEveryLook('payments');

    await page.getByRole('button', { name: 'View receipt R-8101' }).click();
    await expect(receiptDialog(page)).toContainText('DISC •••• 0026');
    await axeInEveryLook('receipt dialog');
    await page.keyboard.press('Escape');
    await expect(receiptDialog(page)).toBeHidden();

    await fromField(page).fill('2026-08-01');
    await toField(page).fill('2026-07-01');
    await page.getByRole('button', { name: 'Show payments' }).click();
    await expect(fromField(page)).toHaveAttribute('aria-invalid', 'true');
    await axeInEveryLook('date error');

    await page.goto('/webpay/payments?from=2020-01-01&to=2020-12-31');
    await expect(page.getByRole('heading', { name: 'No payments in this period' })).toBeVisible();
    await axeInEveryLook('no payments in this period');
  });
});
