import { INVALID_CODE_MODAL } from '@webpay/contracts/messages';
import { test, expect, DEMO_GUARANTORS } from '../support/fixtures.ts';
import { codeFrom } from '../support/mailbox.ts';

const maria = DEMO_GUARANTORS.maria;

/** A six-digit code that is not the one e-mailed. */
const wrongCodeFor = (code: string) => (code === '000000' ? '111111' : '000000');

test.describe('e-mail and date of birth, then an e-mailed code', () => {
  test.describe.configure({ mode: 'serial' });

  test('a wrong code opens Invalid Code; Send New Code e-mails a fresh one that signs in and honours next', async ({
    page,
    mailbox,
    sessionClaims,
  }) => {
    await page.goto('/webpay/login/email?next=%2Fcontact');
    await page.getByLabel('Email address').fill(maria.email ?? '');
    await page.getByLabel('Date of birth').fill(maria.birthdate);
    await page.getByRole('button', { name: 'Send code' }).click();

    await expect(page).toHaveURL(/\/webpay\/verify\/code\?/);
    const search = new URL(page.url()).searchParams;
    expect(search.get('guarantorId')).toBeTruthy();
    expect(search.get('verificationId')).toBeTruthy();
    expect(search.get('email')).toBe(maria.email);
    expect(search.get('next')).toBe('/contact');

    const firstCode = codeFrom(await mailbox.next(maria.email ?? ''));
    const codeField = page.getByLabel('Verification code');

    await codeField.fill(wrongCodeFor(firstCode));
    await page.getByRole('button', { name: 'Verify' }).click();
    const invalid = page.getByRole('alertdialog', { name: INVALID_CODE_MODAL.title });
    await expect(invalid).toContainText(INVALID_CODE_MODAL.message);
    await invalid.getByRole('button', { name: INVALID_CODE_MODAL.cancel }).click();
    await expect(invalid).toBeHidden();

    await codeField.fill(wrongCodeFor(firstCode));
    await page.getByRole('button', { name: 'Verify' }).click();
    await invalid.getByRole('button', { name: INVALID_CODE_MODAL.resend }).click();
    await expect(invalid).toBeHidden();
    const secondCode = codeFrom(await mailbox.next(maria.email ?? ''));

    await codeField.fill(secondCode);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/webpay\/contact$/);
    expect((await sessionClaims())?.loginType).toBe('totp');
  });

  test('an e-mail and date of birth that match nobody still lead to the code page, and no code works', async ({
    page,
    mailbox,
    sessionClaims,
  }) => {
    await page.goto('/webpay/login/email');
    await page.getByLabel('Email address').fill('stranger@example.com');
    await page.getByLabel('Date of birth').fill('1980-01-01');
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page).toHaveURL(/\/webpay\/verify\/code\?/);
    await page.waitForTimeout(500);
    expect(await mailbox.nothingFor('stranger@example.com')).toBe(true);

    await page.getByLabel('Verification code').fill('123456');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alertdialog', { name: INVALID_CODE_MODAL.title })).toBeVisible();
    expect(await sessionClaims()).toBeNull();
  });
});
