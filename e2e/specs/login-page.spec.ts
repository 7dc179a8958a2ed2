import { LOGIN_PROMO } from '@webpay/contracts/messages';
import { test, expect, maria, ANY_DB } from '../support/fixtures.ts';

test.describe('the login page', () => {
  test(
    'shows the logo, the form and the promotional panel on a wide screen',
    ANY_DB,
    async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto('/webpay/login/pin');
      await expect(page).toHaveTitle('WebPay Login');
      await expect(page.getByRole('img', { name: 'WebPay' }).first()).toBeVisible();
      await expect(page.getByRole('heading', { name: LOGIN_PROMO.heading })).toBeVisible();
      await expect(page.getByText(LOGIN_PROMO.body)).toBeVisible();
      for (const bullet of LOGIN_PROMO.bullets) {
        await expect(page.getByText(bullet, { exact: true })).toBeVisible();
      }
    },
  );

  test('hides the promotional panel on a phone', ANY_DB, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/webpay/login/pin');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('heading', { name: LOGIN_PROMO.heading })).toBeHidden();
  });

  test('offers every way to sign in', ANY_DB, async ({ page }) => {
    await page.goto('/webpay/login');
    await expect(
      page.getByRole('link', { name: 'Sign in with account number and PIN' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in with email' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign up' })).toBeVisible();
  });

  test('entering the login area ends a signed-in session', async ({
    page,
    signInWithPin,
    storedSessionKeys,
  }) => {
    await signInWithPin(maria);
    await expect(page).toHaveURL(/\/webpay\/dashboard$/);
    expect(await storedSessionKeys()).not.toEqual([]);

    await page.goto('/webpay/login');
    await expect(page.getByRole('link', { name: 'Sign up' })).toBeVisible();
    await expect.poll(storedSessionKeys).toEqual([]);
    await page.goto('/webpay/dashboard');
    await expect(page).toHaveURL(/\/webpay\/login\/pin\?next=%2Fdashboard$/);
  });
});
