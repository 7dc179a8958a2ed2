import { test, expect, ANY_DB, maria } from '../support/fixtures.ts';

const unsafeTargets = [
  '//evil.example',
  '/\\evil',
  'https://evil.example',
  '/ok?to=https://evil.example',
];

test.describe('the next parameter of /login/pin', () => {
  for (const next of unsafeTargets) {
    test(`refuses ${next}`, ANY_DB, async ({ page, signInWithPin }) => {
      await page.goto(`/webpay/login/pin?next=${encodeURIComponent(next)}`);
      await expect(page.getByText('Invalid redirect path')).toBeVisible();

      await signInWithPin(maria, next);
      await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/webpay\/dashboard$/);
    });
  }

  test('follows a safe path after sign-in', async ({ page, signInWithPin }) => {
    await signInWithPin(maria, '/contact');
    await expect(page).toHaveURL(/\/webpay\/contact$/);
    await expect(page.getByText('Invalid redirect path')).toHaveCount(0);
  });
});
