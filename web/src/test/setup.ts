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
