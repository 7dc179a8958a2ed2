import { screen, waitFor } from '@testing-library/react';
import { expect, onTestFinished, vi } from 'vitest';
import { currentLanguage } from '@/lib/language.ts';
import { messagesIn } from '@/lib/messages.ts';
import { appConfig } from '@test/fixtures.ts';
import { paymentDialogMessages } from '../../src/features/payments/payments.messages.ts';
import {
  resetLightbox,
  type ConvergeCallbacks,
  type PayWithConverge,
} from '../../src/features/payments/utils/converge-lightbox.ts';

const { lightboxScriptUrl, origin } = appConfig.cardProcessor;

/**
 * Stands in for the processor's PayWithConverge.js: it answers the script
 * request, its card window says it is ready when opened, and lets the test play the guarantor in the
 * lightbox through the callbacks the portal handed to open().
 */
export function fakeConverge() {
  const open = vi.fn<PayWithConverge['open']>(() => {
    window.dispatchEvent(new MessageEvent('message', { origin }));
  });
  onTestFinished(() => {
    delete window.PayWithConverge;
    // The next page load adds the script again, as a fresh page would.
    resetLightbox();
    for (const script of document.querySelectorAll('script')) script.remove();
  });

  const scriptElement = () =>
    waitFor(() => {
      const script = document.querySelector<HTMLScriptElement>(
        `script[src="${lightboxScriptUrl}"]`,
      );
      expect(script).not.toBeNull();
      return script as HTMLScriptElement;
    });

  return {
    open,
    /** The portal added the script: it loads and defines the global. */
    async load() {
      const script = await scriptElement();
      window.PayWithConverge = { open };
      script.dispatchEvent(new Event('load'));
    },
    /** The script could not be fetched. */
    async failToLoad() {
      (await scriptElement()).dispatchEvent(new Event('error'));
    },
    /** The lightbox is open; resolves with what the portal handed it. */
    async opened(): Promise<{ token: string; callbacks: ConvergeCallbacks }> {
      const [params, callbacks] = await waitFor(() => {
        const call = open.mock.lastCall;
        expect(call).toBeDefined();
        return call as Parameters<PayWithConverge['open']>;
      });
      return { token: params.ssl_txn_auth_token, callbacks };
    },
    scriptCount: () => document.querySelectorAll(`script[src="${lightboxScriptUrl}"]`).length,
  };
}

/** The status the dialog shows while the card window is on its way. */
export function openingStatus() {
  return screen.findByText(messagesIn(paymentDialogMessages, currentLanguage()).openingCardWindow);
}
