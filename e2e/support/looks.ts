import type { Page } from '@playwright/test';

/** The widths every screen is checked at: a common phone and a desktop. */
export const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

export const themes = ['light', 'dark'] as const;

export type Viewport = (typeof viewports)[number];
export type Theme = (typeof themes)[number];

/** Sizes the page and picks the theme the portal will start in (SPEC §1: webpay-ui-theme). */
export async function showAs(page: Page, viewport: Viewport, theme: Theme): Promise<void> {
  await page.setViewportSize(viewport);
  await page.addInitScript((value) => {
    window.localStorage.setItem('webpay-ui-theme', value);
  }, theme);
}
