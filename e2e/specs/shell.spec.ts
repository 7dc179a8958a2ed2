import type { Page } from '@playwright/test';
import { appConfigSchema } from '@webpay/contracts/config';
import { test, expect, maria, james, ANY_DB } from '../support/fixtures.ts';

const PHONE = { width: 390, height: 844 } as const;
const DESKTOP = { width: 1440, height: 900 } as const;

const header = (page: Page) => page.getByRole('banner');
const menuButton = (page: Page) => page.getByRole('button', { name: 'Menu' });
const menu = (page: Page) => page.getByRole('dialog', { name: 'Menu' });

/** The links of the navigation the page shows at its current width. */
async function visibleNavLinks(page: Page): Promise<string[]> {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents();
}

/** Maria's links (historical-data role), in the header and in the phone menu alike. */
const MARIA_LINKS = ['Dashboard', 'Statements', 'Payments', 'Payment Methods', 'Contact'];

async function signedIn(page: Page, signIn: () => Promise<void>) {
  await signIn();
  await expect(page).toHaveURL(/\/webpay\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
}

async function hasNoSidewaysScroll(page: Page): Promise<boolean> {
  return page.evaluate(
    () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
  );
}

test.describe('signed-in shell', () => {
  test('Maria (historical-data role) has Dashboard, Statements, Payments, Payment Methods and Contact', async ({
    page,
    signInWithPin,
  }) => {
    await page.setViewportSize(DESKTOP);
    await signedIn(page, () => signInWithPin(maria));
    await expect(header(page)).toContainText('Signed in as Maria Garcia');
    expect(await visibleNavLinks(page)).toEqual(MARIA_LINKS);
    await expect(menuButton(page)).toBeHidden();

    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await nav.getByRole('link', { name: 'Statements' }).click();
    await expect(page).toHaveURL(/\/webpay\/statements$/);
    await expect(nav.getByRole('link', { name: 'Statements' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    await nav.getByRole('link', { name: 'Payments' }).click();
    await expect(page).toHaveURL(/\/webpay\/payments$/);
  });

  test('James (no role) has Dashboard, Payment Methods and Contact, on desktop and in the phone menu', async ({
    page,
    signInWithPin,
  }) => {
    await page.setViewportSize(DESKTOP);
    await signedIn(page, () => signInWithPin(james));
    await expect(header(page)).toContainText('Signed in as James Wilson');
    expect(await visibleNavLinks(page)).toEqual(['Dashboard', 'Payment Methods', 'Contact']);

    await page.setViewportSize(PHONE);
    await menuButton(page).click();
    expect(await menu(page).getByRole('link').allTextContents()).toEqual([
      'Dashboard',
      'Payment Methods',
      'Contact',
    ]);
  });

  test(
    'phone (390×844): the Menu opens, navigates, closes, and Escape returns focus',
    ANY_DB,
    async ({ page, signInWithPin }) => {
      await page.setViewportSize(PHONE);
      await signedIn(page, () => signInWithPin(maria));
      // The links live in the menu; the header shows no row of links of its own.
      expect(await visibleNavLinks(page)).toEqual([]);
      await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');

      await menuButton(page).click();
      await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'true');
      await expect(menu(page)).toBeVisible();
      expect(await visibleNavLinks(page)).toEqual(MARIA_LINKS);
      const current = menu(page).getByRole('link', { name: 'Dashboard' });
      await expect(current).toHaveAttribute('aria-current', 'page');
      await expect(current).toBeFocused();

      await menu(page).getByRole('link', { name: 'Contact' }).click();
      await expect(page).toHaveURL(/\/webpay\/contact$/);
      await expect(menu(page)).toBeHidden();
      await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');

      // By keyboard: open, move through the links, Escape closes and gives focus back.
      await menuButton(page).focus();
      await page.keyboard.press('Enter');
      await expect(menu(page)).toBeVisible();
      await expect(menu(page).getByRole('link', { name: 'Contact' })).toBeFocused();
      await page.keyboard.press('Shift+Tab');
      await expect(menu(page).getByRole('link', { name: 'Payment Methods' })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(menu(page)).toBeHidden();
      await expect(menuButton(page)).toBeFocused();

      // A tap outside closes it too.
      await menuButton(page).click();
      await expect(menu(page)).toBeVisible();
      await page.getByRole('heading', { level: 1 }).click();
      await expect(menu(page)).toBeHidden();
    },
  );

  test(
    'nothing scrolls sideways from 320 to 390 px wide, with the menu shut or open',
    ANY_DB,
    async ({ page, signInWithPin }) => {
      await page.setViewportSize({ width: 320, height: 640 });
      await signedIn(page, () => signInWithPin(maria));
      for (const width of [320, 360, 375, 390]) {
        await page.setViewportSize({ width, height: 740 });
        expect(await hasNoSidewaysScroll(page), `${width} px`).toBe(true);
        await menuButton(page).click();
        await expect(menu(page)).toBeVisible();
        const box = await menu(page).boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= width, `menu at ${width} px`).toBe(true);
        expect(await hasNoSidewaysScroll(page), `${width} px, menu open`).toBe(true);
        await page.keyboard.press('Escape');
        await expect(menu(page)).toBeHidden();
      }
    },
  );

  test('the page is at most 1920 px wide', ANY_DB, async ({ page, signInWithPin }) => {
    await page.setViewportSize({ width: 2560, height: 1000 });
    await signedIn(page, () => signInWithPin(maria));
    const main = await page.getByRole('main').boundingBox();
    expect(main?.width).toBe(1920);
    expect(main?.x).toBe((2560 - 1920) / 2);
  });

  test('a skip link leads past the header to the page', ANY_DB, async ({ page, signInWithPin }) => {
    await page.setViewportSize(DESKTOP);
    await signedIn(page, () => signInWithPin(maria));
    await page.locator('body').focus();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
  });

  test('Log out ends the session and returns to sign-in', async ({
    page,
    signInWithPin,
    storedSessionKeys,
  }) => {
    await page.setViewportSize(PHONE);
    await signedIn(page, () => signInWithPin(maria));
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/webpay\/login$/);
    expect(await storedSessionKeys()).toEqual([]);
    await page.goto('/webpay/dashboard');
    await expect(page).toHaveURL(/\/webpay\/login\/pin\?next=%2Fdashboard$/);
  });

  test(
    'the theme switch changes the theme and remembers it',
    ANY_DB,
    async ({ page, signInWithPin }) => {
      await page.setViewportSize(PHONE);
      await signedIn(page, () => signInWithPin(maria));
      await header(page).getByRole('button', { name: 'Theme: Light' }).click();
      await page.getByRole('menuitemradio', { name: 'Dark' }).click();
      await expect(page.locator('html')).toHaveClass(/dark/);
      expect(await page.evaluate(() => localStorage.getItem('webpay-ui-theme'))).toBe('dark');
      await expect(header(page).getByRole('button', { name: 'Theme: Dark' })).toBeVisible();
    },
  );

  test('logs the build release marker once at start', ANY_DB, async ({ page, signInWithPin }) => {
    const lines: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'info') lines.push(message.text());
    });
    await signedIn(page, () => signInWithPin(maria));
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Contact' })
      .click();
    await expect(page).toHaveURL(/\/webpay\/contact$/);
    expect(lines.filter((line) => line.startsWith('WebPay release'))).toEqual([
      'WebPay release prod-23',
    ]);
  });

  test('the logo, names and accent colour on the page are those of GET /config/app', async ({
    page,
    signInWithPin,
  }) => {
    await page.setViewportSize(DESKTOP);
    await signedIn(page, () => signInWithPin(maria));
    const apiKey = await page.getAttribute('meta[name="webpay-api-key"]', 'content');
    const answer = await page.request.get('/api/v1/services/rcm-webpay-service/config/app', {
      headers: { 'X-API-Key': apiKey ?? '', 'X-Requested-With': 'XMLHttpRequest' },
    });
    const { branding } = appConfigSchema.parse(await answer.json());

    const logo = header(page).getByRole('img', { name: branding.portalName });
    await expect(logo).toHaveAttribute('src', branding.logoUrl);
    await expect(header(page)).toContainText(branding.providerName);
    await expect(page).toHaveTitle(`Dashboard | ${branding.portalName}`);

    const hex = (rgb: string) =>
      `#${(rgb.match(/\d+/g) ?? [])
        .slice(0, 3)
        .map((part) => Number(part).toString(16).padStart(2, '0'))
        .join('')}`;
    const payTotal = page.getByRole('button', { name: /^Pay Total/ }).first();
    const background = await payTotal.evaluate(
      (button) => getComputedStyle(button).backgroundColor,
    );
    expect(hex(background)).toBe(branding.accentColor.toLowerCase());
  });
});

test.describe('first paint', () => {
  test(
    "before any script runs, the page shows SPEC §2's spinner with this portal's logo",
    ANY_DB,
    async ({ browser, page }) => {
      const apiKey = await (async () => {
        await page.goto('/webpay/login');
        return page.getAttribute('meta[name="webpay-api-key"]', 'content');
      })();
      const answer = await page.request.get('/api/v1/services/rcm-webpay-service/config/app', {
        headers: { 'X-API-Key': apiKey ?? '', 'X-Requested-With': 'XMLHttpRequest' },
      });
      const { branding } = appConfigSchema.parse(await answer.json());

      const withoutScript = await browser.newContext({ javaScriptEnabled: false });
      try {
        const scriptless = await withoutScript.newPage();
        await scriptless.goto(`${new URL(page.url()).origin}/webpay/login`);
        const status = scriptless.getByRole('status');
        await expect(status).toBeVisible();
        await expect(status).toContainText('Loading');
        await expect(status).toContainText('Cargando');
        const logo = status.getByRole('img', { name: branding.portalName });
        await expect(logo).toHaveAttribute('src', branding.logoUrl);
        expect(
          await logo.evaluate((image: HTMLImageElement) => image.naturalWidth),
        ).toBeGreaterThan(0);
      } finally {
        await withoutScript.close();
      }

      // With its script the page goes on from the same screen to the sign-in options.
      await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Cargando' })).toHaveCount(0);
    },
  );
});
