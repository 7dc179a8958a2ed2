import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { formatDate } from '@webpay/contracts/dates';
import { formatUsd } from '@webpay/contracts/money';
import {
  STATEMENT_STATUS_LABELS,
  type StatementDetail,
  type StatementSummary,
} from '@webpay/contracts/statements';
import { ROBERT_COUNTS } from '@webpay/server/testkit/demo';
import { pdfText } from '@webpay/server/testkit/pdf-text';
import {
  test,
  expect,
  maria,
  james,
  DEMO_GUARANTORS,
  ANY_DB,
  type DemoSignIn,
} from '../support/fixtures.ts';

const SERVICE = '**/api/v1/services/rcm-webpay-service';
const STATEMENTS_URL = `${SERVICE}/statements`;

function statementsTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Statements' });
}

function statementDialog(page: Page, statement: StatementSummary): Locator {
  return page.getByRole('dialog', { name: `Statement of ${formatDate(statement.statementDate)}` });
}

/** Signs in and opens /statements, returning the list the page was given. */
async function openStatements(
  page: Page,
  signInWithPin: (who: DemoSignIn) => Promise<void>,
  who: DemoSignIn,
): Promise<StatementSummary[]> {
  await signInWithPin(who);
  await expect(page).toHaveURL(/\/webpay\/dashboard$/);
  const answer = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname.endsWith('/rcm-webpay-service/statements') && response.ok(),
  );
  await page.goto('/webpay/statements');
  const { statements } = (await (await answer).json()) as { statements: StatementSummary[] };
  await expect(statementsTable(page)).toBeVisible();
  return statements;
}

/** The rows of the statements table, header left out. */
function bodyRows(page: Page): Locator {
  return statementsTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
}

test.describe('statements', () => {
  test('Maria sees her six statements newest first, each with its status in words', async ({
    page,
    signInWithPin,
  }) => {
    const statements = await openStatements(page, signInWithPin, maria);
    await expect(page).toHaveTitle('Statements | WebPay');
    await expect(page.getByRole('heading', { name: 'Statements', level: 1 })).toBeVisible();
    expect(statements).toHaveLength(6);

    const dates = statements.map((statement) => statement.statementDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const rows = bodyRows(page);
    await expect(rows).toHaveCount(6);
    for (const [index, statement] of statements.entries()) {
      const row = rows.nth(index);
      await expect(row).toContainText(formatDate(statement.statementDate));
      await expect(row).toContainText(statement.accountNumber);
      await expect(row).toContainText(formatDate(statement.dueDate));
      await expect(row).toContainText(formatUsd(statement.amountDue));
      await expect(row).toContainText(STATEMENT_STATUS_LABELS[statement.status]);
    }
  });

  test('Robert sees all 36 of his statements', async ({ page, signInWithPin }) => {
    const statements = await openStatements(page, signInWithPin, DEMO_GUARANTORS.robert);
    expect(statements).toHaveLength(ROBERT_COUNTS.statements);
    await expect(bodyRows(page)).toHaveCount(ROBERT_COUNTS.statements);
    const first = statements[0] as StatementSummary;
    await expect(bodyRows(page).first()).toContainText(formatDate(first.statementDate));
    await expect(bodyRows(page).first()).toContainText(formatUsd(first.amountDue));
  });

  test("the dialog shows a statement's lines, and totals that add up to its amount due", async ({
    page,
    signInWithPin,
  }) => {
    const statements = await openStatements(page, signInWithPin, maria);
    const latest = statements[0] as StatementSummary;
    const view = page.getByRole('button', {
      name: `View statement of ${formatDate(latest.statementDate)}`,
    });
    const detailAnswer = page.waitForResponse((response) =>
      new URL(response.url()).pathname.endsWith(`/statements/${latest.id}`),
    );
    await view.click();
    const detail = (await (await detailAnswer).json()) as StatementDetail;
    const dialog = statementDialog(page, latest);
    await expect(dialog).toBeVisible();

    const lines = dialog.getByRole('table', { name: 'Statement lines' });
    await expect(lines.getByRole('row')).toHaveCount(detail.items.length + 2);
    for (const item of detail.items) {
      await expect(lines).toContainText(
        `${item.facilityId}-${item.accountNumber} · ${item.patientName}`,
      );
    }
    const totals = lines
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Totals' }) });
    // Each amount cell carries its column's name for the phone layout.
    await expect(totals.getByRole('cell')).toHaveText([
      `Charges${formatUsd(detail.totals.charges)}`,
      `Payments${formatUsd(detail.totals.payments)}`,
      `Adjustments${formatUsd(detail.totals.adjustments)}`,
      `Balance${formatUsd(detail.totals.balance)}`,
    ]);
    // The amount due is the sum of the lines' balances, as the statement says.
    const sumOfBalances = detail.items.reduce(
      (sum, item) => sum + Math.round(item.balance * 100),
      0,
    );
    expect(sumOfBalances).toBe(Math.round(detail.totals.balance * 100));
    expect(detail.totals.balance).toBe(latest.amountDue);
    await expect(dialog).toContainText(`Amount Due${formatUsd(latest.amountDue)}`);

    // Escape closes it and focus goes back to the button that opened it.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(view).toBeFocused();
  });

  test('Download PDF saves statement-YYYY-MM-DD.pdf with the amount due of the statement', async ({
    page,
    signInWithPin,
  }) => {
    const statements = await openStatements(page, signInWithPin, maria);
    const statement = statements[1] as StatementSummary;
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByRole('button', {
          name: `Download PDF of the statement of ${formatDate(statement.statementDate)}`,
        })
        .click(),
    ]);
    expect(download.suggestedFilename()).toBe(`statement-${statement.statementDate}.pdf`);
    const bytes = new Uint8Array(await readFile(await download.path()));
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');

    const lines = pdfText(bytes).split('\n');
    const amountDue = lines.indexOf('Amount due');
    expect(amountDue).toBeGreaterThanOrEqual(0);
    expect(lines[amountDue + 1]).toBe(formatUsd(statement.amountDue));
    expect(lines).toContain('Maria Garcia');
    expect(lines).toContain(formatDate(statement.dueDate));
    // Section 501(r): the statement says where this portal publishes its financial assistance policy.
    expect(lines).toContain('Need help paying? Financial assistance');
    const notice = lines.slice(lines.indexOf('Need help paying? Financial assistance')).join(' ');
    expect(notice).toContain(`${new URL(page.url()).origin}/webpay/financial-assistance`);
  });

  test(
    'the PDF can also be downloaded from the dialog, by keyboard',
    ANY_DB,
    async ({ page, signInWithPin }) => {
      const statements = await openStatements(page, signInWithPin, maria);
      const statement = statements[0] as StatementSummary;
      const view = page.getByRole('button', {
        name: `View statement of ${formatDate(statement.statementDate)}`,
      });
      await view.focus();
      await page.keyboard.press('Enter');
      const dialog = statementDialog(page, statement);
      await expect(dialog.getByRole('table', { name: 'Statement lines' })).toBeVisible();
      const download = dialog.getByRole('button', { name: /^Download PDF/ });
      await download.focus();
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        page.keyboard.press('Enter'),
      ]);
      expect(file.suggestedFilename()).toBe(`statement-${statement.statementDate}.pdf`);
    },
  );

  test(
    'a download that fails says so and saves nothing',
    ANY_DB,
    async ({ page, signInWithPin }) => {
      const statements = await openStatements(page, signInWithPin, maria);
      const statement = statements[2] as StatementSummary;
      await page.route(`${STATEMENTS_URL}/*/pdf`, (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({
            title: 'Internal error',
            status: 500,
            code: 'INTERNAL_ERROR',
            details: ['Something broke'],
            requestId: 'r',
            correlationId: 'c',
          }),
        }),
      );
      let downloaded = false;
      page.on('download', () => {
        downloaded = true;
      });
      await page
        .getByRole('button', {
          name: `Download PDF of the statement of ${formatDate(statement.statementDate)}`,
        })
        .click();
      await expect(
        page.getByText(
          `We could not download your statement of ${formatDate(statement.statementDate)}. Please try again in a moment.`,
        ),
      ).toBeVisible();
      expect(downloaded).toBe(false);
    },
  );

  test(
    'no statements and a failed load each say what is going on',
    ANY_DB,
    async ({ page, signInWithPin }) => {
      await signInWithPin(maria);
      await expect(page).toHaveURL(/\/webpay\/dashboard$/);
      await page.route(STATEMENTS_URL, (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: '{"statements":[]}' }),
      );
      await page.goto('/webpay/statements');
      await expect(page.getByRole('heading', { name: 'No statements yet' })).toBeVisible();

      let fail = true;
      await page.unroute(STATEMENTS_URL);
      await page.route(STATEMENTS_URL, (route) =>
        fail
          ? route.fulfill({ status: 503, contentType: 'text/plain', body: 'unavailable' })
          : route.fallback(),
      );
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible({
        timeout: 15_000,
      });
      fail = false;
      await page.getByRole('button', { name: 'Try Again' }).click();
      await expect(statementsTable(page)).toBeVisible();
    },
  );

  test('James, without the historical-data role, is sent to the dashboard', async ({
    page,
    signInWithPin,
  }) => {
    await signInWithPin(james);
    await expect(page).toHaveURL(/\/webpay\/dashboard$/);
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Statements' }),
    ).toHaveCount(0);
    await page.goto('/webpay/statements');
    await expect(page).toHaveURL(/\/webpay\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  });
});

test.describe('statements: WCAG 2.1 A and AA (axe)', () => {
  test('list and statement dialog, in every look', async ({
    page,
    signInWithPin,
    axeInEveryLook,
  }) => {
    test.setTimeout(90_000);
    const statements = await openStatements(page, signInWithPin, maria);
    await axeInEveryLook('statements');

    const latest = statements[0] as StatementSummary;
    await page
      .getByRole('button', { name: `View statement of ${formatDate(latest.statementDate)}` })
      .click();
    await expect(
      statementDialog(page, latest).getByRole('table', { name: 'Statement lines' }),
    ).toBeVisible();
    await axeInEveryLook('statement dialog');
  });
});
