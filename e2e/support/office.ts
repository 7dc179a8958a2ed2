import { expect, type Page } from '@playwright/test';
import { totpCode } from '@webpay/server/testkit/office';
import type { SsoAccount } from './sso-accounts.ts';

/*
 * Signing in to the billing office console at /office the way staff do: a
 * password and the code their authenticator app shows, computed here from
 * the key they enrolled with.
 */

/**
 * Tags a test of the billing office console. Single sign-on is configured on
 * the first server only (support/start-server.ts), and what the console
 * does is the same over either database, so these run there only
 * (playwright.config.ts).
 */
export const OFFICE = { tag: '@office' };

export interface StaffCredentials {
  email: string;
  password: string;
  /** Base32 TOTP key, as the enrolment page shows it (spaces allowed). */
  totpSecret: string;
}

const STEP_MS = 30_000;

export async function fillStaffSignIn(
  page: Page,
  member: Pick<StaffCredentials, 'email' | 'password'>,
  code: string,
): Promise<void> {
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByLabel('Authentication code').fill(code);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** The code the app shows `stepsAhead` 30-second steps from now. */
function codeAhead(member: StaffCredentials, stepsAhead: number): string {
  const key = member.totpSecret.replaceAll(' ', '');
  return totpCode({ totpSecret: key }, new Date(Date.now() + stepsAhead * STEP_MS));
}

/**
 * Signs a staff member in from the sign-in page and waits for Home. The
 * service takes each code once but also the next step's (clock drift), so a
 * code another sign-in has just used is followed by the next one; only when
 * that is used too does this wait for the step to turn.
 */
export async function signInToOffice(page: Page, member: StaffCredentials): Promise<void> {
  await page.goto('/office/sign-in');
  for (const attempt of [0, 1, 2]) {
    if (attempt === 2) await page.waitForTimeout(STEP_MS - (Date.now() % STEP_MS) + 250);
    const answer = page.waitForResponse((response) =>
      response.url().endsWith('/api/v1/office/auth/sign-in'),
    );
    await fillStaffSignIn(page, member, codeAhead(member, attempt === 0 ? 0 : 1));
    if ((await answer).ok()) break;
  }
  await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/office\/$/);
}

/** The code for the step after the one an enrolment has just used. */
export function nextStepCode(member: Pick<StaffCredentials, 'totpSecret'>): string {
  return codeAhead({ email: '', password: '', ...member }, 1);
}

/**
 * From the console's sign-in page through the provider's: its login form
 * when the browser has no session there yet, straight back when it has.
 */
export async function signInThroughProvider(page: Page, account: SsoAccount) {
  await page.goto('/office/sign-in');
  await page.getByRole('link', { name: 'Sign in with single sign-on' }).click();
  const login = page.locator('input[name="login"]');
  const home = page.getByRole('heading', { name: 'Home', level: 1 });
  const signInPage = page.getByRole('heading', { name: 'Billing Office Sign In', level: 1 });
  await expect(login.or(home).or(signInPage.and(page.getByRole('alert')))).toBeVisible();
  if (await login.isVisible()) {
    await login.fill(account.login);
    await page.locator('input[name="password"]').fill('any password');
    await page.locator('button[type="submit"]').click();
  }
}
