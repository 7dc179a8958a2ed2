import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { chooseLanguage } from '@/lib/language.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.documentElement.className = '';
  // A test that reads the portal in Spanish leaves the next one in English.
  chooseLanguage('en');
  localStorage.clear();
});

// jsdom has no layout; the router's scroll restoration only needs the call to exist.
window.scrollTo = () => undefined;

// jsdom loads none of the portal's CSS, and computes an unstyled span as
// `display: inline`. Accessible names join inline pieces with no space, so
// "View" + sr-only " statement of …" would read "Viewstatement of …". In a
// browser, Tailwind's sr-only is absolutely positioned and flex items are
// blockified, so each piece is a block and the name keeps its spaces. These
// are the Tailwind rules that decide that; with them, names read as in a browser.
const layoutRules = document.createElement('style');
layoutRules.textContent = [
  '.sr-only { position: absolute; }',
  '.flex { display: flex; }',
  '.inline-flex { display: inline-flex; }',
].join('\n');
document.head.append(layoutRules);

// The portal loads answer schemas (and zod, jose) beside the requests that need
// them. Loaded once here, so tests time the portal rather than the first
// transform of those modules.
await Promise.all([
  import('jose'),
  import('@webpay/contracts/auth'),
  import('@webpay/contracts/config'),
  import('@webpay/contracts/statements'),
  import('@webpay/contracts/payment-history'),
]);
