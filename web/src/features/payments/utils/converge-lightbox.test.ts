import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  convergeErrorText,
  openLightbox,
  resetLightbox,
  type ConvergeCallbacks,
} from './converge-lightbox.ts';

const options = {
  token: 'token-1',
  scriptUrl: 'https://processor.example/hosted-payments/PayWithConverge.js',
  origin: 'https://processor.example',
  readyTimeoutMs: 10_000,
};

const scripts = () => document.querySelectorAll(`script[src="${options.scriptUrl}"]`);

afterEach(() => {
  resetLightbox();
  delete window.PayWithConverge;
  for (const script of scripts()) script.remove();
});

describe('openLightbox (converge.md §2)', () => {
  it('adds the script once and opens with the token without waiting for a readiness signal', async () => {
    const open = vi.fn<NonNullable<Window['PayWithConverge']>['open']>((_params, callbacks) =>
      callbacks.onCancelled(),
    );
    const outcome = openLightbox(options);
    await vi.waitFor(() => expect(scripts()).toHaveLength(1));
    window.PayWithConverge = { open };
    scripts()[0]?.dispatchEvent(new Event('load'));

    expect(await outcome).toEqual({ kind: 'cancelled' });
    expect(open).toHaveBeenCalledWith({ ssl_txn_auth_token: 'token-1' }, expect.any(Object));

    // The next payment reuses the script.
    expect(await openLightbox({ ...options, token: 'token-2' })).toEqual({ kind: 'cancelled' });
    expect(scripts()).toHaveLength(1);
    expect(open).toHaveBeenLastCalledWith({ ssl_txn_auth_token: 'token-2' }, expect.any(Object));
  });

  it('only warns when the card window does not signal readiness within the timeout (SPEC §8)', async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      let callbacks: ConvergeCallbacks | undefined;
      window.PayWithConverge = { open: (_params, given) => (callbacks = given) };
      const outcome = openLightbox(options);
      await vi.advanceTimersByTimeAsync(9_999);
      // A message from anywhere else is not the processor saying it is ready.
      window.dispatchEvent(new MessageEvent('message', { origin: 'https://elsewhere.example' }));
      expect(warn).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('readiness'));

      callbacks?.onApproval({ ssl_result: '0' });
      expect(await outcome).toEqual({ kind: 'approved', response: { ssl_result: '0' } });
    } finally {
      warn.mockRestore();
      vi.useRealTimers();
    }
  });

  it('does not warn once the processor origin has signalled readiness', async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      let callbacks: ConvergeCallbacks | undefined;
      window.PayWithConverge = { open: (_params, given) => (callbacks = given) };
      const outcome = openLightbox(options);
      await vi.advanceTimersByTimeAsync(500);
      window.dispatchEvent(new MessageEvent('message', { origin: options.origin }));
      await vi.advanceTimersByTimeAsync(20_000);
      expect(warn).not.toHaveBeenCalled();
      callbacks?.onCancelled();
      expect(await outcome).toEqual({ kind: 'cancelled' });
    } finally {
      warn.mockRestore();
      vi.useRealTimers();
    }
  });

  it('keeps the first word of a lightbox that reports twice', async () => {
    window.PayWithConverge = {
      open: (_params, callbacks) => {
        callbacks.onDeclined({ ssl_result_message: 'DECLINED' });
        callbacks.onCancelled();
      },
    };
    const outcome = openLightbox(options);
    expect(await outcome).toEqual({
      kind: 'declined',
      response: { ssl_result_message: 'DECLINED' },
    });
  });

  it('reports an open that throws as an error', async () => {
    window.PayWithConverge = {
      open: () => {
        throw new Error('Token expired');
      },
    };
    const outcome = openLightbox(options);
    expect(await outcome).toEqual({ kind: 'error', message: 'Token expired' });
  });
});

describe('convergeErrorText', () => {
  it('words a string, an error object, or anything else', () => {
    expect(convergeErrorText(' Invalid token ')).toBe('Invalid token');
    expect(
      convergeErrorText({
        errorCode: '6051',
        errorName: 'Invalid Session Token',
        errorMessage: 'Used.',
      }),
    ).toBe('Used. (6051 Invalid Session Token)');
    expect(convergeErrorText({ errorCode: '4014' })).toBe('4014');
    expect(convergeErrorText(undefined)).toBe('The secure card window reported an error.');
  });
});
