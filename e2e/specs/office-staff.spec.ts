import type { Browser, Page } from '@playwright/test';
import { totpCode } from '@webpay/server/testkit/office';
import { test, expect } from '../support/fixtures.ts';
import {
  OFFICE,
  fillStaffSignIn,
  nextStepCode,
  signInThroughProvider,
  type StaffCredentials,
} from '../support/office.ts';
import { SSO_ACCOUNTS } from '../support/sso-accounts.ts';

/*
 * Staff administration and enrolment in the billing office console: an
 * administrator adds a member and hands over a one-time link; the member
 * sets a password and an authenticator from it, keeps recovery codes and
 * signs in; resetting and disabling lock them out again.
 */

const DESKTOP = { width: 1280, height: 900 } as const;
const PASSWORD = 'granite lantern orchard 47';

/** A new member's address, different at every run against the same server. */
function newMember(role: 'Agent' | 'Viewer') {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  return { name: `Noor Haddad ${id}`, email: `noor.${id}@wasatchvalleyhealth.example`, role };
}

/** The admin's Staff screen, with the link the Add form gives for a new member. */
async function addMember(page: Page, member: ReturnType<typeof newMember>): Promise<string> {
  const form = page.getByRole('region', { name: 'Add a staff member' });
  await form.getByLabel('Name').fill(member.name);
  await form.getByLabel('Email').fill(member.email);
  await form.getByLabel('Role').selectOption({ label: member.role });
  await form.getByRole('button', { name: 'Add' }).click();
  const link = page.getByRole('textbox', { name: 'Enrolment link' });
  await expect(link).toHaveValue(/\/office\/enrol\/.+/);
  return link.inputValue();
}

/** An administrator's Staff screen, reached from Home. */
async function openStaffScreen(page: Page): Promise<void> {
  await signInThroughProvider(page, SSO_ACCOUNTS.admin);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Staff' })
    .click();
  await expect(page.getByRole('heading', { name: 'Staff', level: 1 })).toBeVisible();
}

/** The Staff screen in an administrator's own browser, which may use the clipboard. */
async function staffPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-US', viewport: DESKTOP });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  await openStaffScreen(page);
  return page;
}

function rowOf(page: Page, name: string) {
  return page
    .getByRole('table', { name: 'Staff members' })
    .getByRole('row')
    .filter({ hasText: name });
}

/** Confirms a change from the Staff table's row of `name`. */
async function confirmChange(page: Page, name: string, change: 'Reset' | 'Disable') {
  await rowOf(page, name)
    .getByRole('button', { name: `${change} ${name}` })
    .click();
  const dialog = page.getByRole('alertdialog', { name: change });
  await expect(dialog).toContainText(name);
  await dialog.getByRole('button', { name: change }).click();
  await expect(dialog).toBeHidden();
}

/** The sign-in page's answer to a password and code (or recovery code). */
async function trySignIn(page: Page, email: string, password: string, code: string) {
  await page.goto('/office/sign-in');
  const answer = page.waitForResponse((response) =>
    response.url().endsWith('/api/v1/office/auth/sign-in'),
  );
  await fillStaffSignIn(page, { email, password }, code);
  return (await answer).status();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/office\/sign-in\?ended=signed-out$/);
}

test.describe('billing office staff and enrolment', OFFICE, () => {
  test('an added member enrols from the link, signs in with a code and once with each recovery code; a reset locks the old password out', async ({
    browser,
  }) => {
    const admin = await staffPage(browser);
    const member = newMember('Agent');
    await addMember(admin, member);
    await admin.getByRole('button', { name: 'Copy link' }).click();
    await expect(admin.getByRole('button', { name: 'Copied!' })).toBeVisible();
    const link = await admin.evaluate(() => navigator.clipboard.readText());
    await expect(rowOf(admin, member.name)).toContainText('Invited');

    // The member's own browser.
    const context = await browser.newContext({ locale: 'en-US', viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(link);
    await expect(
      page.getByRole('heading', { name: 'Set up your billing office account', level: 1 }),
    ).toBeVisible();
    await expect(page.getByText(`For ${member.name}, Agent.`)).toBeVisible();
    await expect(
      page.getByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeVisible();
    const shownKey = await page.locator('code').innerText();
    expect(shownKey).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
    const credentials: StaffCredentials = {
      email: member.email,
      password: PASSWORD,
      totpSecret: shownKey.replaceAll(' ', ''),
    };

    const password = page.getByLabel('Password', { exact: true });
    const code = page.getByLabel('Authentication code');
    await password.fill('password1234');
    await code.fill(totpCode(credentials));
    await page.getByRole('button', { name: 'Finish setting up' }).click();
    await expect(password).toHaveAccessibleDescription(
      /This password is too common or has appeared in a breach; choose another/,
    );
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toBeFocused();

    await password.fill(PASSWORD);
    await code.fill(totpCode(credentials));
    await page.getByRole('button', { name: 'Finish setting up' }).click();
    await expect(
      page.getByRole('heading', { name: 'Save your recovery codes', level: 1 }),
    ).toBeVisible();
    const recoveryCodes = await page
      .getByRole('list', { name: 'Recovery codes' })
      .getByRole('listitem')
      .allInnerTexts();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);

    await page.getByRole('link', { name: 'I have saved them: go to sign in' }).click();
    await expect(page).toHaveURL(/\/office\/sign-in$/);
    // The enrolment used this step's code; the app's next one signs in.
    await fillStaffSignIn(page, credentials, nextStepCode(credentials));
    await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
    await expect(page.getByRole('banner')).toContainText(`${member.name} · Agent`);
    await signOut(page);

    const [firstRecovery = '', secondRecovery = ''] = recoveryCodes;
    await fillStaffSignIn(page, credentials, firstRecovery);
    await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
    await signOut(page);
    expect(await trySignIn(page, member.email, PASSWORD, firstRecovery)).toBe(401);
    await expect(page.getByRole('alert')).toBeVisible();

    await admin.reload();
    await expect(rowOf(admin, member.name)).toContainText('Active');
    await confirmChange(admin, member.name, 'Reset');
    const newLink = admin.getByRole('textbox', { name: 'Enrolment link' });
    await expect(newLink).toHaveValue(/\/office\/enrol\/.+/);
    expect(await newLink.inputValue()).not.toBe(link);
    await expect(rowOf(admin, member.name)).toContainText('Invited');
    // The old password, with a recovery code never used, no longer signs in; the first link is spent.
    expect(await trySignIn(page, member.email, PASSWORD, secondRecovery)).toBe(401);
    await page.goto(link);
    await expect(page.getByRole('alert')).toBeVisible();
    await page.goto(await newLink.inputValue());
    await expect(
      page.getByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeVisible();

    await context.close();
    await admin.context().close();
  });

  test('a disabled member is signed out and cannot sign in again', async ({ browser }) => {
    const admin = await staffPage(browser);
    const member = newMember('Viewer');
    const link = await addMember(admin, member);

    // Enrolled by the link's API, as the page would: the page itself has its own test above.
    const context = await browser.newContext({ locale: 'en-US', viewport: DESKTOP });
    const page = await context.newPage();
    const token = new URL(link).pathname.split('/').at(-1) ?? '';
    const api = `/api/v1/office/enrolment/${token}`;
    const enrolment = (await (await page.request.get(api)).json()) as { totpSecret: string };
    const credentials: StaffCredentials = {
      email: member.email,
      password: PASSWORD,
      totpSecret: enrolment.totpSecret,
    };
    const enrolled = await page.request.post(api, {
      data: { password: PASSWORD, code: totpCode(credentials) },
    });
    expect(enrolled.status()).toBe(200);
    const { recoveryCodes } = (await enrolled.json()) as { recoveryCodes: string[] };

    await page.goto('/office/sign-in');
    await fillStaffSignIn(page, credentials, nextStepCode(credentials));
    await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();

    await admin.reload();
    await confirmChange(admin, member.name, 'Disable');
    await expect(rowOf(admin, member.name)).toContainText('Disabled');
    await expect(rowOf(admin, member.name).getByRole('button', { name: /^Disable / })).toHaveCount(
      0,
    );

    // The open session ended at once; a sign-in with good credentials is refused.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Audit' })
      .click();
    await expect(page).toHaveURL(/\/office\/sign-in\?ended=unauthorized/);
    expect(await trySignIn(page, member.email, PASSWORD, recoveryCodes[0] ?? '')).toBe(401);
    await expect(page.getByRole('alert')).toBeVisible();

    await context.close();
    await admin.context().close();
  });

  test('staff screen with its link and dialog (axe)', async ({ page, axeInEveryLook }) => {
    await openStaffScreen(page);
    // The service refuses to let administrators lock themselves out, so their own row offers nothing.
    const own = rowOf(page, SSO_ACCOUNTS.admin.name);
    await expect(own).toContainText('You');
    await expect(own.getByRole('button')).toHaveCount(0);
    const member = newMember('Viewer');
    await addMember(page, member);
    await axeInEveryLook('the staff screen with a new enrolment link');
    await rowOf(page, member.name)
      .getByRole('button', { name: `Disable ${member.name}` })
      .click();
    await expect(page.getByRole('alertdialog', { name: 'Disable' })).toBeVisible();
    await axeInEveryLook('the staff screen asking before disabling');
  });

  test('enrolment, step by step (axe)', async ({ page, axeInEveryLook }) => {
    await openStaffScreen(page);
    await page.goto(await addMember(page, newMember('Viewer')));
    const key = (await page.locator('code').innerText()).replaceAll(' ', '');
    await page.getByLabel('Password', { exact: true }).fill('password1234');
    await page.getByRole('button', { name: 'Finish setting up' }).click();
    await expect(page.getByText('Enter the 6 digits from your app')).toBeVisible();
    await axeInEveryLook('the enrolment page with its field errors');
    await page.getByLabel('Authentication code').fill(totpCode({ totpSecret: key }));
    await page.getByRole('button', { name: 'Finish setting up' }).click();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
      /too common/,
    );
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Finish setting up' }).click();
    await expect(page.getByRole('list', { name: 'Recovery codes' })).toBeVisible();
    await axeInEveryLook('the recovery codes');
  });
});
