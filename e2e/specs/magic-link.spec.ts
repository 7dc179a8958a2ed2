import { SIGN_IN_MESSAGES } from '@webpay/contracts/messages';
import { test, expect, DEMO_GUARANTORS } from '../support/fixtures.ts';
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

  test('a made-up link does not sign in', async ({ page, sessionClaims }) => {
    await page.goto('/webpay/login/magic?abracadabra=not-a-real-token');
    await expect(page.getByText(SIGN_IN_MESSAGES.magicLinkFailed)).toBeVisible();
    expect(await sessionClaims()).toBeNull();
  });
});
