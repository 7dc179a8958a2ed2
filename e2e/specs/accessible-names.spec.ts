import type { Page } from '@playwright/test';
import {
  ACCESSIBLE_NAMES,
  CONTROL_ROLES,
  type ControlRole,
  type NamedControl,
  type Screen,
} from '../support/accessible-names.ts';
import { test, expect, maria, james, ANY_DB } from '../support/fixtures.ts';
import { readIn } from '../support/looks.ts';
import { openPaymentDialog } from '../support/payment-dialog.ts';

/*
 * WCAG 4.1.2 and 2.4.6: every control a screen offers is on the written list
 * in support/accessible-names.ts with its role and name, and none is unnamed.
 * The page is read as assistive technology reads it (Playwright's accessibility
 * snapshot): hidden controls, and the page behind a modal dialog, are left out.
 * Checked at desktop width, where the header shows its links rather than a menu.
 */

interface FoundControl {
  role: ControlRole;
  name: string;
}

const SERVICE = '**/api/v1/services/rcm-webpay-service';
const CONTACT_PAGE_CODE = /\/webpay\/assets\/contact\.lazy-[^/]+\.js$/;
const CONTROL = new RegExp(
  `^(${CONTROL_ROLES.join('|')})(?: "((?:[^"\\\\]|\\\\.)*)")?(?=[\\s:\\[]|$)`,
);

/** A snapshot line's node, without the YAML quoting added when the name holds a colon. */
function nodeOf(line: string): string {
  const item = /^\s*- (.*)$/.exec(line)?.[1] ?? '';
  const quoted = /^'(.*)'(?::.*)?$/.exec(item);
  return quoted ? (quoted[1] ?? '').replaceAll("''", "'") : item;
}

/** The controls on the page, in reading order, from its accessibility snapshot. */
async function controlsOnPage(page: Page): Promise<FoundControl[]> {
  const snapshot = await page.locator('body').ariaSnapshot();
  const found: FoundControl[] = [];
  for (const line of snapshot.split('\n')) {
    const match = CONTROL.exec(nodeOf(line));
    if (!match) continue;
    const name = match[2] === undefined ? '' : (JSON.parse(`"${match[2]}"`) as string);
    found.push({ role: match[1] as ControlRole, name });
  }
  return found;
}

function matches(control: FoundControl, expected: NamedControl): boolean {
  if (control.role !== expected.role) return false;
  return typeof expected.name === 'string'
    ? control.name === expected.name
    : expected.name.test(control.name);
}

function describeEntry(entry: NamedControl): string {
  return `${entry.role} ${typeof entry.name === 'string' ? `"${entry.name}"` : String(entry.name)}`;
}

/**
 * Words that read the same in both languages: names (of people, places and the
 * portal), and words Spanish shares with English. A control whose Spanish name
 * is its English one is untranslated unless every word of it is here or data.
 */
const SAME_IN_BOTH = new Set(
  [
    'WebPay',
    'Wasatch',
    'Valley',
    'Health',
    'Central',
    'Lab',
    'Medical',
    'Equipment',
    'Home',
    'Care',
    'Maria',
    'Garcia',
    'James',
    'PIN',
    'Total',
    'Error',
    'No',
    'R',
  ].map((word) => word.toLowerCase()),
);

/** The words of a name that are not data: no amounts, numbers, e-mail addresses or phones. */
function wordsOf(name: string): string[] {
  return name
    .replace(/\S+@\S+/g, ' ')
    .replace(/[$\d(),.:&%\-/]+/g, ' ')
    .split(/\s+/)
    .filter((word) => word !== '');
}

function untranslated(english: string, spanish: string): boolean {
  if (english !== spanish) return false;
  return wordsOf(english).some((word) => !SAME_IN_BOTH.has(word.toLowerCase()));
}

/**
 * Decision 0013: the same screen in Spanish, switched in place, offers the
 * same controls in the same order, every one named, and none keeps English
 * words in its name.
 */
async function expectTranslated(page: Page, screen: Screen, english: readonly FoundControl[]) {
  await readIn(page, 'es');
  const spanish = await controlsOnPage(page);
  await readIn(page, 'en');
  const roles = (controls: readonly FoundControl[]) => controls.map((control) => control.role);
  const problems = spanish.flatMap((control, index) => {
    const counterpart = english[index]?.name ?? '';
    if (control.name.trim() === '') return [`${control.role} unnamed`];
    return untranslated(counterpart, control.name) ? [`${control.role} "${control.name}"`] : [];
  });
  expect.soft({ roles: roles(spanish), untranslated: problems }, `${screen} in Spanish`).toEqual({
    roles: roles(english),
    untranslated: [],
  });
}

/**
 * Each control on the page is claimed by the first list entry it matches;
 * counts must agree. Then the same screen in Spanish.
 */
async function expectControlsAsListed(page: Page, screen: Screen) {
  const expected = ACCESSIBLE_NAMES[screen];
  const found = await controlsOnPage(page);
  const claimed = new Map<NamedControl, number>();
  const unlisted: string[] = [];
  const unnamed: string[] = [];
  for (const control of found) {
    if (control.name.trim() === '') {
      unnamed.push(control.role);
      continue;
    }
    const entry = expected.find((candidate) => matches(control, candidate));
    if (entry) claimed.set(entry, (claimed.get(entry) ?? 0) + 1);
    else unlisted.push(`${control.role} "${control.name}"`);
  }
  const miscounted: string[] = [];
  for (const entry of expected) {
    const count = claimed.get(entry) ?? 0;
    const wanted = entry.count ?? 1;
    if (wanted === 'any' ? false : count !== wanted) {
      miscounted.push(`${describeEntry(entry)}: ${count} on the page, ${String(wanted)} listed`);
    }
  }
  // Soft, so one run reports every screen that differs from the list.
  expect.soft({ unnamed, unlisted, miscounted }, screen).toEqual({
    unnamed: [],
    unlisted: [],
    miscounted: [],
  });
  await expectTranslated(page, screen, found);
}

test.describe('accessible names match the written list, and are translated', ANY_DB, () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('sign-in screens', async ({ page }) => {
    await page.goto('/webpay/login');
    await expect(page.getByRole('button', { name: 'Email me a sign-in link' })).toBeVisible();
    await expectControlsAsListed(page, 'login');

    await page.goto('/webpay/login/pin');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expectControlsAsListed(page, 'login/pin');

    await page.goto('/webpay/login/email');
    await expect(page.getByRole('button', { name: 'Send code' })).toBeVisible();
    await expectControlsAsListed(page, 'login/email');

    await page.goto('/webpay/login/signup');
    await expect(page.getByRole('button', { name: 'Sign up' })).toBeVisible();
    await expectControlsAsListed(page, 'login/signup');

    await page.goto('/webpay/verify/code?guarantorId=g-1&verificationId=v-1&email=a%40example.com');
    await expect(page.getByRole('button', { name: 'Verify' })).toBeVisible();
    await expectControlsAsListed(page, 'verify/code');

    await page.goto('/webpay/login/magic?abracadabra=not-a-real-token');
    await expect(page.getByText('Unexpected error during sign-in with magic link')).toBeVisible();
    await expectControlsAsListed(page, 'login/magic');
  });

  test("Maria's screens, dialogs and the error screen", async ({ page, signInWithPin }) => {
    test.setTimeout(90_000);
    await signInWithPin(maria);
    await expect(
      page.getByRole('region', { name: 'Pending Encounters' }).getByText('107-40010001'),
    ).toBeVisible();
    // The way to a plan loads beside its own answer, after the bills.
    await expect(page.getByRole('link', { name: 'Set up a payment plan' })).toBeVisible();
    await expectControlsAsListed(page, 'dashboard');

    await page.getByRole('tab', { name: /Central Lab/ }).click();
    await expect(page.getByRole('table', { name: 'Central Lab encounters' })).toBeVisible();
    await expectControlsAsListed(page, 'dashboard, other facility');

    await page.getByRole('tab', { name: /Hospitals & Clinics/ }).click();
    const dialog = await openPaymentDialog(page);
    await expectControlsAsListed(page, 'payment dialog, card');
    await dialog.getByRole('radio', { name: 'eCheck' }).check();
    await expectControlsAsListed(page, 'payment dialog, eCheck');
    await page.keyboard.press('Escape');

    await page.goto('/webpay/statements');
    await expect(page.getByRole('table', { name: 'Statements' })).toBeVisible();
    await expectControlsAsListed(page, 'statements');
    await page
      .getByRole('button', { name: /^View statement of / })
      .first()
      .click();
    await expect(page.getByRole('table', { name: 'Statement lines' })).toBeVisible();
    await expectControlsAsListed(page, 'statement dialog');
    await page.keyboard.press('Escape');

    // July 2026 holds only the demo data's own payments; new ones are dated today.
    await page.goto('/webpay/payments?from=2026-07-01&to=2026-07-31');
    await expect(page.getByRole('button', { name: 'View receipt R-8101' })).toBeVisible();
    await expectControlsAsListed(page, 'payments');
    await page.getByRole('button', { name: 'View receipt R-8101' }).click();
    await expect(page.getByRole('dialog', { name: 'Payment Receipt' })).toBeVisible();
    await expectControlsAsListed(page, 'receipt dialog');
    await page.keyboard.press('Escape');

    await page.goto('/webpay/contact');
    await expect(
      page.getByRole('region', { name: 'Medical Equipment', exact: true }),
    ).toBeVisible();
    await expectControlsAsListed(page, 'contact');

    await page.route(CONTACT_PAGE_CODE, (route) => route.abort('internetdisconnected'));
    await page.route(`${SERVICE}/config/contactInfo`, (route) => route.abort('failed'));
    await page.goto('/webpay/contact');
    await expect(page.getByRole('heading', { name: 'Connection Error', level: 1 })).toBeVisible();
    await expectControlsAsListed(page, 'error screen');
  });

  test("James's dashboard (other facilities only)", async ({ page, signInWithPin }) => {
    await signInWithPin(james);
    await expect(page.getByRole('table', { name: 'Home Care encounters' })).toBeVisible();
    await expectControlsAsListed(page, 'dashboard, other facilities only');
  });
});
