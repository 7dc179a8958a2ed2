import type { Page, Route } from '@playwright/test';
import { DASHBOARD_LABELS, ERROR_SCREEN } from '@webpay/contracts/messages';
import { test, expect, maria, DEMO_GUARANTORS, ANY_DB } from '../support/fixtures.ts';

const ENCOUNTERS_URL = '**/api/v1/services/rcm-webpay-service/encounters';
const CONTACT_PAGE_CODE = /\/webpay\/assets\/contact\.lazy-[^/]+\.js$/;

/** The dashboard's fetch fails twice more before the error screen shows (SPEC §4: 2 retries). */
const AFTER_RETRIES = { timeout: 20_000 };

function errorBody(status: number, title: string, code: string, details: string[]) {
  return {
    status,
    contentType: 'application/json',
    body: JSON.stringify({
      title,
      status,
      code,
      details,
      requestId: 'req-e2e',
      correlationId: 'corr-e2e',
    }),
  };
}

interface Variant {
  kind: keyof Pick<typeof ERROR_SCREEN, 'connection' | 'authentication' | 'timeout' | 'generic'>;
  how: string;
  answer: (route: Route) => Promise<void>;
}

const VARIANTS: Variant[] = [
  {
    kind: 'connection',
    how: 'the service cannot be reached',
    answer: (route) => route.abort('internetdisconnected'),
  },
  {
    kind: 'authentication',
    // A 401 or 403 on this fetch signs the guarantor out (SPEC §8), so the screen
    // shows for an answer that says Unauthorized without being one.
    how: 'the answer says Unauthorized',
    answer: (route) =>
      route.fulfill(
        errorBody(500, 'Billing system unavailable', 'UPSTREAM_UNAUTHORIZED', [
          'The hospital billing system answered: Unauthorized.',
        ]),
      ),
  },
  {
    kind: 'timeout',
    how: 'the service answers 408',
    answer: (route) =>
      route.fulfill(
        errorBody(408, 'Request Timeout', 'UPSTREAM_TIMEOUT', [
          'The billing system did not answer in time.',
        ]),
      ),
  },
  {
    kind: 'generic',
    how: 'the service answers 500',
    answer: (route) =>
      route.fulfill(
        errorBody(500, 'An unexpected error occurred', 'INTERNAL_ERROR', ['Simulated outage']),
      ),
  },
];

const errorHeading = (page: Page, kind: Variant['kind']) =>
  page.getByRole('heading', { name: ERROR_SCREEN[kind].title });

/** Signs Maria in while the dashboard's fetch fails as `variant` says; resolves on the screen. */
async function dashboardFailing(page: Page, signIn: () => Promise<void>, variant: Variant) {
  let failing = true;
  await page.route(ENCOUNTERS_URL, (route) => (failing ? variant.answer(route) : route.fallback()));
  await signIn();
  await expect(errorHeading(page, variant.kind)).toBeVisible(AFTER_RETRIES);
  return {
    recover: () => {
      failing = false;
    },
  };
}

test.describe('error screen on the dashboard (SPEC §2, §8)', ANY_DB, () => {
  for (const variant of VARIANTS) {
    test(`${ERROR_SCREEN[variant.kind].title} when ${variant.how}`, async ({
      page,
      signInWithPin,
    }) => {
      const { recover } = await dashboardFailing(page, () => signInWithPin(maria), variant);
      const main = page.getByRole('main');
      await expect(main).toContainText(ERROR_SCREEN[variant.kind].message);
      // Inside the shell: the header is still there to leave by.
      await expect(page.getByRole('banner')).toContainText('Signed in as Maria Garcia');
      await expect(main.getByRole('button', { name: ERROR_SCREEN.refresh })).toBeVisible();
      await expect(main.getByRole('status')).toHaveText('You are online');
      await expect(
        main.getByRole('link', { name: DEMO_GUARANTORS.maria.supportPhone ?? '' }),
      ).toBeVisible();
      await expect(main.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);

      if (variant.kind === 'authentication') {
        await expect(main.getByRole('button', { name: ERROR_SCREEN.retry })).toHaveCount(0);
        await main.getByRole('link', { name: ERROR_SCREEN.authentication.action }).click();
        await expect(page).toHaveURL(/\/webpay\/login$/);
        await expect(page.getByRole('button', { name: 'Log out' })).toHaveCount(0);
        return;
      }

      recover();
      await main.getByRole('button', { name: ERROR_SCREEN.retry }).click();
      await expect(
        page.getByRole('table', { name: DASHBOARD_LABELS.pendingEncounters }),
      ).toContainText('107-40010001');
      await expect(errorHeading(page, variant.kind)).toHaveCount(0);
    });
  }

  test('technical details fold open with every field of the error', async ({
    page,
    signInWithPin,
  }) => {
    const generic = VARIANTS.find((variant) => variant.kind === 'generic') as Variant;
    await dashboardFailing(page, () => signInWithPin(maria), generic);
    const toggle = page.getByRole('button', { name: 'Technical details' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText('corr-e2e')).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    for (const value of ['INTERNAL_ERROR', '500', 'Simulated outage', 'req-e2e', 'corr-e2e']) {
      await expect(page.getByRole('main').getByText(value, { exact: true })).toBeVisible();
    }
  });

  test('the online indicator follows the connection, in words', async ({
    page,
    context,
    signInWithPin,
  }) => {
    const connection = VARIANTS.find((variant) => variant.kind === 'connection') as Variant;
    await dashboardFailing(page, () => signInWithPin(maria), connection);
    const indicator = page.getByRole('main').getByRole('status');
    await expect(indicator).toHaveText('You are online');
    await context.setOffline(true);
    await expect(indicator).toHaveText('You are offline');
    await context.setOffline(false);
    await expect(indicator).toHaveText('You are online');
  });

  test("'Refresh Page' reloads the page", async ({ page, signInWithPin }) => {
    const generic = VARIANTS.find((variant) => variant.kind === 'generic') as Variant;
    await dashboardFailing(page, () => signInWithPin(maria), generic);
    await page.evaluate(() => {
      (window as Window & { beforeRefresh?: boolean }).beforeRefresh = true;
    });
    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('button', { name: ERROR_SCREEN.refresh }).click(),
    ]);
    expect(
      await page.evaluate(() => (window as Window & { beforeRefresh?: boolean }).beforeRefresh),
    ).toBeUndefined();
    await expect(errorHeading(page, 'generic')).toBeVisible(AFTER_RETRIES);
  });
});

test.describe('error screen for a page that cannot load (route error boundary)', ANY_DB, () => {
  test('shows inside the shell; the header still leads elsewhere', async ({
    page,
    signInWithPin,
  }) => {
    await signInWithPin(maria);
    await expect(page).toHaveURL(/\/webpay\/dashboard$/);
    await page.route(CONTACT_PAGE_CODE, (route) => route.abort('internetdisconnected'));

    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Contact' }).click();
    await expect(
      page.getByRole('heading', { name: ERROR_SCREEN.connection.title, level: 1 }),
    ).toBeVisible();
    await expect(page.getByRole('main')).toContainText(ERROR_SCREEN.connection.message);
    await expect(page.getByRole('banner')).toContainText('Signed in as Maria Garcia');

    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/webpay\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByText(ERROR_SCREEN.connection.title)).toHaveCount(0);
  });
});

/** Where the page keeps the Try Again button's words across the reload it starts. */
const RETRY_WORDS_KEY = 'e2e-retry-words';

test.describe('Try Again on a page whose code could not be downloaded', ANY_DB, () => {
  test("reads 'Retrying...' and loads the page afresh", async ({ page, signInWithPin }) => {
    await signInWithPin(maria);
    await expect(page).toHaveURL(/\/webpay\/dashboard$/);
    let reachable = false;
    await page.route(CONTACT_PAGE_CODE, (route) =>
      reachable ? route.fallback() : route.abort('internetdisconnected'),
    );

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Contact' })
      .click();
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: ERROR_SCREEN.connection.title })).toBeVisible();

    // The button's words are recorded as they change, in the tab's session storage: the reload
    // that follows ends this page, and a call out to the test could be cut off by it.
    await main.getByRole('button', { name: ERROR_SCREEN.retry }).evaluate((button, key) => {
      new MutationObserver(() => {
        const seen = JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[];
        sessionStorage.setItem(key, JSON.stringify([...seen, button.textContent]));
      }).observe(button, { childList: true, subtree: true, characterData: true });
    }, RETRY_WORDS_KEY);
    reachable = true;
    await Promise.all([
      page.waitForEvent('load'),
      main.getByRole('button', { name: ERROR_SCREEN.retry }).click(),
    ]);
    const words = await page.evaluate(
      (key) => JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[],
      RETRY_WORDS_KEY,
    );
    expect(words).toContain(ERROR_SCREEN.retrying);

    await expect(page).toHaveURL(/\/webpay\/contact$/);
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(main.getByRole('heading', { name: ERROR_SCREEN.connection.title })).toHaveCount(0);
    await expect(page.getByRole('banner')).toContainText('Signed in as Maria Garcia');
  });
});

test.describe('WCAG 2.1 A and AA on the error screen (axe)', () => {
  test('technical details open, offline, then Authentication Error, in every look', async ({
    page,
    context,
    signInWithPin,
    axeInEveryLook,
  }) => {
    // Two rounds of the dashboard's retries and three states in eight looks each.
    test.setTimeout(120_000);
    let variant = VARIANTS.find((each) => each.kind === 'generic') as Variant;
    await page.route(ENCOUNTERS_URL, (route) => variant.answer(route));
    await signInWithPin(maria);
    await expect(errorHeading(page, 'generic')).toBeVisible(AFTER_RETRIES);
    await page.getByRole('button', { name: 'Technical details' }).click();
    await expect(page.getByText('corr-e2e')).toBeVisible();
    await axeInEveryLook('Something went wrong');

    await context.setOffline(true);
    await expect(page.getByRole('main').getByRole('status')).toHaveText('You are offline');
    await axeInEveryLook('offline');

    // Back online, the dashboard asks again by itself; this time the answer says Unauthorized.
    variant = VARIANTS.find((each) => each.kind === 'authentication') as Variant;
    await context.setOffline(false);
    await expect(errorHeading(page, 'authentication')).toBeVisible(AFTER_RETRIES);
    await axeInEveryLook('Authentication Error');
  });
});
