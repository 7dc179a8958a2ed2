import { PAYMENT_DESK_PATHS, moneyReportSchema } from '@webpay/contracts/payment-desk';
import { OFFICE } from '../support/office.ts';
import { test, expect } from '../support/office-fixtures.ts';

/*
 * The console's Reports screen (issue #24): a viewer opens it from the
 * navigation, reads the money of the last 30 facility days in tables that
 * carry the service's figures, and the screen passes axe in every look.
 */

const DESKTOP = { width: 1280, height: 900 } as const;

const dollars = (cents: number) =>
  (cents < 0 ? '-$' : '$') +
  (Math.abs(cents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });

test.describe('billing office: reports', OFFICE, () => {
  test('a viewer reads the money per day, by method and by facility (axe)', async ({
    page,
    openOfficeAs,
    officeRequest,
    axeInEveryLook,
  }) => {
    await page.setViewportSize(DESKTOP);
    await openOfficeAs('viewer');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Reports' })
      .click();
    await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
    const perDay = page.getByRole('table', { name: /^Per day/ });
    await expect(perDay).toBeVisible();

    // The service's figures for the period the screen chose are on screen.
    const chosen = page.getByRole('form', { name: 'Period' });
    const from = await chosen.getByLabel('From').inputValue();
    const to = await chosen.getByLabel('To').inputValue();
    const { status, body } = await officeRequest(
      'viewer',
      'GET',
      `${PAYMENT_DESK_PATHS.moneyReport}?from=${from}&to=${to}`,
    );
    expect(status).toBe(200);
    const report = moneyReportSchema.parse(body);
    expect(report.days).toHaveLength(30);
    const total = perDay.getByRole('row').filter({ hasText: 'Total' });
    await expect(total).toContainText(dollars(report.totals.paymentsCents));
    await expect(total).toContainText(dollars(report.totals.netCents));
    await expect(page.getByRole('table', { name: /^By method/ })).toContainText('Card');
    await expect(page.getByRole('link', { name: 'Download CSV: By facility' })).toBeVisible();

    // A week keeps the eight looks quick; the tables and charts are the same parts.
    await page.getByRole('button', { name: 'Last 7 days' }).click();
    await expect(perDay.getByRole('row')).toHaveCount(9);
    await axeInEveryLook('the money report');
    await page.getByRole('tab', { name: 'Settlement' }).click();
    await expect(page.getByRole('table', { name: /^Settlement per day/ })).toBeVisible();
  });
});
