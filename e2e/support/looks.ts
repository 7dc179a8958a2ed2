import type { Page } from '@playwright/test';

/** The widths every screen is checked at: a common phone and a desktop. */
export const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

export const themes = ['light', 'dark'] as const;

/** The portal's languages (decision 0013). */
export const languages = ['en', 'es'] as const;

export type Viewport = (typeof viewports)[number];
export type Theme = (typeof themes)[number];
export type Language = (typeof languages)[number];

/** Where the portal remembers the guarantor's language (decision 0013). */
export const LANGUAGE_STORAGE_KEY = 'webpay.language';

/**
 * Changes the language of the page on screen without touching it, as a choice
 * made in another tab would: whatever dialog or error is open stays open.
 */
export async function readIn(page: Page, language: Language): Promise<void> {
  await page.evaluate(
    ({ key, value }) => {
      window.localStorage.setItem(key, value);
      window.dispatchEvent(new StorageEvent('storage', { key, newValue: value }));
    },
    { key: LANGUAGE_STORAGE_KEY, value: language },
  );
  await page.waitForFunction((value) => document.documentElement.lang === value, language);
}
