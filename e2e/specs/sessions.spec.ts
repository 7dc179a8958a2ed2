import { SESSION_EXPIRED_MODAL } from '@webpay/contracts/messages';
import { test, expect, maria, james, DEMO_GUARANTORS } from '../support/fixtures.ts';
import { codeFrom } from '../support/mailbox.ts';

test.describe('sessions', () => {
  test('a session revoked on the server ends in the Session Expired modal and back at login', async ({
    page,
    signInWithPin,
  }) => {
    await signInWithPin(maria);
    await expect(page).toHaveURL(/\/webpay\/dashboard$/);
    const token = await page.evaluate(() => window.localStorage.getItem('webpay-session-token'));
    const apiKey = await page.getAttribute('meta[name="webpay-api-key"]', 'content');
    const revoked = await page.request.post('/api/v1/services/rcm-webpay-service/auth/logout', {
      headers: {
        'X-API-Key': apiKey ?? '',
        'X-Requested-With': 'XMLHttpRequest',
        Authorization: `Bearer ${token}`,
      },
    });
    expect(revoked.status()).toBe(204);

    await page.reload();
    const modal = page.getByRole('alertdialog', { name: SESSION_EXPIRED_MODAL.title });
    await expect(modal).toContainText(SESSION_EXPIRED_MODAL.message);
    await modal.getByRole('button', { name: SESSION_EXPIRED_MODAL.action }).click();
    await expect(page).toHaveURL(/\/webpay\/login/);
  });

  test('statements and payments need the historical-data role', async ({ page, signInWithPin }) => {
    await signInWithPin(james);
    await expect(page).toHaveURL(/\/webpay\/dashboard$/);
    await expect(page.getByRole('link', { name: 'Statements' })).toHaveCount(0);
    await page.goto('/webpay/statements');
    await expect(page).toHaveURL(/\/webpay\/dashboard$/);
    await page.goto('/webpay/payments');
    await expect(page).toHaveURL(/\/webpay\/dashboard$/);
  });

  test('next survives the round trip through sign-in', async ({ page }) => {
    await page.goto('/webpay/statements');
    await expect(page).toHaveURL(/\/webpay\/login\/pin\?next=%2Fstatements$/);
    await page.getByLabel('Account number').fill(maria.accountNumber);
    await page.getByLabel('PIN', { exact: true }).fill(maria.pin);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/webpay\/statements$/);
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  });

  test('a PIN session confirms its e-mail by code and becomes a totp session', async ({
    page,
    signInWithPin,
    mailbox,
    sessionClaims,
  }) => {
    const robert = DEMO_GUARANTORS.robert;
    await signInWithPin(robert);
    await expect(page).toHaveURL(/\/webpay\/dashboard$/);
    expect((await sessionClaims())?.loginType).toBe('pin');

    const notice = page.getByRole('region', { name: 'Confirm your identity' });
    await notice.getByRole('button', { name: 'Email me a code' }).click();
    await expect(page).toHaveURL(/\/webpay\/verify\/code\?/);
    await page
      .getByLabel('Verification code')
      .fill(codeFrom(await mailbox.next(robert.email ?? '')));
    await page.getByRole('button', { name: 'Verify' }).click();

    await expect(page).toHaveURL(/\/webpay\/dashboard$/);
    expect((await sessionClaims())?.loginType).toBe('totp');
    await expect(page.getByRole('region', { name: 'Confirm your identity' })).toHaveCount(0);
  });
});
