import { API_PATHS, SERVICE_BASE_PATH } from '@webpay/contracts/api';
import { ERROR_CODES } from '@webpay/contracts/error-codes';
import { SIGN_IN_MESSAGES } from '@webpay/contracts/messages';
import { SIGN_IN_ERROR_DETAILS, SIGN_IN_ERROR_DETAILS_ES } from '@webpay/contracts/sign-in';
import { test, expect, ANY_DB, DEMO_GUARANTORS } from '../support/fixtures.ts';
import { readIn } from '../support/looks.ts';
import { linkFrom } from '../support/mailbox.ts';

const james = DEMO_GUARANTORS.james;
const confirmation =
  'If that address belongs to an account, we sent a sign-in link to it. The link works once, for 15 minutes.';

test.describe('magic link', () => {
  test.describe.configure({ mode: 'serial' });

  test('James asks for a link, signs in with it once, and it works only once', async ({
    page,
    mailbox,
    sessionClaims,
  }) => {
    await page.goto('/webpay/login');
    const linkForm = page.getByRole('region', { name: 'Sign in with a link' });
    await linkForm.getByLabel('Email address').fill(james.email ?? '');
    await linkForm.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await expect(page.getByText(confirmation)).toBeVisible();

    const link = linkFrom(await mailbox.next(james.email ?? ''), '/login/magic');
    expect(new URL(link).searchParams.get('abracadabra')).toBeTruthy();

    await page.goto(link);
    await expect(page).toHaveURL(/\/webpay\/dashboard$/);
    expect((await sessionClaims())?.loginType).toBe('magic');

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/webpay\/login/);
    await page.goto(link);
    await expect(page.getByText(SIGN_IN_MESSAGES.magicLinkFailed)).toBeVisible();
    expect(await sessionClaims()).toBeNull();
  });

  test('an address without an account gets the same answer and no e-mail', async ({
    page,
    mailbox,
  }) => {
    await page.goto('/webpay/login');
    const linkForm = page.getByRole('region', { name: 'Sign in with a link' });
    await linkForm.getByLabel('Email address').fill('nobody.here@example.com');
    await linkForm.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await expect(page.getByText(confirmation)).toBeVisible();
    await page.waitForTimeout(500);
    expect(await mailbox.nothingFor('nobody.here@example.com')).toBe(true);
  });

  test(
    'says in English, then in Spanish, that the link could not be sent while mail is down',
    ANY_DB,
    async ({ page }) => {
      // The service's answer while the mail server cannot take mail (decision 0006).
      let asked = 0;
      await page.route(`**${SERVICE_BASE_PATH}${API_PATHS.loginMagicRequest}`, async (route) => {
        asked += 1;
        await route.fulfill({
          status: 503,
          contentType: 'application/json',
          json: {
            title: 'Email not sent',
            status: 503,
            code: ERROR_CODES.mailUnavailable,
            details: [SIGN_IN_ERROR_DETAILS.mailUnavailable],
            requestId: 'e2e-mail-unavailable',
            correlationId: 'e2e-mail-unavailable',
          },
        });
      });
      await page.goto('/webpay/login');
      const linkForm = page.getByRole('region', { name: 'Sign in with a link' });
      await linkForm.getByLabel('Email address').fill(james.email ?? '');
      await linkForm.getByRole('button', { name: 'Email me a sign-in link' }).click();
      await expect(linkForm.getByRole('alert')).toHaveText(SIGN_IN_ERROR_DETAILS.mailUnavailable);
      await expect(page.getByText(confirmation)).toHaveCount(0);

      await readIn(page, 'es');
      const linkFormEs = page.getByRole('region', { name: 'Iniciar sesión con un enlace' });
      await expect(linkFormEs.getByRole('alert')).toHaveText(
        SIGN_IN_ERROR_DETAILS_ES.mailUnavailable,
      );
      await linkFormEs
        .getByRole('button', { name: 'Enviarme un enlace para iniciar sesión' })
        .click();
      await expect.poll(() => asked).toBe(2);
      await expect(linkFormEs.getByRole('alert')).toHaveText(
        SIGN_IN_ERROR_DETAILS_ES.mailUnavailable,
      );
      await expect(linkFormEs.getByRole('status')).toHaveCount(0);
    },
  );

  test('a made-up link does not sign in', async ({ page, sessionClaims }) => {
    await page.goto('/webpay/login/magic?abracadabra=not-a-real-token');
    await expect(page.getByText(SIGN_IN_MESSAGES.magicLinkFailed)).toBeVisible();
    expect(await sessionClaims()).toBeNull();
  });
});
