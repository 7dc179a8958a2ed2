import { test, expect, maria } from '../support/fixtures.ts';

const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;
const themes = ['light', 'dark'] as const;

test.describe('WCAG 2.1 A and AA (axe)', () => {
  for (const viewport of viewports) {
    for (const theme of themes) {
      test(`login page and dashboard, ${theme}, ${viewport.name}`, async ({
        page,
        signInWithPin,
        accessibilityViolations,
      }) => {
        await page.setViewportSize(viewport);
        await page.addInitScript((value) => {
          window.localStorage.setItem('webpay-ui-theme', value);
        }, theme);

        await page.goto('/webpay/login/pin');
        await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
        await expect(page).toHaveTitle('WebPay Login');
        expect(await accessibilityViolations()).toEqual([]);

        await signInWithPin(maria);
        await expect(
          page.getByRole('region', { name: 'Pending Encounters' }).getByText('107-40010001'),
        ).toBeVisible();
        expect(await accessibilityViolations()).toEqual([]);
      });
    }
  }
});
