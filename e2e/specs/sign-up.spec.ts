import type { Page } from '@playwright/test';
import { test, expect, DEMO_GUARANTORS } from '../support/fixtures.ts';
import { codeFrom, linkFrom } from '../support/mailbox.ts';

const ana = DEMO_GUARANTORS.ana;
const anaEmail = ana.signUpEmail ?? 'ana.torres@example.com';

async function fillSignUp(
  page: Page,
  details: {
    accountNumber: string;
    firstName: string;
    lastName: string;
    birthdate: string;
    email: string;
  },
) {
  await page.goto('/webpay/login/signup');
  await page.getByLabel('Account number').fill(details.accountNumber);
  await page.getByLabel('First name').fill(details.firstName);
  await page.getByLabel('Last name').fill(details.lastName);
  await page.getByLabel('Date of birth').fill(details.birthdate);
  await page.getByLabel('Email address').fill(details.email);
  await page
    .getByRole('group', { name: 'Go paperless?' })
    .getByRole('radio', { name: 'Yes' })
    .check();
  await page.getByRole('button', { name: 'Sign up' }).click();
}

test.describe('sign-up', () => {
  test.describe.configure({ mode: 'serial' });

  test('details that match no account are refused with a clear message', async ({ page }) => {
    await fillSignUp(page, { ...ana, lastName: 'Torrez', email: anaEmail });
    await expect(page.getByRole('alert')).toContainText(
      'We could not find an account with these details',
    );
  });

  test('an account already signed up is told to sign in', async ({ page }) => {
    const maria = DEMO_GUARANTORS.maria;
    await fillSignUp(page, { ...maria, email: 'maria.new@example.com' });
    await expect(page.getByRole('alert')).toContainText('already signed up');
  });

  test('an e-mail address another account has goes on like any other; only its owner is told', async ({
    page,
    mailbox,
  }) => {
    const jamesEmail = DEMO_GUARANTORS.james.email ?? '';
    await fillSignUp(page, { ...ana, email: jamesEmail.toUpperCase() });
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);

    const notice = await mailbox.next(jamesEmail);
    expect(notice.subject).toBe('Someone tried to sign up for WebPay with your email address');
    expect(notice.text).toContain('Nothing has changed');
    expect(notice.text).not.toContain('/verify/code');
  });

  test('Ana Torres signs up, verifies her e-mail by code and lands on her dashboard', async ({
    page,
    mailbox,
    sessionClaims,
  }) => {
    await fillSignUp(page, { ...ana, email: anaEmail });
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

    const mail = await mailbox.next(anaEmail);
    const code = codeFrom(mail);
    await page.goto(linkFrom(mail, '/verify/code'));
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();

    await expect(page).toHaveURL(/\/webpay\/dashboard$/);
    expect((await sessionClaims())?.loginType).toBe('totp');
    await expect(
      page.getByRole('region', { name: 'Pending Encounters' }).getByText('107-40050001'),
    ).toBeVisible();

    // The verified address is now hers: a sign-in link can be sent to it.
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/webpay\/login/);
    const linkForm = page.getByRole('region', { name: 'Sign in with a link' });
    await linkForm.getByLabel('Email address').fill(anaEmail);
    await linkForm.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await page.goto(linkFrom(await mailbox.next(anaEmail), '/login/magic'));
    await expect(page).toHaveURL(/\/webpay\/dashboard$/);
  });
});
