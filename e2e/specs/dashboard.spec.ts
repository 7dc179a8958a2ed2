import type { Locator, Page } from '@playwright/test';
import {
  DASHBOARD_LABELS,
  DASHBOARD_MESSAGES,
  DASHBOARD_NOTES,
  ERROR_SCREEN,
} from '@webpay/contracts/messages';
import { FALLBACK_SUPPORT_PHONE, ROBERT_COUNTS } from '@webpay/server/testkit/demo';
import { test, expect, ANY_DB, maria, james, DEMO_GUARANTORS } from '../support/fixtures.ts';

const ENCOUNTERS_URL = '**/api/v1/services/rcm-webpay-service/encounters';

function card(page: Page, title: string): Locator {
  return page.getByRole('region', { name: title, exact: true });
}

/** Sonner's toast list at one corner of the screen. */
function toaster(page: Page, y: 'top' | 'bottom', x: 'left' | 'center' | 'right'): Locator {
  return page.locator(`[data-sonner-toaster][data-y-position="${y}"][data-x-position="${x}"]`);
}

function paymentDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Make a Payment' });
}

/**
 * The payment dialog's summary as [description, amount] pairs (with, between
 * them, what is already pending on the line's account where there is some),
 * then its total.
 */
async function summaryOf(page: Page, options: { pendingNotes?: boolean } = {}) {
  const dialog = paymentDialog(page);
  await expect(dialog).toBeVisible();
  const lines = await dialog.getByRole('listitem').evaluateAll(
    (items, withNotes) =>
      items.map((item) =>
        Array.from(item.children).flatMap((child) => {
          const own = Array.from(child.childNodes, (node) =>
            node.nodeType === Node.TEXT_NODE ? (node.textContent ?? '') : '',
          ).join('');
          const notes = withNotes
            ? Array.from(child.children, (note) => note.textContent ?? '')
            : [];
          return [own, ...notes].map((text) => text.trim()).filter(Boolean);
        }),
      ),
    options.pendingNotes ?? true,
  );
  const total = (await dialog.getByText('Total Amount').locator('..').textContent()) ?? '';
  return { lines, total: total.replace('Total Amount', '').trim() };
}

async function closeDialog(page: Page) {
  await paymentDialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(paymentDialog(page)).toBeHidden();
}

test.describe('dashboard: Maria, every feature', () => {
  test.beforeEach(async ({ page, signInWithPin }) => {
    await signInWithPin(maria);
    await expect(page).toHaveURL(/\/webpay\/dashboard$/);
  });

  test('tabs with red count badges, main tab first and selected', ANY_DB, async ({ page }) => {
    const tabs = page.getByRole('tablist', { name: 'Facilities' }).getByRole('tab');
    await expect(tabs).toHaveText([
      /^Hospitals & Clinics\s*5 items$/,
      /^Central Lab\s*2 items$/,
      /^Medical Equipment\s*1 item$/,
    ]);
    await expect(page.getByRole('tab', { name: /Hospitals & Clinics/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('tab', { name: /Home Care/ })).toHaveCount(0);
  });

  test('summary cards: Total Outstanding, Past Due, Specify Amount, Selected for Payment', async ({
    page,
  }) => {
    const total = card(page, DASHBOARD_LABELS.totalOutstanding);
    await expect(total).toContainText('$1,865.45');
    await expect(total).toContainText('5 items');
    const pastDue = card(page, DASHBOARD_LABELS.pastDue);
    await expect(pastDue).toContainText('$75.00');
    await expect(pastDue).toContainText(DASHBOARD_LABELS.overduePaymentPlans);
    const selected = card(page, DASHBOARD_LABELS.selectedForPayment);
    await expect(selected).toContainText('$0.00');
    await expect(selected).toContainText(DASHBOARD_MESSAGES.noItemsSelected);
    await expect(selected.getByRole('button', { name: DASHBOARD_LABELS.payNow })).toBeDisabled();
    const custom = card(page, DASHBOARD_LABELS.specifyAmount);
    await expect(custom.getByRole('button', { name: DASHBOARD_LABELS.payNow })).toBeDisabled();
    await custom.getByRole('button', { name: 'About custom payments' }).click();
    await expect(page.getByText(DASHBOARD_NOTES.customAmountHelp)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByText(DASHBOARD_NOTES.paymentOptions('(801) 555-0142'))).toBeVisible();
  });

  test('plans: colours with labels, Overdue badge, expand by button and by double-click', async ({
    page,
  }) => {
    const plans = page.getByRole('table', { name: DASHBOARD_LABELS.encountersInPaymentPlan });
    const first = plans.getByRole('row').filter({ hasText: 'PP-7001-1' }).first();
    await expect(first).toContainText('Mail-in');
    await expect(first).toContainText('Active');
    await expect(first).toContainText(DASHBOARD_LABELS.overdue);
    const second = plans.getByRole('row').filter({ hasText: 'PP-7002-3' }).first();
    await expect(second).toContainText('Auto');
    await expect(second).toContainText('Broken');
    await expect(second).not.toContainText(DASHBOARD_LABELS.overdue);

    const expand = page.getByRole('button', { name: 'Show details for plan PP-7001-1' });
    await expand.click();
    const details = page.getByRole('table', { name: 'Encounters in plan PP-7001-1' });
    await expect(details).toBeVisible();
    await expect(details).toContainText('107-40009001');
    await expect(details).toContainText('Daniel Garcia');
    await expect(details).toContainText('$980.00');
    const expanded = page.getByRole('button', { name: 'Hide details for plan PP-7001-1' });
    await expect(expanded).toHaveAttribute('aria-expanded', 'true');
    await expect(plans).toContainText('$150.00');
    await expect(plans).toContainText('$1,480.00');
    await expect(plans).toContainText('0%');
    await expect(plans).toContainText('5 of 12');
    await expanded.click();
    await expect(details).toBeHidden();

    await second.getByRole('cell').filter({ hasText: 'Broken' }).dblclick();
    await expect(page.getByRole('table', { name: 'Encounters in plan PP-7002-3' })).toContainText(
      '107-40009010',
    );
    await expect(plans).toContainText('2 of 10');
  });

  test(
    'the pending-payments marker opens the Pending Payments popover',
    ANY_DB,
    async ({ page }) => {
      await page.getByRole('button', { name: / pending for 107-40010001$/ }).click();
      const popover = page.getByRole('dialog', { name: 'Pending Payments for 107-40010001' });
      await expect(popover).toContainText('R-9001');
      await expect(popover).toContainText('Nov 1, 2026');
      await expect(popover).toContainText('$50.00');
      await expect(popover).toContainText('Total');
      const maxHeight = await popover
        .getByRole('list')
        .evaluate((list) => getComputedStyle(list).maxHeight);
      expect(maxHeight).toBe('300px');
    },
  );

  test(
    'Full fills the balance and focuses the field; Clear empties it; plan Full is due plus overdue',
    ANY_DB,
    async ({ page }) => {
      const field = page.getByRole('textbox', { name: 'Payment amount for 107-40010002' });
      await page.getByRole('button', { name: 'Full amount for 107-40010002' }).click();
      await expect(field).toHaveValue('310.45');
      await expect(field).toBeFocused();
      await page.getByRole('button', { name: 'Clear amount for 107-40010002' }).click();
      await expect(field).toHaveValue('');

      await page.getByRole('button', { name: 'Full amount for PP-7001-1' }).click();
      await expect(page.getByRole('textbox', { name: 'Payment amount for PP-7001-1' })).toHaveValue(
        '225.00',
      );

      const zero = page.getByRole('textbox', { name: 'Payment amount for 107-40010003' });
      await expect(zero).toBeDisabled();
      await expect(
        page.getByRole('button', { name: 'Full amount for 107-40010003' }),
      ).toBeDisabled();
    },
  );

  test(
    'amount fields keep digits and one point with at most two decimals',
    ANY_DB,
    async ({ page }) => {
      const field = page.getByRole('textbox', { name: 'Payment amount for 107-40010001' });
      await field.pressSequentially('$1a2.345.6');
      await expect(field).toHaveValue('12.34');
    },
  );

  test(
    'selected amounts open the dialog in encounter mode with one line per item',
    ANY_DB,
    async ({ page }) => {
      await page.getByRole('textbox', { name: 'Payment amount for 107-40010001' }).fill('100');
      await page.getByRole('button', { name: 'Full amount for PP-7001-1' }).click();
      await page.getByRole('textbox', { name: 'Payment amount for 107-40010002' }).fill('0');

      const bar = page.getByRole('region', { name: 'Payment for Hospitals & Clinics' });
      await expect(bar).toContainText(DASHBOARD_LABELS.totalPaymentAmount);
      await expect(bar).toContainText('2 items selected');
      await expect(card(page, DASHBOARD_LABELS.selectedForPayment)).toContainText('$325.00');
      await bar.getByRole('button', { name: 'Pay Now $325.00' }).click();

      await expect(paymentDialog(page)).toHaveAttribute('data-payment-mode', 'encounter');
      expect(await summaryOf(page)).toEqual({
        lines: [
          ['107-40010001 | Maria Garcia', '$50.00 already pending', '$100.00'],
          ['PP-7001-1 | Payment Plan', '$225.00'],
        ],
        total: '$325.00',
      });
      await closeDialog(page);

      await card(page, DASHBOARD_LABELS.selectedForPayment)
        .getByRole('button', { name: DASHBOARD_LABELS.payNow })
        .click();
      expect((await summaryOf(page)).total).toBe('$325.00');
    },
  );

  test('Pay Total pays the encounters plus every plan due and overdue amount', async ({ page }) => {
    await card(page, DASHBOARD_LABELS.totalOutstanding)
      .getByRole('button', { name: DASHBOARD_LABELS.payTotal })
      .click();
    await expect(paymentDialog(page)).toHaveAttribute('data-payment-mode', 'total');
    // What is pending on the whole account grows as other specs pay Maria's bills.
    expect(await summaryOf(page, { pendingNotes: false })).toEqual({
      lines: [['Amount Due Payment', '$1,865.45']],
      total: '$1,865.45',
    });
  });

  test('Specify Amount opens the dialog in custom mode', ANY_DB, async ({ page }) => {
    const custom = card(page, DASHBOARD_LABELS.specifyAmount);
    await custom.getByRole('textbox', { name: 'Custom payment amount' }).fill('40');
    await custom.getByRole('button', { name: DASHBOARD_LABELS.payNow }).click();
    await expect(paymentDialog(page)).toHaveAttribute('data-payment-mode', 'custom');
    expect(await summaryOf(page, { pendingNotes: false })).toEqual({
      lines: [['Custom Payment', '$40.00']],
      total: '$40.00',
    });
  });

  test('another facility: 24-hour notice, Need Assistance, Pay Total fills every balance', async ({
    page,
  }) => {
    await page.getByRole('tab', { name: /Central Lab/ }).click();
    await expect(page.getByText(DASHBOARD_NOTES.otherFacilityDelay)).toBeVisible();
    await expect(page.getByText(DASHBOARD_NOTES.notEligibleForPlans)).toBeVisible();
    const table = page.getByRole('table', { name: 'Central Lab encounters' });
    await expect(table.getByRole('columnheader')).toHaveText([
      'Account Number',
      'Patient Name',
      'Status',
      'Balance',
      'Payment Amount',
    ]);
    await expect(table.getByRole('row').filter({ hasText: '153-80002' })).toContainText('Self Pay');
    await expect(card(page, DASHBOARD_LABELS.needAssistance)).toContainText('(801) 555-0153');

    await card(page, DASHBOARD_LABELS.totalOutstanding)
      .getByRole('button', { name: DASHBOARD_LABELS.payTotal })
      .click();
    await expect(paymentDialog(page)).toHaveAttribute('data-payment-mode', 'encounter');
    // The payment specs pay these bills too, so what is already pending on them depends on the order.
    expect(await summaryOf(page, { pendingNotes: false })).toEqual({
      lines: [
        ['153-80001 | Maria Garcia', '$45.20'],
        ['153-80002 | Daniel Garcia', '$12.00'],
      ],
      total: '$57.20',
    });
    await closeDialog(page);
    await expect(page.getByRole('textbox', { name: 'Payment amount for 153-80001' })).toHaveValue(
      '45.20',
    );
    await expect(page.getByRole('textbox', { name: 'Payment amount for 153-80002' })).toHaveValue(
      '12.00',
    );
  });
});

test.describe('dashboard: James, other facilities only', () => {
  test('opens on Home Care, flags amounts over the balance, remembers the dismissed notice', async ({
    page,
    signInWithPin,
  }) => {
    await signInWithPin(james);
    const tabs = page.getByRole('tablist', { name: 'Facilities' }).getByRole('tab');
    await expect(tabs).toHaveText([/^Home Care\s*1 item$/, /^Salt Lake Clinic Lab\s*2 items$/]);
    await expect(page.getByRole('tab', { name: /Home Care/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('contentinfo')).toContainText(FALLBACK_SUPPORT_PHONE);
    await expect(card(page, DASHBOARD_LABELS.needAssistance)).toContainText('(801) 555-0221');

    await page.getByRole('tab', { name: /Salt Lake Clinic Lab/ }).click();
    const field = page.getByRole('textbox', { name: 'Payment amount for 753-70001' });
    await field.fill('150.01');
    await expect(page.getByText(DASHBOARD_MESSAGES.amountExceedsBalance)).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await field.fill('150');
    await expect(page.getByText(DASHBOARD_MESSAGES.amountExceedsBalance)).toHaveCount(0);

    await expect(page.getByText(DASHBOARD_NOTES.otherFacilityDelay)).toBeVisible();
    await page.getByRole('button', { name: 'Dismiss notice about payment delays' }).click();
    await expect(page.getByText(DASHBOARD_NOTES.otherFacilityDelay)).toHaveCount(0);
    await page.reload();
    await page.getByRole('tab', { name: /Salt Lake Clinic Lab/ }).click();
    await expect(
      page.getByRole('table', { name: 'Salt Lake Clinic Lab encounters' }),
    ).toBeVisible();
    await expect(page.getByText(DASHBOARD_NOTES.otherFacilityDelay)).toHaveCount(0);
    await page.getByRole('tab', { name: /Home Care/ }).click();
    await expect(page.getByText(DASHBOARD_NOTES.otherFacilityDelay)).toBeVisible();
  });
});

test.describe('dashboard: Linda, nothing owed', () => {
  test('every Pay control and the custom field are disabled', async ({ page, signInWithPin }) => {
    await signInWithPin(DEMO_GUARANTORS.linda);
    await expect(page.getByRole('tablist')).toHaveCount(0);
    await expect(page.getByText(DASHBOARD_MESSAGES.noPlanEncounters)).toBeVisible();
    await expect(
      card(page, DASHBOARD_LABELS.totalOutstanding).getByRole('button', {
        name: DASHBOARD_LABELS.payTotal,
      }),
    ).toBeDisabled();
    const custom = card(page, DASHBOARD_LABELS.specifyAmount);
    await expect(custom.getByRole('textbox', { name: 'Custom payment amount' })).toBeDisabled();
    await expect(custom.getByRole('button', { name: DASHBOARD_LABELS.payNow })).toBeDisabled();
    await expect(
      card(page, DASHBOARD_LABELS.selectedForPayment).getByRole('button', {
        name: DASHBOARD_LABELS.payNow,
      }),
    ).toBeDisabled();
    await expect(
      page.getByRole('textbox', { name: 'Payment amount for 107-40030001' }),
    ).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Full amount for 107-40030001' })).toBeDisabled();
    await expect(
      page.getByRole('button', { name: 'Clear amount for 107-40030001' }),
    ).toBeDisabled();
    await expect(
      page
        .getByRole('region', { name: 'Payment for Hospitals & Clinics' })
        .getByRole('button', { name: /Pay Now/ }),
    ).toBeDisabled();
  });
});

test.describe('dashboard: Robert, a large account', () => {
  test('renders every bill and stays responsive while typing', async ({ page, signInWithPin }) => {
    await signInWithPin(DEMO_GUARANTORS.robert);
    const encounters = page.getByRole('table', { name: DASHBOARD_LABELS.pendingEncounters });
    await expect(encounters.getByRole('textbox')).toHaveCount(ROBERT_COUNTS.mainEncounters);
    const plans = page.getByRole('table', { name: DASHBOARD_LABELS.encountersInPaymentPlan });
    await expect(plans.getByRole('button', { name: /^Show details for plan/ })).toHaveCount(
      ROBERT_COUNTS.paymentPlans,
    );
    await expect(page.getByRole('tablist', { name: 'Facilities' }).getByRole('tab')).toHaveCount(5);

    const field = encounters.getByRole('textbox').nth(120);
    await field.pressSequentially('12.34');
    await expect(field).toHaveValue('12.34');
    await expect(
      page.getByRole('region', { name: 'Payment for Hospitals & Clinics' }),
    ).toContainText('1 item selected');
  });
});

test.describe('dashboard: fetch errors', () => {
  test(
    'a failing fetch is retried twice, then shows the error state; Try Again recovers',
    ANY_DB,
    async ({ page, signInWithPin }) => {
      let calls = 0;
      let failing = true;
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(ENCOUNTERS_URL, async (route) => {
        calls += 1;
        if (!failing) {
          await released;
          return route.fallback();
        }
        return route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({
            title: 'An unexpected error occurred',
            status: 500,
            code: 'INTERNAL',
            details: ['Simulated outage'],
            requestId: 'req-e2e',
            correlationId: 'corr-e2e',
          }),
        });
      });
      await signInWithPin(maria);
      await expect(toaster(page, 'top', 'right')).toContainText(DASHBOARD_MESSAGES.fetchFailed, {
        timeout: 20_000,
      });
      await expect(page.getByRole('heading', { name: ERROR_SCREEN.generic.title })).toBeVisible();
      expect(calls).toBe(3);

      failing = false;
      await page.getByRole('button', { name: ERROR_SCREEN.retry }).click();
      // SPEC §2: the error screen stays, its button reading 'Retrying...' until the answer comes.
      await expect(page.getByRole('button', { name: ERROR_SCREEN.retrying })).toBeVisible();
      release();
      await expect(
        page.getByRole('table', { name: DASHBOARD_LABELS.pendingEncounters }),
      ).toContainText('107-40010001');
    },
  );

  test(
    'a 401 while fetching says the session expired, signs out and goes to /login',
    ANY_DB,
    async ({ page, signInWithPin, storedSessionKeys }) => {
      let calls = 0;
      await page.route(ENCOUNTERS_URL, (route) => {
        calls += 1;
        return route.fulfill({
          status: 401,
          contentType: 'application/json',
          body: JSON.stringify({
            title: 'Session expired',
            status: 401,
            code: 'ERR1002',
            details: ['Your session has expired. Please log in again.'],
          }),
        });
      });
      await signInWithPin(maria);
      await expect(toaster(page, 'top', 'center')).toContainText(DASHBOARD_MESSAGES.sessionExpired);
      await expect(page).toHaveURL(/\/webpay\/login$/);
      expect(await storedSessionKeys()).toEqual([]);
      expect(calls).toBe(1);
    },
  );
});
