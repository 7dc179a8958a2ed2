import { test, expect, maria, DEMO_GUARANTORS } from '../support/fixtures.ts';
import { showAs, themes, viewports } from '../support/looks.ts';

test.describe('WCAG 2.1 A and AA (axe)', () => {
  for (const viewport of viewports) {
    for (const theme of themes) {
      test(`login page and dashboard, ${theme}, ${viewport.name}`, async ({
        page,
        signInWithPin,
        accessibilityViolations,
      }) => {
        await showAs(page, viewport, theme);

        await page.goto('/webpay/login/pin');
        await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
        await expect(page).toHaveTitle('WebPay Login');
        expect(await accessibilityViolations()).toEqual([]);

        await signInWithPin(maria);
        await expect(
          page.getByRole('region', { name: 'Pending Encounters' }).getByText('107-40010001'),
        ).toBeVisible();
        expect(await accessibilityViolations()).toEqual([]);

        // The dashboard's other states: an expanded plan, a popover, an error, a dialog, another tab.
        await page.getByRole('button', { name: 'Show details for plan PP-7001-1' }).click();
        await page.getByRole('textbox', { name: 'Payment amount for 107-40010002' }).fill('20');
        await page.getByRole('button', { name: /^Pending Payments for 107-40010001/ }).click();
        await expect(
          page.getByRole('dialog', { name: 'Pending Payments for 107-40010001' }),
        ).toBeVisible();
        expect(await accessibilityViolations()).toEqual([]);
        await page.keyboard.press('Escape');

        await page.getByRole('button', { name: 'Pay Now $20.00' }).click();
        await expect(page.getByRole('dialog', { name: 'Make a Payment' })).toBeVisible();
        expect(await accessibilityViolations()).toEqual([]);
        await page.keyboard.press('Escape');

        await page.getByRole('tab', { name: /Central Lab/ }).click();
        const field = page.getByRole('textbox', { name: 'Payment amount for 153-80002' });
        await field.fill('99');
        await expect(field).toHaveAttribute('aria-invalid', 'true');
        expect(await accessibilityViolations()).toEqual([]);
      });
    }
  }
});

test.describe('WCAG 2.1 A and AA on the other dashboards (axe)', () => {
  for (const viewport of viewports) {
    for (const theme of themes) {
      test(`James (other facilities) and Linda (nothing owed), ${theme}, ${viewport.name}`, async ({
        page,
        signInWithPin,
        accessibilityViolations,
      }) => {
        await showAs(page, viewport, theme);

        await signInWithPin(DEMO_GUARANTORS.james);
        await expect(page.getByRole('table', { name: 'Home Care encounters' })).toBeVisible();
        expect(await accessibilityViolations(), 'James').toEqual([]);

        await page.getByRole('button', { name: 'Log out' }).click();
        await expect(page).toHaveURL(/\/webpay\/login/);
        await signInWithPin(DEMO_GUARANTORS.linda);
        await expect(page.getByText('107-40030001').first()).toBeVisible();
        expect(await accessibilityViolations(), 'Linda').toEqual([]);
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
        await showAs(page, viewport, theme);

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

test.describe('WCAG 2.1 A and AA in sign-in states and modals (axe)', () => {
  for (const theme of themes) {
    test(`link sent, code resend refused, sign-up refused and session expired, ${theme}`, async ({
      page,
      signInWithPin,
      accessibilityViolations,
    }) => {
      await page.addInitScript((value) => {
        window.localStorage.setItem('webpay-ui-theme', value);
      }, theme);

      await page.goto('/webpay/login');
      const linkForm = page.getByRole('region', { name: 'Sign in with a link' });
      await linkForm.getByLabel('Email address').fill(`nobody.${theme}@example.com`);
      await linkForm.getByRole('button', { name: 'Email me a sign-in link' }).click();
      await expect(page.getByText(/we sent a sign-in link to it/)).toBeVisible();
      expect(await accessibilityViolations(), 'link sent').toEqual([]);

      await page.goto('/webpay/login/email');
      await page.getByLabel('Email address').fill(`stranger.${theme}@example.com`);
      await page.getByLabel('Date of birth').fill('1980-01-01');
      await page.getByRole('button', { name: 'Send code' }).click();
      await expect(page).toHaveURL(/\/webpay\/verify\/code\?/);
      const refused = page.getByRole('alertdialog', { name: 'Failed to Send Code' });
      // The sixth new code for one verification is refused (429).
      for (let resend = 0; resend < 6; resend += 1) {
        await Promise.all([
          page.waitForResponse((response) =>
            response.url().endsWith('/auth/signup/email/send-code'),
          ),
          page.getByRole('button', { name: 'Send a new code' }).click(),
        ]);
        if (resend < 5) await expect(refused).toBeHidden();
      }
      await expect(refused).toBeVisible();
      expect(await accessibilityViolations(), 'Failed to Send Code').toEqual([]);

      await page.goto('/webpay/login/signup');
      await page.getByLabel('Account number').fill('999999999');
      await page.getByLabel('First name').fill('Nobody');
      await page.getByLabel('Last name').fill('Here');
      await page.getByLabel('Date of birth').fill('1980-01-01');
      await page.getByLabel('Email address').fill(`nobody.here.${theme}@example.com`);
      await page
        .getByRole('group', { name: 'Go paperless?' })
        .getByRole('radio', { name: 'No' })
        .check();
      await page.getByRole('button', { name: 'Sign up' }).click();
      await expect(page.getByRole('alert')).toContainText('We could not find an account');
      expect(await accessibilityViolations(), 'sign-up refused').toEqual([]);

      await signInWithPin(DEMO_GUARANTORS.linda);
      await expect(page).toHaveURL(/\/webpay\/dashboard$/);
      await page.evaluate(() =>
        window.localStorage.setItem('webpay-session-token', 'expired.or.tampered'),
      );
      await page.reload();
      await expect(page.getByRole('alertdialog', { name: 'Session Expired' })).toBeVisible();
      expect(await accessibilityViolations(), 'Session Expired').toEqual([]);
    });
  }
});
