import { readFile } from 'node:fs/promises';
import type { Browser, Locator, Page } from '@playwright/test';
import { DASHBOARD_LABELS, SESSION_EXPIRED_MODAL } from '@webpay/contracts/messages';
import {
  OFFICE_API_PATHS,
  SUPPORT_ACTIONS,
  officeHomeSchema,
  type StaffRole,
  type SupportAction,
} from '@webpay/contracts/office';
import { SIGN_IN_LIMITS } from '@webpay/contracts/sign-in';
import { DEMO_GUARANTORS } from '../support/fixtures.ts';
import { linkFrom } from '../support/mailbox.ts';
import { test, expect, openGuarantorBySearch } from '../support/office-fixtures.ts';
import { OFFICE } from '../support/office.ts';

/*
 * The billing office console's guarantor work against the real service
 * (issue #23): find a guarantor by every key, see what the portal shows them,
 * help them with the support actions, and read who did what in the audit
 * trail. The support actions change Maria's sign-in (a new PIN, a lockout,
 * ended sessions), so this file runs on the first server after every other
 * spec there (playwright.config.ts), its tests in order.
 */

const maria = DEMO_GUARANTORS.maria;
const MARIA_EMAIL = 'maria.garcia@example.com';
const DESKTOP = { width: 1280, height: 900 } as const;

const ACTION_LABELS: Record<SupportAction, string> = {
  'unlock-sign-in': 'Unlock sign-in',
  'sign-out-all-sessions': 'Sign out all sessions',
  'send-sign-in-link': 'Send sign-in link',
  'issue-new-pin': 'Issue new PIN',
  'correct-email': 'Correct email',
};

function section(page: Page, name: string): Locator {
  return page.getByRole('region', { name, exact: true });
}

/** The visible text of a table's body rows, cell by cell. */
async function rowsOf(table: Locator): Promise<string[][]> {
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) =>
        Array.from(row.querySelectorAll('td'), (cell) => (cell as HTMLElement).innerText.trim()),
      ),
    );
}

/** A portal tab of its own, signed in as `who` with their PIN. */
async function portalAs(browser: Browser, baseURL: string | undefined, pin = maria.pin) {
  const context = await browser.newContext({ baseURL, locale: 'en-US', viewport: DESKTOP });
  const portal = await context.newPage();
  await portal.goto('/webpay/login/pin');
  await portal.getByLabel('Account number').fill(maria.accountNumber);
  await portal.getByLabel('PIN', { exact: true }).fill(pin);
  await portal.getByRole('button', { name: 'Sign in' }).click();
  return { context, portal };
}

/** Maria's portal, on her dashboard. */
async function mariasDashboard(browser: Browser, baseURL: string | undefined) {
  const opened = await portalAs(browser, baseURL);
  await expect(opened.portal).toHaveURL(/\/webpay\/dashboard$/);
  return opened;
}

/** Runs a support action from its dialog with a reason; answers the service's message. */
async function runAction(page: Page, action: SupportAction, reason: string, email?: string) {
  await page.getByRole('button', { name: ACTION_LABELS[action], exact: true }).click();
  const dialog = page.getByRole('dialog', { name: ACTION_LABELS[action] });
  if (email !== undefined) await dialog.getByLabel('New email address').fill(email);
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  const done = dialog.getByRole('status');
  await expect(done).toBeVisible();
  return { dialog, message: (await done.textContent()) ?? '' };
}

async function closeDone(page: Page) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
}

/** The page's own Audit section shows the action's row, with its reason, by the agent. */
async function expectAuditRow(page: Page, action: SupportAction, reason: string) {
  const row = section(page, 'Audit')
    .getByRole('row')
    .filter({ hasText: `office.support.${action}` })
    .filter({ hasText: reason });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Chris Park');
  await expect(row).toContainText('Succeeded');
}

async function openMaria(page: Page, openOfficeAs: (role: StaffRole) => Promise<unknown>) {
  await page.setViewportSize(DESKTOP);
  await openOfficeAs('agent');
  await openGuarantorBySearch(page, maria.accountNumber, maria.accountNumber);
  await expect(page.getByRole('heading', { name: 'Maria Garcia', level: 1 })).toBeVisible();
}

test.describe('billing office: guarantors', OFFICE, () => {
  test.describe.configure({ mode: 'default' });

  test('search finds Maria by each key, and the keyboard opens her page', async ({
    page,
    openOfficeAs,
  }) => {
    await page.setViewportSize(DESKTOP);
    await openOfficeAs('viewer');
    const searches: [query: string, matchedOn: string][] = [
      [maria.accountNumber, 'Account number'],
      ['GARCÍ', 'Name'],
      ['1984-03-17', 'Birthdate'],
      ['03/17/1984', 'Birthdate'],
      ['Maria.Garcia@Example.com', 'Email'],
      ['801 555 0142', 'Phone'],
      ['r-8104', 'Receipt number'],
      ['107-40010002', 'Encounter'],
    ];
    for (const [query, matchedOn] of searches) {
      await openGuarantorBySearch(page, query, maria.accountNumber, matchedOn);
      await expect(page.getByRole('heading', { name: 'Maria Garcia', level: 1 })).toBeVisible();
      await expect(page.getByText('Account 100200300')).toBeVisible();
      await page.goBack();
    }
    await page.getByLabel('Find a guarantor').fill('no such guarantor anywhere');
    await expect(page.getByRole('status')).toHaveText(
      'No guarantor matches “no such guarantor anywhere”.',
    );
  });

  test("Maria's page shows the figures her portal shows her", async ({
    page,
    browser,
    baseURL,
    openOfficeAs,
  }) => {
    const { context, portal } = await mariasDashboard(browser, baseURL);
    const card = (title: string) => portal.getByRole('region', { name: title, exact: true });
    const amount = async (locator: Locator) =>
      /\$[\d,]+\.\d\d/.exec((await locator.textContent()) ?? '')?.[0];
    const portalTotal = await amount(card(DASHBOARD_LABELS.totalOutstanding));
    const portalPastDue = await amount(card(DASHBOARD_LABELS.pastDue));
    // Every facility's tab: each encounter's account number and balance.
    const portalBalances = new Map<string, string>();
    const tabs = portal.getByRole('tablist', { name: 'Facilities' }).getByRole('tab');
    for (const tab of await tabs.all()) {
      await tab.click();
      const panel = portal.getByRole('tabpanel');
      for (const table of await panel.getByRole('table').all()) {
        const headers = await table.locator('thead th').allInnerTexts();
        const account = headers.findIndex((header) => /Account Number/i.test(header));
        const balance = headers.findIndex((header) => /^Balance$/i.test(header.trim()));
        if (account === -1 || balance === -1) continue;
        for (const cells of await rowsOf(table)) {
          const id = cells[account];
          if (id && /^\d{3}-\d+$/.test(id)) portalBalances.set(id, cells[balance] ?? '');
        }
      }
    }
    await context.close();
    expect(portalBalances.size).toBeGreaterThan(0);

    await openMaria(page, openOfficeAs);
    const balances = section(page, 'Balances');
    await expect(balances.getByRole('definition').first()).toHaveText(portalTotal ?? 'missing');
    await expect(balances.getByRole('definition').nth(1)).toHaveText(portalPastDue ?? 'missing');
    const consoleBalances = new Map(
      (await rowsOf(section(page, 'Encounters').getByRole('table'))).map((cells) => [
        cells[0],
        cells.at(-1),
      ]),
    );
    for (const [encounter, balance] of portalBalances) {
      expect(consoleBalances.get(encounter), encounter).toBe(balance);
    }
  });

  test('a lock-out by wrong PINs in the portal shows on her page, and Unlock sign-in ends it', async ({
    page,
    browser,
    baseURL,
    openOfficeAs,
  }) => {
    const context = await browser.newContext({ baseURL, locale: 'en-US' });
    const portal = await context.newPage();
    await portal.goto('/webpay/login/pin');
    const wrongPin = '11111111';
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.lockoutFailures; attempt += 1) {
      await portal.getByLabel('Account number').fill(maria.accountNumber);
      await portal.getByLabel('PIN', { exact: true }).fill(wrongPin);
      await portal.getByRole('button', { name: 'Sign in' }).click();
      await expect(portal.getByRole('alert')).toBeVisible();
    }
    await expect(portal.getByRole('alert')).toContainText('sign-in to this account is paused');

    await openMaria(page, openOfficeAs);
    const signIn = section(page, 'Sign-in');
    await expect(signIn).not.toContainText('Not locked');
    const reason = `Locked out on the phone ${Date.now()}`;
    const { message } = await runAction(page, 'unlock-sign-in', reason);
    expect(message).toBe('Sign-in is unlocked; the failed attempts are forgotten.');
    await closeDone(page);
    await expect(signIn).toContainText('Not locked');
    await expectAuditRow(page, 'unlock-sign-in', reason);

    await portal.getByLabel('Account number').fill(maria.accountNumber);
    await portal.getByLabel('PIN', { exact: true }).fill(maria.pin);
    await portal.getByRole('button', { name: 'Sign in' }).click();
    await expect(portal).toHaveURL(/\/webpay\/dashboard$/);
    await context.close();
  });

  test("Sign out all sessions ends Maria's portal session", async ({
    page,
    browser,
    baseURL,
    openOfficeAs,
  }) => {
    const { context, portal } = await mariasDashboard(browser, baseURL);

    await openMaria(page, openOfficeAs);
    await expect(section(page, 'Sign-in')).toContainText(/Active sessions\s*[1-9]/);
    const reason = `Lost her phone ${Date.now()}`;
    const { message } = await runAction(page, 'sign-out-all-sessions', reason);
    expect(message).toMatch(/^[1-9]\d* sessions? (was|were) signed out\.$/);
    await closeDone(page);
    await expect(section(page, 'Sign-in')).toContainText(/Active sessions\s*0/);
    await expectAuditRow(page, 'sign-out-all-sessions', reason);

    await portal.reload();
    const modal = portal.getByRole('alertdialog', { name: SESSION_EXPIRED_MODAL.title });
    await expect(modal).toBeVisible();
    await context.close();
  });

  test('Send sign-in link e-mails Maria a link, and Correct email changes her address', async ({
    page,
    openOfficeAs,
    mailbox,
  }) => {
    await openMaria(page, openOfficeAs);
    const linkReason = `Asked for a link ${Date.now()}`;
    const sent = await runAction(page, 'send-sign-in-link', linkReason);
    expect(sent.message).toBe(`A sign-in link is on its way to ${MARIA_EMAIL}.`);
    await closeDone(page);
    const mail = await mailbox.next(MARIA_EMAIL);
    expect(linkFrom(mail)).toContain('/webpay/');
    await expectAuditRow(page, 'send-sign-in-link', linkReason);
    await expect(section(page, 'Emails sent')).toContainText(MARIA_EMAIL);

    const corrected = 'maria.g.garcia@example.com';
    const reason = `New address by phone ${Date.now()}`;
    const changed = await runAction(page, 'correct-email', reason, corrected);
    expect(changed.message).toBe(`The email address is now ${corrected}.`);
    await closeDone(page);
    await expect(section(page, 'Identity and contact')).toContainText(corrected);
    await expectAuditRow(page, 'correct-email', reason);
    // Back to the address the other checks know her by.
    await runAction(page, 'correct-email', `${reason} (undone)`, MARIA_EMAIL);
    await closeDone(page);
    await expect(section(page, 'Identity and contact')).toContainText(MARIA_EMAIL);
  });

  test('Issue new PIN prints its letter once, and her old PIN stops working', async ({
    page,
    browser,
    baseURL,
    openOfficeAs,
  }) => {
    await openMaria(page, openOfficeAs);
    const reason = `PIN letter lost in the mail ${Date.now()}`;
    const { dialog, message } = await runAction(page, 'issue-new-pin', reason);
    expect(message).toBe('A new PIN is issued. Print the letter now: it can be opened only once.');
    // The letter's bytes as the service sent them, read on their way to the page.
    let letter: { status: number; type: string; head: string } | undefined;
    await page.route('**/pin-letters/**', async (route) => {
      const response = await route.fetch();
      const body = await response.body();
      letter = {
        status: response.status(),
        type: response.headers()['content-type'] ?? '',
        head: body.subarray(0, 5).toString(),
      };
      await route.fulfill({ response, body });
    });
    const opened = page.waitForEvent('popup').catch(() => page.waitForEvent('download'));
    await dialog.getByRole('button', { name: 'Print the PIN letter' }).click();
    await expect
      .poll(() => letter)
      .toEqual({ status: 200, type: 'application/pdf', head: '%PDF-' });
    await opened;
    await closeDone(page);
    await expectAuditRow(page, 'issue-new-pin', reason);

    const { context, portal } = await portalAs(browser, baseURL);
    await expect(portal.getByRole('alert')).toBeVisible();
    await expect(portal).toHaveURL(/\/webpay\/login\/pin/);
    await context.close();
  });

  test('each role sees and may use only what it is allowed', async ({
    page,
    openOfficeAs,
    officeRequest,
  }) => {
    const guarantorId = await (async () => {
      const found = await officeRequest(
        'viewer',
        'GET',
        `${OFFICE_API_PATHS.search}?q=${maria.accountNumber}`,
      );
      return (found.body as { hits: { guarantorId: string }[] }).hits[0]?.guarantorId ?? '';
    })();
    const unlock = OFFICE_API_PATHS.guarantorAction(guarantorId, 'unlock-sign-in');
    const refused = { reason: 'Trying what the role may not do' };
    for (const role of ['viewer', 'agent', 'supervisor', 'admin'] as const) {
      const staff = await officeRequest(role, 'GET', OFFICE_API_PATHS.staff);
      expect(staff.status, `${role} GET /staff`).toBe(role === 'admin' ? 200 : 403);
    }
    const viewerAction = await officeRequest('viewer', 'POST', unlock, refused);
    expect(viewerAction.status).toBe(403);
    for (const action of SUPPORT_ACTIONS) {
      const path = OFFICE_API_PATHS.guarantorAction(guarantorId, action);
      expect((await officeRequest('viewer', 'POST', path, refused)).status, action).toBe(403);
    }

    await page.setViewportSize(DESKTOP);
    await openOfficeAs('viewer');
    await page.goto(`/office/guarantors/${guarantorId}`);
    await expect(page.getByRole('heading', { name: 'Maria Garcia', level: 1 })).toBeVisible();
    await expect(section(page, 'Payments')).toBeVisible();
    await expect(page.getByRole('group', { name: 'Support actions' })).toHaveCount(0);
    for (const label of Object.values(ACTION_LABELS)) {
      await expect(page.getByRole('button', { name: label })).toHaveCount(0);
    }
    await expect(page.getByRole('link', { name: 'Staff' })).toHaveCount(0);
    await page.goto('/office/staff');
    await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
  });

  test('the Audit screen filters by guarantor, staff member, action and period, and exports them as CSV', async ({
    page,
    openOfficeAs,
    officeRequest,
    staffSession,
  }) => {
    const viewer = await staffSession('viewer');
    const found = await officeRequest('viewer', 'GET', `${OFFICE_API_PATHS.search}?q=100200300`);
    const guarantorId = (found.body as { hits: { guarantorId: string }[] }).hits[0]?.guarantorId;
    if (!guarantorId) throw new Error('Maria was not found');
    // Two looks at Maria's page by the viewer: the rows the filters must keep.
    for (let look = 0; look < 2; look += 1) {
      expect(
        (await officeRequest('viewer', 'GET', OFFICE_API_PATHS.guarantor(guarantorId))).status,
      ).toBe(200);
    }
    const home = await officeRequest('supervisor', 'GET', OFFICE_API_PATHS.home);
    const { today } = officeHomeSchema.parse(home.body);

    await page.setViewportSize(DESKTOP);
    await openOfficeAs('supervisor');
    // From Maria's page to the Audit screen, filtered to her.
    await openGuarantorBySearch(page, maria.accountNumber, maria.accountNumber);
    await section(page, 'Audit')
      .getByRole('link', { name: 'Filter and export on the Audit screen' })
      .click();
    await expect(page.getByRole('heading', { name: 'Audit', level: 1 })).toBeVisible();
    const filters = page.getByRole('form', { name: 'Filters' });
    await expect(filters.getByLabel('Guarantor', { exact: true })).toHaveValue(guarantorId);
    await filters.getByLabel('Staff member').fill(viewer.staffId);
    await filters.getByLabel('Action', { exact: true }).fill('office.guarantor.viewed');
    await filters.getByLabel('From', { exact: true }).fill(today);
    await filters.getByLabel('To', { exact: true }).fill(today);
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/staffId=/);
    const table = page.getByRole('table', { name: 'Audit trail' });
    const rows = await rowsOf(table);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const cells of rows) {
      // When, on the hospital's clock (America/Denver here) and named so, whatever the browser's zone.
      expect(cells[0]).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M M[SD]T$/);
      // The action in words, its code on the line below.
      expect(cells).toEqual(
        expect.arrayContaining([
          'Sam Reyes',
          'Viewed a guarantor’s page\noffice.guarantor.viewed',
          guarantorId,
        ]),
      );
    }

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile(await file.path(), 'utf8')).trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      'id,occurred_at,actor_type,actor_id,actor_name,guarantor_id,action,outcome,target_type,target_id,reason,ip_address,request_id',
    );
    const csvRows = lines.slice(1).map((line) => line.split(','));
    expect(csvRows).toHaveLength(rows.length);
    for (const cells of csvRows) {
      expect(cells.slice(2, 8)).toEqual([
        'staff',
        viewer.staffId,
        'Sam Reyes',
        guarantorId,
        'office.guarantor.viewed',
        'success',
      ]);
    }

    // The support actions taken above, with their reasons, by the agent.
    await filters.getByLabel('Staff member').fill('');
    await filters.getByLabel('Action', { exact: true }).fill('office.support.issue-new-pin');
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    const pinRow = table.getByRole('row').filter({ hasText: 'PIN letter lost in the mail' });
    await expect(pinRow).toContainText('Chris Park');
    await expect(pinRow).toContainText(guarantorId);
    await expect(table.getByRole('row')).toHaveCount(2);

    // Another staff member's filter keeps none of the viewer's rows: the administrator has not
    // opened Maria's page here.
    await filters.getByLabel('Action', { exact: true }).fill('office.guarantor.viewed');
    await filters.getByLabel('Staff member').fill((await staffSession('admin')).staffId);
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page.getByText('No audit entries match.')).toBeVisible();
  });
});

test.describe('billing office: guarantor screens', OFFICE, () => {
  // Each test signs in after axeInEveryLook has set the theme to follow the browser's.
  test('search and its results (axe)', async ({ page, openOfficeAs, axeInEveryLook }) => {
    await openOfficeAs('agent');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Guarantors' })
      .click();
    await page.getByLabel('Find a guarantor').fill('garcia');
    await expect(page.getByRole('table', { name: 'Results' })).toBeVisible();
    await axeInEveryLook('the search and its results');
  });

  test("a guarantor's page (axe)", async ({ page, openOfficeAs, axeInEveryLook }) => {
    // The longest page of the console, checked in four looks.
    test.setTimeout(120_000);
    await openOfficeAs('agent');
    await openGuarantorBySearch(page, maria.accountNumber, maria.accountNumber);
    await expect(section(page, 'Audit').getByRole('table')).toBeVisible();
    await axeInEveryLook("a guarantor's page");
  });

  for (const action of SUPPORT_ACTIONS) {
    test(`the ${ACTION_LABELS[action]} dialog (axe)`, async ({
      page,
      openOfficeAs,
      axeInEveryLook,
    }) => {
      await openOfficeAs('agent');
      await openGuarantorBySearch(page, maria.accountNumber, maria.accountNumber);
      await page.getByRole('button', { name: ACTION_LABELS[action], exact: true }).click();
      const dialog = page.getByRole('dialog', { name: ACTION_LABELS[action] });
      // Confirmed empty, so the reason's error is on screen too.
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await expect(dialog.getByText('Reason is required')).toBeVisible();
      // The page behind is inert while the dialog is open, and has its own check.
      await axeInEveryLook(`the ${ACTION_LABELS[action]} dialog`, { exclude: ['main'] });
    });
  }

  test('the audit screen (axe)', async ({ page, openOfficeAs, axeInEveryLook }) => {
    // A full page of audit rows, checked in four looks.
    test.setTimeout(120_000);
    await openOfficeAs('supervisor');
    await page.goto('/office/audit');
    await expect(page.getByRole('table', { name: 'Audit trail' })).toBeVisible();
    await axeInEveryLook('the audit screen');
  });
});
