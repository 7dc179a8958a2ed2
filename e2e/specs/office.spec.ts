import type { Page, Request } from '@playwright/test';
import { DEMO_STAFF, type DemoStaff } from '@webpay/server/testkit/demo-staff';
import { totpCode } from '@webpay/server/testkit/office';
import { test, expect, maria, ANY_DB } from '../support/fixtures.ts';
import { OFFICE, signInToOffice } from '../support/office.ts';

/*
 * The billing office console at /office (issue #23), against the real
 * service: staff sign in with their TOTP codes, see only what their role
 * may use, are signed out when idle, and guarantors never load its code.
 */

const DESKTOP = { width: 1280, height: 900 } as const;
const ROLE_NAMES = {
  viewer: 'Viewer',
  agent: 'Agent',
  reviewer: 'Reviewer',
  supervisor: 'Supervisor',
  admin: 'Administrator',
};

async function fillSignIn(page: Page, member: DemoStaff, code: string) {
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByLabel('Authentication code').fill(code);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test.describe('billing office console', OFFICE, () => {
  for (const member of Object.values(DEMO_STAFF)) {
    test(`${member.name} (${member.role}) signs in with a TOTP code and sees only the pages the role may use`, async ({
      page,
    }) => {
      await page.setViewportSize(DESKTOP);
      await signInToOffice(page, member);
      const banner = page.getByRole('banner');
      await expect(banner).toContainText(`${member.name} · ${ROLE_NAMES[member.role]}`);
      const links = await page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link')
        .allTextContents();
      expect(links).toEqual(
        member.role === 'admin'
          ? ['Home', 'Guarantors', 'Payments', 'Financial assistance', 'Reports', 'Audit', 'Staff']
          : ['Home', 'Guarantors', 'Payments', 'Financial assistance', 'Reports', 'Audit'],
      );

      await page.getByRole('button', { name: 'Sign out', exact: true }).click();
      await expect(page).toHaveURL(/\/office\/sign-in\?ended=signed-out$/);
      await expect(page.getByText('You have signed out.')).toBeVisible();
      // The session is gone on the service too: the signed-in pages send back to sign-in.
      await page.goto('/office/audit');
      await expect(page).toHaveURL(/\/office\/sign-in/);
    });
  }

  test('a wrong code is refused in the service words, and the code field is cleared', async ({
    page,
  }) => {
    await page.goto('/office/sign-in');
    await expect(
      page.getByRole('heading', { name: 'Billing Office Sign In', level: 1 }),
    ).toBeVisible();
    const viewer = DEMO_STAFF.viewer;
    const wrong = totpCode(viewer) === '000000' ? '111111' : '000000';
    await fillSignIn(page, viewer, wrong);
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.getByLabel('Authentication code')).toHaveValue('');
    await expect(page).toHaveURL(/\/office\/sign-in$/);
  });

  test('an idle session is warned 2 minutes before its 15 minutes, then signed out', async ({
    page,
  }) => {
    await page.clock.install();
    await page.setViewportSize(DESKTOP);
    await signInToOffice(page, DEMO_STAFF.supervisor);
    // Every call restarts the idle clock, so the page's own calls settle first.
    await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toBeHidden();

    await page.clock.fastForward('13:01');
    const warning = page.getByRole('alertdialog', { name: 'Are you still there?' });
    await expect(warning).toBeVisible();
    const keptAlive = page.waitForRequest(
      (request: Request) =>
        request.method() === 'POST' && request.url().endsWith('/auth/keep-alive'),
    );
    await warning.getByRole('button', { name: 'Stay signed in' }).click();
    await keptAlive;
    await expect(warning).toBeHidden();

    await page.clock.fastForward('13:01');
    await expect(warning).toBeVisible();
    await page.clock.fastForward('02:00');
    await expect(page).toHaveURL(/\/office\/sign-in\?ended=idle$/);
    await expect(
      page.getByText('You were signed out after 15 minutes without activity'),
    ).toBeVisible();
  });

  test(
    "the guarantor portal never loads the console's code",
    ANY_DB,
    async ({ page, signInWithPin }) => {
      const loaded: string[] = [];
      page.on('request', (request) => loaded.push(new URL(request.url()).pathname));
      await signInWithPin(maria);
      await expect(page).toHaveURL(/\/webpay\/dashboard$/);
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
      expect(loaded.filter((path) => path.startsWith('/office'))).toEqual([]);
    },
  );

  test('sign-in page (axe)', async ({ page, axeInEveryLook }) => {
    await page.goto('/office/sign-in');
    await expect(
      page.getByRole('heading', { name: 'Billing Office Sign In', level: 1 }),
    ).toBeVisible();
    await axeInEveryLook('the console sign-in page');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await axeInEveryLook('the console sign-in page with its field errors', {
      before: async (language) => {
        const name = language === 'en' ? 'Sign in' : 'Iniciar sesión';
        await page.getByRole('button', { name, exact: true }).click();
      },
    });
  });

  test('signed-in home frame (axe)', async ({ page, axeInEveryLook }) => {
    await signInToOffice(page, DEMO_STAFF.admin);
    await axeInEveryLook('the console home');
  });
});
