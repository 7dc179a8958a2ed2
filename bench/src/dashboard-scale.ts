import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../../e2e/support/chromium.ts';
import { percentile } from './percentile.ts';
import { loadScaleGuarantors, SCALE_PIN } from './scale-encounters.ts';
import { startTestServer } from '@webpay/server/testkit/test-server';

/*
 * The dashboard in Chromium as the account grows: from the moment the
 * pending-bills answer has arrived to the moment the last listed row's amount
 * field can be typed in (a long table lists a first page of rows,
 * docs/decisions/0014), and from a keystroke in an amount field to the frame
 * that shows it (Performance API timestamps inside the page). Robert's size,
 * ten and a hundred times over; the time against Robert's shows whether the
 * page grows linearly with the account (a ratio near the scale) or worse.
 * BENCH_DASHBOARD_SCALES (e.g. "1,10") measures fewer sizes. Needs the
 * production build (npm run build). Beside it, the pending-bills answer as
 * the browser received it: its bytes on the wire (compressed, as Chromium
 * asks) and decoded, and its time from request to last byte.
 */

export interface DashboardScaleRow {
  scale: number;
  /** Data arrival (responseEnd of GET /encounters) to the last amount field ready, median of runs. */
  interactiveMs: number;
  keystrokeP50Ms: number;
  keystrokeP95Ms: number;
  keystrokeMaxMs: number;
  /** Amount fields in the page once it was interactive (all rows, or the first page of them). */
  amountFields: number;
  /** GET /encounters as the browser got it, median run: bytes over the wire (compressed) and once decoded. */
  encountersWireBytes: number;
  encountersBytes: number;
  /** Its request to its last byte, as the browser timed it (median run): service, compression and transfer. */
  encountersMs: number;
}

/** What the browser's resource timing says of one load's GET /encounters. */
interface EncountersTiming {
  wireBytes: number;
  bytes: number;
  ms: number;
}

/** Time allowed for one dashboard load; a page slower than this is reported, not waited out. */
const INTERACTIVE_TIMEOUT_MS = 300_000;

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
async function timeToInteractive(
  page: Page,
  baseUrl: string,
): Promise<{ ms: number; fields: number; encounters: EncountersTiming }> {
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
    { polling: 'raf', timeout: INTERACTIVE_TIMEOUT_MS },
  );
  const ready = (await readyAt.jsonValue()) as number;
  const { arrived, fields, encounters } = await page.evaluate(() => {
    const entry = performance
      .getEntriesByType('resource')
      .find((resource) => resource.name.includes('/encounters')) as
      PerformanceResourceTiming | undefined;
    return {
      arrived: entry ? entry.responseEnd : Number.NaN,
      fields: document.querySelectorAll('input[aria-label^="Payment amount for"]').length,
      encounters: {
        wireBytes: entry?.encodedBodySize ?? Number.NaN,
        bytes: entry?.decodedBodySize ?? Number.NaN,
        ms: entry ? entry.responseEnd - entry.requestStart : Number.NaN,
      },
    };
  });
  return { ms: ready - arrived, fields, encounters };
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

function scalesFromEnv(): number[] {
  const asked = (process.env.BENCH_DASHBOARD_SCALES ?? '')
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((scale) => Number.isInteger(scale) && scale > 0);
  return asked.length > 0 ? asked : [1, 10, 100];
}

export async function benchDashboardScale(
  scales: readonly number[] = scalesFromEnv(),
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
      const answers: EncountersTiming[] = [];
      let amountFields = 0;
      for (let run = 0; run < runs; run += 1) {
        const { ms, fields, encounters } = await timeToInteractive(page, server.baseUrl);
        interactive.push(ms);
        answers.push(encounters);
        amountFields = fields;
      }
      answers.sort((a, b) => a.ms - b.ms);
      const answer = answers[Math.floor(answers.length / 2)];
      const keys = (await keystrokeLatencies(page, 40)).sort((a, b) => a - b);
      interactive.sort((a, b) => a - b);
      rows.push({
        scale,
        interactiveMs: percentile(interactive, 0.5),
        keystrokeP50Ms: percentile(keys, 0.5),
        keystrokeP95Ms: percentile(keys, 0.95),
        keystrokeMaxMs: keys.at(-1) ?? Number.NaN,
        amountFields,
        encountersWireBytes: answer?.wireBytes ?? Number.NaN,
        encountersBytes: answer?.bytes ?? Number.NaN,
        encountersMs: answer?.ms ?? Number.NaN,
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
  const base = rows.find((row) => row.scale === 1);
  console.table(
    rows.map((row) => ({
      'size (× Robert)': row.scale,
      'data → interactive ms': row.interactiveMs.toFixed(0),
      // Linear growth keeps this near the size; well above it is worse than linear.
      'time vs 1×': base ? (row.interactiveMs / base.interactiveMs).toFixed(1) : '',
      'amount fields shown': row.amountFields,
      'keystroke p50 ms': row.keystrokeP50Ms.toFixed(1),
      'keystroke p95 ms': row.keystrokeP95Ms.toFixed(1),
      'keystroke max ms': row.keystrokeMaxMs.toFixed(1),
      'GET /encounters KB (wire / decoded)': `${(row.encountersWireBytes / 1024).toFixed(0)} / ${(row.encountersBytes / 1024).toFixed(0)}`,
      'GET /encounters ms': row.encountersMs.toFixed(0),
    })),
  );
  console.info(
    "targets: Robert's dashboard interactive within 300 ms of data; keystrokes under 50 ms; " +
      'time vs 1× no more than the size (linear growth)',
  );
}
