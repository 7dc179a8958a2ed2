import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../../e2e/support/chromium.ts';
import { percentile } from './percentile.ts';
import { loadScaleGuarantors, SCALE_PIN } from './scale-encounters.ts';
import { startTestServer } from '../../server/src/test/test-server.ts';

/*
 * The dashboard in Chromium as the account grows: from the moment the
 * pending-bills answer has arrived to the moment its last row's amount field
 * can be typed in, and from a keystroke in an amount field to the frame that
 * shows it (Performance API timestamps inside the page). Robert's size,
 * and ten times over. Needs the production build (npm run build).
 */

export interface DashboardScaleRow {
  scale: number;
  /** Data arrival (responseEnd of GET /encounters) to the last amount field ready, median of runs. */
  interactiveMs: number;
  keystrokeP50Ms: number;
  keystrokeP95Ms: number;
  keystrokeMaxMs: number;
}

const WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

async function signIn(page: Page, baseUrl: string, account: string): Promise<void> {
  await page.goto(`${baseUrl}/webpay/login/pin`);
  await page.getByLabel(/account number/i).fill(account);
  await page.getByLabel(/pin/i).fill(SCALE_PIN);
  await page
    .getByRole('button', { name: /sign in/i })
    .first()
    .click();
  await page.waitForURL(/\/dashboard/, { timeout: 60_000 });
}

/** ms from the encounters answer's arrival to every amount field being in the page and enabled. */
async function timeToInteractive(page: Page, baseUrl: string): Promise<number> {
  await page.goto(`${baseUrl}/webpay/dashboard`);
  const readyAt = await page.waitForFunction(
    () => {
      const fields = document.querySelectorAll<HTMLInputElement>(
        'input[aria-label^="Payment amount for"]',
      );
      const last = fields[fields.length - 1];
      return last && !last.disabled ? performance.now() : false;
    },
    undefined,
    { polling: 'raf', timeout: 120_000 },
  );
  const ready = (await readyAt.jsonValue()) as number;
  const arrived = await page.evaluate(() => {
    const entry = performance
      .getEntriesByType('resource')
      .find((resource) => resource.name.includes('/encounters'));
    return entry ? (entry as PerformanceResourceTiming).responseEnd : Number.NaN;
  });
  return ready - arrived;
}

/** Per keystroke: keydown's timestamp to just after the next frame was presented. */
async function keystrokeLatencies(page: Page, keystrokes: number): Promise<number[]> {
  const field = page.locator('input[aria-label^="Payment amount for"]').first();
  await field.click();
  await page.evaluate(() => {
    const samples: number[] = [];
    (window as unknown as { keystrokeSamples: number[] }).keystrokeSamples = samples;
    document.addEventListener(
      'keydown',
      (event) => {
        const started = event.timeStamp;
        requestAnimationFrame(() => {
          // A message posted from the frame callback runs once that frame is painted.
          const channel = new MessageChannel();
          channel.port1.onmessage = () => samples.push(performance.now() - started);
          channel.port2.postMessage(undefined);
        });
      },
      { capture: true },
    );
  });
  for (let index = 0; index < keystrokes; index += 1) {
    await page.keyboard.press(index % 5 === 4 ? 'Backspace' : String((index % 9) + 1));
    await page.waitForTimeout(30);
  }
  await page.waitForTimeout(200);
  return page.evaluate(
    () => (window as unknown as { keystrokeSamples: number[] }).keystrokeSamples,
  );
}

export async function benchDashboardScale(
  scales: readonly number[] = [1, 10],
  runs = 3,
): Promise<DashboardScaleRow[]> {
  const { database, accounts } = await loadScaleGuarantors('pglite', scales);
  const server = await startTestServer('pglite', { database, env: { WEB_DIST_DIR: WEB_DIST } });
  const browser = await chromium.launch(chromiumLaunchOptions);
  const rows: DashboardScaleRow[] = [];
  try {
    for (const scale of scales) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      await signIn(page, server.baseUrl, accounts.get(scale) ?? '');
      const interactive: number[] = [];
      for (let run = 0; run < runs; run += 1)
        interactive.push(await timeToInteractive(page, server.baseUrl));
      const keys = (await keystrokeLatencies(page, 40)).sort((a, b) => a - b);
      interactive.sort((a, b) => a - b);
      rows.push({
        scale,
        interactiveMs: percentile(interactive, 0.5),
        keystrokeP50Ms: percentile(keys, 0.5),
        keystrokeP95Ms: percentile(keys, 0.95),
        keystrokeMaxMs: keys.at(-1) ?? Number.NaN,
      });
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
    await database.close();
  }
  return rows;
}

export function printDashboardScaleTable(rows: readonly DashboardScaleRow[]): void {
  console.table(
    rows.map((row) => ({
      'size (× Robert)': row.scale,
      'data → interactive ms': row.interactiveMs.toFixed(0),
      'keystroke p50 ms': row.keystrokeP50Ms.toFixed(1),
      'keystroke p95 ms': row.keystrokeP95Ms.toFixed(1),
      'keystroke max ms': row.keystrokeMaxMs.toFixed(1),
    })),
  );
  console.info(
    "targets: Robert's dashboard interactive within 300 ms of data; keystrokes under 50 ms",
  );
}
