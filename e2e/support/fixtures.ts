import { test as base, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { DEMO_GUARANTORS, type DemoGuarantor } from '@webpay/server/testkit/demo';
import { languages, readIn, themes, viewports, type Language } from './looks.ts';
import { Mailbox } from './mailbox.ts';

export type DemoSignIn = Pick<DemoGuarantor, 'accountNumber' | 'pin' | 'firstName' | 'lastName'>;

export const maria: DemoSignIn = DEMO_GUARANTORS.maria;
export const james: DemoSignIn = DEMO_GUARANTORS.james;
export { DEMO_GUARANTORS };

export const SESSION_KEY_PREFIX = 'webpay-session-';

/**
 * Tags a test whose outcome no database can change: what a page looks like,
 * or how it meets a failure the browser makes up. Such tests, and the axe
 * checks, run against the first server only (playwright.config.ts).
 */
export const ANY_DB = { tag: '@any-db' };

async function signInWithPin(page: Page, who: DemoSignIn, next?: string): Promise<void> {
  const query = next === undefined ? '' : `?next=${encodeURIComponent(next)}`;
  await page.goto(`/webpay/login/pin${query}`);
  await page.getByLabel('Account number').fill(who.accountNumber);
  await page.getByLabel('PIN', { exact: true }).fill(who.pin);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Keys the portal keeps in localStorage for the session. */
async function storedSessionKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    (prefix) => Object.keys(window.localStorage).filter((key) => key.startsWith(prefix)),
    SESSION_KEY_PREFIX,
  );
}

/** Finite animations and transitions (a toast fading in) would be measured half-drawn. */
async function settleAnimations(page: Page) {
  await page
    .waitForFunction(
      () =>
        document.getAnimations().every((animation) => {
          const timing = animation.effect?.getComputedTiming();
          return animation.playState !== 'running' || timing?.endTime === Infinity;
        }),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
}

export interface AxeOptions {
  /**
   * Parts of the page that are not ours to fix, such as the card processor's
   * lightbox: everything around them is still checked.
   */
  exclude?: readonly string[];
}

export interface EveryLookOptions extends AxeOptions {
  /**
   * Brings the state back before each look, for one that passes by itself,
   * such as a toast; told the language on screen, to find its controls.
   */
  before?: (language: Language) => Promise<void>;
}

/** WCAG 2.1 A and AA violations on the current page. */
async function accessibilityViolations(page: Page, options: AxeOptions = {}) {
  await settleAnimations(page);
  // Only violations are read, so axe need not write up every node that passes. Legacy mode runs
  // axe in the page itself instead of finishing each run in a new blank page: a third of the time,
  // the same rules, and our pages' only frame (the card window) is excluded where it is open.
  // options() replaces what withTags() set, so it comes first.
  let builder = new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode(true);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

type Violations = Awaited<ReturnType<typeof accessibilityViolations>>;

/**
 * Checks the state on screen in the one look it has (its language, width
 * and theme): for a step of a long journey, where every look of every step
 * would cost minutes.
 */
async function axeInThisLook(page: Page, state: string, options: AxeOptions = {}) {
  expect(await accessibilityViolations(page, options), state).toEqual([]);
}

/**
 * Checks the state on screen in both languages, at both widths, in both
 * themes, without leaving it: the language changes in place, and the portal
 * starts in its 'system' theme, which follows the colour scheme the browser
 * reports, so a dialog, an error or a half-finished payment stays put while
 * the look changes underneath it. Every look is checked before failing, so
 * one run reports them all; the page is left in English.
 */
async function axeInEveryLook(page: Page, state: string, options: EveryLookOptions = {}) {
  const found: Record<string, Violations> = {};
  for (const language of languages) {
    await readIn(page, language);
    for (const viewport of viewports) {
      await page.setViewportSize(viewport);
      for (const theme of themes) {
        await page.emulateMedia({ colorScheme: theme });
        await expect
          .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
          .toBe(theme === 'dark');
        await options.before?.(language);
        const violations = await accessibilityViolations(page, options);
        if (violations.length > 0) found[`${language}, ${theme}, ${viewport.name}`] = violations;
      }
    }
  }
  await readIn(page, 'en');
  expect(found, state).toEqual({});
}

export const test = base.extend<{
  signInWithPin: (who: DemoSignIn, next?: string) => Promise<void>;
  storedSessionKeys: () => Promise<string[]>;
  /** Needs the portal's theme left to follow the system: the fixture sees to that before the first page loads. */
  axeInEveryLook: (state: string, options?: EveryLookOptions) => Promise<void>;
  axeInThisLook: (state: string, options?: AxeOptions) => Promise<void>;
  mailbox: Mailbox;
  sessionClaims: () => Promise<Record<string, unknown> | null>;
}>({
  mailbox: async ({ baseURL }, use) => {
    const mailbox = new Mailbox(baseURL ?? '');
    await mailbox.skipExisting();
    await use(mailbox);
  },
  sessionClaims: async ({ page }, use) => {
    await use(async () => {
      const raw = await page.evaluate(() => window.localStorage.getItem('webpay-session-claims'));
      return raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
    });
  },
  signInWithPin: async ({ page }, use) => {
    await use((who, next) => signInWithPin(page, who, next));
  },
  storedSessionKeys: async ({ page }, use) => {
    await use(() => storedSessionKeys(page));
  },
  axeInEveryLook: async ({ page }, use) => {
    await page.addInitScript(() => window.localStorage.setItem('webpay-ui-theme', 'system'));
    await use((state, options) => axeInEveryLook(page, state, options));
  },
  axeInThisLook: async ({ page }, use) => {
    await use((state, options) => axeInThisLook(page, state, options));
  },
});

export { expect };
