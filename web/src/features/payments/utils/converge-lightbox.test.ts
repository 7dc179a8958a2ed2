import { afterEach, describe, expect, it, vi } from 'vitest';
import { convergeErrorText, openLightbox, resetLightbox } from './converge-lightbox.ts';

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
  it('adds the script once, waits for a message from the processor origin, then opens with the token', async () => {
    const open = vi.fn<NonNullable<Window['PayWithConverge']>['open']>((_params, callbacks) =>
      callbacks.onCancelled(),
    );
    const outcome = openLightbox(options);
    await vi.waitFor(() => expect(scripts()).toHaveLength(1));
    window.PayWithConverge = { open };
    scripts()[0]?.dispatchEvent(new Event('load'));
    // A message from anywhere else is not the processor saying it is ready.
    window.dispatchEvent(new MessageEvent('message', { origin: 'https://elsewhere.example' }));
    await Promise.resolve();
    expect(open).not.toHaveBeenCalled();
    window.dispatchEvent(new MessageEvent('message', { origin: options.origin }));

    expect(await outcome).toEqual({ kind: 'cancelled' });
    expect(open).toHaveBeenCalledWith({ ssl_txn_auth_token: 'token-1' }, expect.any(Object));

    // The next payment reuses the script and the readiness already heard.
    expect(await openLightbox({ ...options, token: 'token-2' })).toEqual({ kind: 'cancelled' });
    expect(scripts()).toHaveLength(1);
    expect(open).toHaveBeenLastCalledWith({ ssl_txn_auth_token: 'token-2' }, expect.any(Object));
  });

  it('keeps the first word of a lightbox that reports twice', async () => {
    window.PayWithConverge = {
      open: (_params, callbacks) => {
        callbacks.onDeclined({ ssl_result_message: 'DECLINED' });
        callbacks.onCancelled();
      },
    };
    window.dispatchEvent(new MessageEvent('message', { origin: options.origin }));
    const outcome = openLightbox(options);
    window.dispatchEvent(new MessageEvent('message', { origin: options.origin }));
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
    window.dispatchEvent(new MessageEvent('message', { origin: options.origin }));
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
