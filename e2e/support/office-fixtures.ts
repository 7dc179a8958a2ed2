import type { APIRequestContext, Page } from '@playwright/test';
import {
  OFFICE_API_BASE_PATH,
  OFFICE_API_PATHS,
  staffMeSchema,
  staffSessionResponseSchema,
  type StaffRole,
} from '@webpay/contracts/office';
import { DEMO_STAFF, type DemoStaff } from '@webpay/server/testkit/demo-staff';
import { totpCode } from '@webpay/server/testkit/office';
import { test as base, expect } from './fixtures.ts';

/*
 * The billing office console's fixtures for specs that work in the console
 * rather than test its sign-in. The service takes each TOTP step of a
 * staff member once, so signing in through the form in every test would wait
 * for the next 30-second step; each worker signs each role in once through the
 * API instead, and every test starts its page with that session, as a reload
 * of a signed-in tab would (office.spec.ts covers the sign-in form itself).
 */

/** Where the console keeps its session in the tab (web/src/office/lib/staff-session.ts). */
const OFFICE_SESSION_KEY = 'webpay-office-session';
const TOTP_STEP_MS = 30_000;

export interface StaffSessionGrant {
  token: string;
  staffId: string;
  expiresAt: number;
  idleTimeoutMs: number;
}

async function signInThroughApi(
  request: APIRequestContext,
  member: DemoStaff,
): Promise<StaffSessionGrant> {
  // This step's code, then the next one's (the service accepts one step either side), then
  // the step after a wait: another spec may have just used the first two.
  for (const offset of [0, 1, 2]) {
    if (offset === 2) await new Promise((resolve) => setTimeout(resolve, TOTP_STEP_MS));
    const code = totpCode(member, new Date(Date.now() + Math.min(offset, 1) * TOTP_STEP_MS));
    const response = await request.post(`${OFFICE_API_BASE_PATH}${OFFICE_API_PATHS.signIn}`, {
      data: { email: member.email, password: member.password, code },
    });
    if (response.status() === 401) continue;
    expect(response.status(), await response.text()).toBe(200);
    const session = staffSessionResponseSchema.parse(await response.json());
    const me = await request.get(`${OFFICE_API_BASE_PATH}${OFFICE_API_PATHS.me}`, {
      headers: { Authorization: `Bearer ${session.access_token}` },
    });
    return {
      token: session.access_token,
      staffId: staffMeSchema.parse(await me.json()).staff.id,
      expiresAt: Date.now() + session.expires_in * 1000,
      idleTimeoutMs: session.idle_timeout * 1000,
    };
  }
  throw new Error(`${member.email} could not sign in with three consecutive codes`);
}

export interface OfficeFixtures {
  /** Opens the console's home signed in as the demo staff member of `role`; returns their session. */
  openOfficeAs: (role: StaffRole) => Promise<StaffSessionGrant>;
  /** A call to the office API with the session of `role`. */
  officeRequest: (
    role: StaffRole,
    method: 'GET' | 'POST',
    path: string,
    data?: unknown,
  ) => Promise<{ status: number; body: unknown }>;
}

export const test = base.extend<
  OfficeFixtures,
  { staffSession: (role: StaffRole) => Promise<StaffSessionGrant> }
>({
  staffSession: [
    async ({ playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({
        baseURL: workerInfo.project.use.baseURL,
      });
      const sessions = new Map<StaffRole, Promise<StaffSessionGrant>>();
      await use((role) => {
        let session = sessions.get(role);
        if (!session) {
          session = signInThroughApi(request, DEMO_STAFF[role]);
          sessions.set(role, session);
        }
        return session;
      });
      await request.dispose();
    },
    { scope: 'worker' },
  ],
  openOfficeAs: async ({ page, staffSession }, use) => {
    await use(async (role) => {
      const session = await staffSession(role);
      await page.addInitScript(
        ({ key, stored }) => window.sessionStorage.setItem(key, JSON.stringify(stored)),
        {
          key: OFFICE_SESSION_KEY,
          stored: {
            token: session.token,
            expiresAt: session.expiresAt,
            idleTimeoutMs: session.idleTimeoutMs,
          },
        },
      );
      await page.goto('/office/');
      await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
      return session;
    });
  },
  officeRequest: async ({ request, staffSession }, use) => {
    await use(async (role, method, path, data) => {
      const { token } = await staffSession(role);
      const response = await request.fetch(`${OFFICE_API_BASE_PATH}${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}` },
        ...(data === undefined ? {} : { data }),
      });
      const type = response.headers()['content-type'] ?? '';
      return {
        status: response.status(),
        body: type.includes('json') ? await response.json() : await response.text(),
      };
    });
  },
});

/**
 * Opens a guarantor's page from the search, by keyboard: / to the search box,
 * type, arrow down to the result, Enter.
 */
export async function openGuarantorBySearch(
  page: Page,
  query: string,
  accountNumber: string,
  matchedOn?: string,
) {
  if (!/\/office\/guarantors(\?|$)/.test(page.url())) {
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Guarantors' })
      .click();
  }
  const field = page.getByLabel('Find a guarantor');
  await expect(field).toBeVisible();
  await page.locator('body').press('/');
  await expect(field).toBeFocused();
  await field.fill(query);
  const results = page.getByRole('table', { name: 'Results' });
  const link = results.getByRole('link', { name: accountNumber, exact: true });
  await expect(link).toBeVisible();
  // The last search's results stay on screen while this one loads: its key tells them apart.
  if (matchedOn) {
    await expect(results.getByRole('row').filter({ hasText: accountNumber })).toContainText(
      matchedOn,
    );
  }
  // The press that reaches the table while it is drawn again is pressed again.
  await expect(async () => {
    await field.press('ArrowDown');
    await expect(results.getByRole('link').first()).toBeFocused({ timeout: 1_000 });
  }).toPass();
  const hits = await results.getByRole('link').count();
  for (let moves = 1; moves < hits; moves += 1) {
    if (await link.evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press('ArrowDown');
  }
  await expect(link).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/office\/guarantors\/[^/?]+$/);
  return results;
}

export { expect };
