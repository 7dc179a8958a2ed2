import { SANDBOX_BANK_ACCOUNTS } from '@webpay/server/testkit/instruments';
import { test, expect, maria } from '../support/fixtures.ts';
import { OFFICE, signInThroughProvider } from '../support/office.ts';
import { openPaymentDialog, fillBillingDetails } from '../support/payment-dialog.ts';
import { SSO_ACCOUNTS, SSO_LABEL } from '../support/sso-accounts.ts';

/*
 * Single sign-on of the billing office console through a real OpenID
 * Connect provider on a loopback port (support/start-server.ts): out to the
 * provider's own sign-in page and back, signed in with the role the
 * person's group maps to, or refused on the console's sign-in page.
 */

const DESKTOP = { width: 1280, height: 900 } as const;

test.describe('billing office single sign-on', OFFICE, () => {
  test('a person in a mapped group signs in through the identity provider with its role', async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize(DESKTOP);
    // The trip out and back must pass the console's security headers (CSP form-action, redirects).
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
    });
    await page.goto('/office/sign-in');
    const button = page.getByRole('link', { name: 'Sign in with single sign-on' });
    await expect(button).toBeVisible();
    await expect(button).toHaveAccessibleDescription(`Through ${SSO_LABEL}`);

    await button.click();
    const login = page.locator('input[name="login"]');
    await expect(login).toBeVisible();
    expect(new URL(page.url()).origin).not.toBe(baseURL);
    await login.fill(SSO_ACCOUNTS.supervisor.login);
    await page.locator('input[name="password"]').fill('any password');
    await page.locator('button[type="submit"]').click();

    await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/office\/$/);
    await expect(page.getByRole('banner')).toContainText(
      `${SSO_ACCOUNTS.supervisor.name} · Supervisor`,
    );
    const links = await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link')
      .allTextContents();
    expect(links).toEqual([
      'Home',
      'Guarantors',
      'Payments',
      'Financial assistance',
      'Reports',
      'Audit',
    ]);
    expect(blocked).toEqual([]);
  });

  test('a person in no mapped group is refused, with the reason on the sign-in page', async ({
    page,
  }) => {
    await signInThroughProvider(page, SSO_ACCOUNTS.unmapped);
    await expect(page).toHaveURL(/\/office\/sign-in\?sso=SSO_ROLE_NOT_MAPPED$/);
    await expect(page.getByRole('alert')).toHaveText(
      'Your account is not in a group that may use the billing office console. Ask your manager for access.',
    );
    // Both ways in are still there.
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in with single sign-on' })).toBeVisible();
  });

  test('sign out everywhere ends the session in another tab too', async ({ page, context }) => {
    await signInThroughProvider(page, SSO_ACCOUNTS.agent);
    await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
    // The console keeps its session per tab: the second tab signs in on its own.
    const other = await context.newPage();
    await signInThroughProvider(other, SSO_ACCOUNTS.agent);
    await expect(other.getByRole('banner')).toContainText(`${SSO_ACCOUNTS.agent.name} · Agent`);
    await expect(other.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(page).toHaveURL(/\/office\/sign-in\?ended=signed-out$/);
    await other
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Audit' })
      .click();
    await expect(other).toHaveURL(/\/office\/sign-in\?ended=unauthorized/);
    await expect(other.getByText('Your session has ended. Sign in again to go on.')).toBeVisible();
  });

  test("home counts today's payments as guarantors make them", async ({ page, browser }) => {
    await page.setViewportSize(DESKTOP);
    await signInThroughProvider(page, SSO_ACCOUNTS.supervisor);
    const today = page.getByRole('region', { name: /^Today · / });
    const figures = today.getByRole('definition');
    await expect(figures.first()).toBeVisible();
    const before = await figures.allTextContents();
    const countOf = (detail: string) => Number(/^(\d+) payments?$/.exec(detail)?.[1] ?? NaN);
    const cents = (amount: string) => Math.round(Number(amount.replace(/[$,]/g, '')) * 100);
    const attention = page.getByRole('region', { name: 'Needs attention' });
    await expect(attention.getByText('Payments awaiting reconciliation')).toBeVisible();
    await expect(attention.getByText('Emails that failed')).toBeVisible();

    // Maria pays $1.00 by eCheck in a browser of her own.
    const guarantor = await browser.newContext({ locale: 'en-US' });
    const mariaPage = await guarantor.newPage();
    await mariaPage.goto('/webpay/login/pin');
    await mariaPage.getByLabel('Account number').fill(maria.accountNumber);
    await mariaPage.getByLabel('PIN', { exact: true }).fill(maria.pin);
    await mariaPage.getByRole('button', { name: 'Sign in' }).click();
    const dialog = await openPaymentDialog(mariaPage);
    await dialog.getByRole('radio', { name: 'eCheck' }).check();
    await fillBillingDetails(dialog);
    await dialog
      .getByRole('textbox', { name: 'Routing number' })
      .fill(SANDBOX_BANK_ACCOUNTS.approved.routingNumber);
    await dialog
      .getByRole('textbox', { name: 'Account number' })
      .fill(SANDBOX_BANK_ACCOUNTS.approved.accountNumber);
    await dialog
      .getByRole('checkbox', { name: 'I have read and accept this authorization' })
      .check();
    await dialog.getByRole('button', { name: 'Pay $1.00' }).click();
    await expect(mariaPage.getByRole('dialog', { name: 'Payment Receipt' })).toBeVisible();
    await guarantor.close();

    // Other tests pay too, so at least her payment is added.
    await expect
      .poll(async () => {
        await page.reload();
        await expect(figures.first()).toBeVisible();
        const [amount = '', detail = ''] = await figures.allTextContents();
        return (
          countOf(detail) - countOf(before[1] ?? '') >= 1 &&
          cents(amount) - cents(before[0] ?? '') >= 100
        );
      })
      .toBe(true);
  });
});
