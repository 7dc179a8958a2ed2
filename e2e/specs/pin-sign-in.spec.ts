import { test, expect, ANY_DB, maria, james } from '../support/fixtures.ts';

test.describe('PIN sign-in', () => {
  test('Maria signs in with her PIN and sees her three main encounters', async ({
    page,
    signInWithPin,
  }) => {
    await signInWithPin(maria);
    await expect(page).toHaveURL(/\/webpay\/dashboard$/);

    const pending = page.getByRole('region', { name: 'Pending Encounters' });
    await expect(pending.getByRole('row', { name: /107-40010001/ })).toContainText('Maria Garcia');
    await expect(pending.getByRole('row', { name: /107-40010001/ })).toContainText('$1,250.00');
    await expect(pending.getByRole('row', { name: /107-40010001/ })).toContainText('Jun 2, 2026');
    await expect(pending.getByRole('row', { name: /107-40010002/ })).toContainText('Daniel Garcia');
    await expect(pending.getByRole('row', { name: /107-40010002/ })).toContainText('$310.45');
    await expect(pending.getByRole('row', { name: /107-40010003/ })).toContainText('$0.00');
    for (const row of ['107-40010001', '107-40010002', '107-40010003']) {
      await expect(pending.getByRole('row', { name: new RegExp(row) })).toContainText('Self Pay');
    }
    // Other facilities' and payment-plan encounters are not pending main encounters.
    await expect(pending.getByText('153-80001')).toHaveCount(0);
    await expect(pending.getByText('107-40009001')).toHaveCount(0);
    await expect(page.getByText('Maria Garcia').first()).toBeVisible();
  });

  test('a wrong PIN shows an error and starts no session', async ({
    page,
    signInWithPin,
    storedSessionKeys,
  }) => {
    await signInWithPin({ ...maria, pin: '11111111' });
    await expect(page.getByRole('alert')).toContainText('The account number or PIN is incorrect.');
    await expect(page).toHaveURL(/\/webpay\/login\/pin/);
    expect(await storedSessionKeys()).toEqual([]);

    await page.goto('/webpay/dashboard');
    await expect(page).toHaveURL(/\/webpay\/login\/pin\?next=%2Fdashboard$/);
  });

  test('an unknown account gets the same message as a wrong PIN', async ({
    page,
    signInWithPin,
  }) => {
    await signInWithPin({ ...maria, accountNumber: '999888777' });
    await expect(page.getByRole('alert')).toContainText('The account number or PIN is incorrect.');
  });

  test('the signed-in page is refused without a session and returns after sign-in', async ({
    page,
  }) => {
    await page.goto('/webpay/dashboard');
    await expect(page).toHaveURL(/\/webpay\/login\/pin\?next=%2Fdashboard$/);
    await page.getByLabel('Account number').fill(james.accountNumber);
    await page.getByLabel('PIN', { exact: true }).fill(james.pin);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/webpay\/dashboard$/);
  });

  test('logging out ends the session on the server too', async ({
    page,
    signInWithPin,
    storedSessionKeys,
  }) => {
    await signInWithPin(maria);
    await expect(page).toHaveURL(/\/webpay\/dashboard$/);
    const token = await page.evaluate(
      () => Object.entries(window.localStorage).find(([key]) => key.endsWith('token'))?.[1],
    );
    expect(token).toBeTruthy();

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/webpay\/login/);
    expect(await storedSessionKeys()).toEqual([]);

    const apiKey = await page.getAttribute('meta[name="webpay-api-key"]', 'content');
    const response = await page.request.get('/api/v1/services/rcm-webpay-service/auth/me', {
      headers: {
        'X-API-Key': apiKey ?? '',
        'X-Requested-With': 'XMLHttpRequest',
        Authorization: `Bearer ${token}`,
      },
    });
    expect(response.status()).toBe(401);
  });

  test('unknown portal paths go to the start, replacing history', ANY_DB, async ({ page }) => {
    await page.goto('/webpay/no/such/page');
    await expect(page).toHaveURL(/\/webpay\/login\/pin/);
    expect(page.url()).not.toContain('no/such/page');
  });
});
