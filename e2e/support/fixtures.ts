import { test as base, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

export interface DemoSignIn {
  accountNumber: string;
  pin: string;
  name: string;
}

/** DEMO_DATA.md's guarantors, as the README lists them. */
export const maria: DemoSignIn = { accountNumber: '100200300', pin: '48271936', name: 'Maria Garcia' };
export const james: DemoSignIn = { accountNumber: '200300400', pin: '51730284', name: 'James Wilson' };

export const SESSION_KEY_PREFIX = 'webpay-session-';

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
async function accessibilityViolations(page: Page) {
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
}>({
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
