import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page, Request } from '@playwright/test';
import { SERVICE_BASE_PATH } from '@webpay/contracts/api';
import { appConfigSchema, type CardProcessor } from '@webpay/contracts/config';
import {
  SCRIPT_INVENTORY_FILE,
  subresourceIntegrityProblems,
  unlistedScripts,
  type LoadedScript,
  type ScriptInventory,
} from '@webpay/web/build-tools/script-inventory-check';
import { test, expect, DEMO_GUARANTORS, ANY_DB } from '../support/fixtures.ts';
import { fillBillingDetails, openCustomPayment } from '../support/payment-dialog.ts';

/*
 * PCI DSS 6.4.3 and 11.6.1 on the payment page (the dashboard, which embeds
 * the processor's card window): every script the page really loads, from
 * sign-in to the open card window, is one the build listed in its inventory
 * (web/dist/.audit/script-inventory.json) with the very bytes built, or the
 * processor's own script from the configured processor. Scripts do not
 * depend on the database, so this runs against the first server only (ANY_DB).
 */

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

function readInventory(): ScriptInventory {
  return JSON.parse(
    readFileSync(path.join(webDist, SCRIPT_INVENTORY_FILE), 'utf8'),
  ) as ScriptInventory;
}

interface ScriptRecorder {
  /** Scripts the page's own document loaded, with the bytes served when there was an answer. */
  mainFrame(): Promise<LoadedScript[]>;
  /** Scripts loaded inside frames (the processor's card window). */
  frames(): string[];
}

/** Records every script request of the page, and the bytes of each answer. */
function recordScripts(page: Page): ScriptRecorder {
  const requests: Request[] = [];
  const inFrames: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() !== 'script') return;
    if (request.frame() === page.mainFrame()) requests.push(request);
    else inFrames.push(request.url());
  });
  return {
    mainFrame: () =>
      Promise.all(
        requests.map(async (request) => {
          const response = await request.response();
          const body = response && response.ok() ? await response.body() : undefined;
          return body === undefined ? { url: request.url() } : { url: request.url(), body };
        }),
      ),
    frames: () => inFrames,
  };
}

/** The page's script elements and module preloads: inline ones are problems of their own. */
async function scriptElements(page: Page): Promise<{ sources: string[]; inline: string[] }> {
  return page.evaluate(() => {
    const scripts = Array.from(document.scripts);
    const preloads = Array.from(
      document.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]'),
    );
    return {
      sources: [...scripts.filter((s) => s.src).map((s) => s.src), ...preloads.map((l) => l.href)],
      inline: scripts.filter((s) => !s.src).map((s) => s.outerHTML.slice(0, 100)),
    };
  });
}

/** Problems of everything recorded, against the inventory. */
async function inventoryProblems(
  page: Page,
  recorder: ScriptRecorder,
  inventory: ScriptInventory,
  processor: CardProcessor,
): Promise<string[]> {
  const loaded = await recorder.mainFrame();
  const elements = await scriptElements(page);
  const seen = new Set(loaded.map((script) => script.url));
  const unseen = elements.sources.filter((url) => !seen.has(url)).map((url) => ({ url }));
  return [
    ...unlistedScripts(inventory, [...loaded, ...unseen], {
      pageUrl: page.url(),
      placeholders: {
        CONVERGE_HOSTED_URL: processor.lightboxScriptUrl.replace(/\/PayWithConverge\.js$/, ''),
      },
    }),
    ...elements.inline.map((script) => `inline script in the page: ${script}`),
  ];
}

function appConfigOf(page: Page): Promise<CardProcessor> {
  return page
    .waitForResponse((response) => response.url().endsWith(`${SERVICE_BASE_PATH}/config/app`))
    .then(async (response) => appConfigSchema.parse(await response.json()).cardProcessor);
}

test.describe('the payment page loads only the scripts of its inventory', ANY_DB, () => {
  test('sign-in, the dashboard, the payment dialog and the card window load listed scripts with the bytes built (PCI DSS 6.4.3, 11.6.1)', async ({
    page,
    signInWithPin,
  }) => {
    const inventory = readInventory();
    expect(inventory.page).toBe('/webpay/dashboard');
    const recorder = recordScripts(page);
    const config = appConfigOf(page);

    // The page as served loads its entry scripts with the inventory's integrity (SRI).
    const served = await page.request.get('/webpay/dashboard');
    expect(subresourceIntegrityProblems(await served.text(), inventory)).toEqual([]);

    await signInWithPin(DEMO_GUARANTORS.robert);
    await expect(page).toHaveURL(/\/webpay\/dashboard$/);
    const dialog = await openCustomPayment(page, '2');
    await fillBillingDetails(dialog);
    await dialog.getByRole('button', { name: 'Pay $2.00' }).click();
    const cardWindow = page.frameLocator('iframe[title="Card payment"]');
    await expect(cardWindow.getByLabel('Card number')).toBeVisible();

    const processor = await config;
    const problems = await inventoryProblems(page, recorder, inventory, processor);
    const loaded = (await recorder.mainFrame()).map((script) => script.url);
    await cardWindow.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.locator('iframe[title="Card payment"]')).toHaveCount(0);

    expect(problems).toEqual([]);
    // The check saw the page's entry, the dashboard's own chunk and the processor's script.
    expect(loaded).toContain(processor.lightboxScriptUrl);
    expect(loaded.some((url) => /\/webpay\/assets\/dashboard-[\w-]+\.js$/.test(url))).toBe(true);
    const entries = inventory.scripts.filter((script) => script.loadedBy === 'index.html');
    for (const entry of entries)
      expect(loaded.map((url) => new URL(url).pathname)).toContain(entry.url);
    // The card window's scripts are the processor's, from the processor's origin.
    expect(recorder.frames().length).toBeGreaterThan(0);
    for (const url of recorder.frames()) expect(new URL(url).origin).toBe(processor.origin);
  });

  test('a script planted in the page is caught as unlisted (PCI DSS 6.4.3, 11.6.1)', async ({
    page,
  }) => {
    const inventory = readInventory();
    const planted = '/webpay/assets/analytics-planted.js';
    await page.route(`**${planted}`, (route) =>
      route.fulfill({ contentType: 'text/javascript', body: 'window.planted = true;' }),
    );
    await page.route('**/webpay/login/pin', async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(
        '</head>',
        `<script src="${planted}"></script></head>`,
      );
      await route.fulfill({ response, body });
    });
    const recorder = recordScripts(page);
    const config = appConfigOf(page);
    const answer = await page.goto('/webpay/login/pin');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(await page.evaluate(() => (window as { planted?: boolean }).planted)).toBe(true);

    expect(subresourceIntegrityProblems((await answer?.text()) ?? '', inventory)).toEqual([
      `${planted}: loaded by the page but not in the script inventory`,
    ]);
    // The modals are fetched once the page is idle: a preload link can be in
    // the page a moment before its request starts, so the check is repeated
    // until the page has settled.
    const processor = await config;
    await expect
      .poll(() => inventoryProblems(page, recorder, inventory, processor))
      .toEqual([`${new URL(page.url()).origin}${planted}: not in the script inventory`]);
  });
});
