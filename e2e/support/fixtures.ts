import { test as base, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { DEMO_GUARANTORS, type DemoGuarantor } from '../../server/src/demo/demo-guarantors.ts';
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

/** WCAG 2.1 A and AA violations on the current page. */
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

async function accessibilityViolations(page: Page) {
  await settleAnimations(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

export const test = base.extend<{
  signInWithPin: (who: DemoSignIn, next?: string) => Promise<void>;
  storedSessionKeys: () => Promise<string[]>;
  accessibilityViolations: () => ReturnType<typeof accessibilityViolations>;
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
  accessibilityViolations: async ({ page }, use) => {
    await use(() => accessibilityViolations(page));
  },
});

export { expect };
