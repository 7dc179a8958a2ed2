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

const signInScreens = [
  { path: '/webpay/login', ready: 'Email me a sign-in link' },
  { path: '/webpay/login/email', ready: 'Send code' },
  { path: '/webpay/login/signup', ready: 'Sign up' },
  {
    path: '/webpay/verify/code?guarantorId=g-1&verificationId=v-1&email=someone%40example.com',
    ready: 'Verify',
  },
] as const;

test.describe('WCAG 2.1 A and AA on every sign-in screen (axe)', () => {
  for (const viewport of viewports) {
    for (const theme of themes) {
      test(`sign-in screens, the Invalid Code modal and the magic-link failure, ${theme}, ${viewport.name}`, async ({
        page,
        accessibilityViolations,
      }) => {
        await page.setViewportSize(viewport);
        await page.addInitScript((value) => {
          window.localStorage.setItem('webpay-ui-theme', value);
        }, theme);

        for (const screen of signInScreens) {
          await page.goto(screen.path);
          await expect(page.getByRole('button', { name: screen.ready })).toBeVisible();
          expect(await accessibilityViolations(), screen.path).toEqual([]);
        }

        await page.getByLabel('Verification code').fill('123456');
        await page.getByRole('button', { name: 'Verify' }).click();
        await expect(page.getByRole('alertdialog', { name: 'Invalid Code' })).toBeVisible();
        expect(await accessibilityViolations(), 'Invalid Code modal').toEqual([]);

        await page.goto('/webpay/login/magic?abracadabra=not-a-real-token');
        await expect(
          page.getByText('Unexpected error during sign-in with magic link'),
        ).toBeVisible();
        expect(await accessibilityViolations(), 'magic link failure').toEqual([]);
      });
    }
  }
});
