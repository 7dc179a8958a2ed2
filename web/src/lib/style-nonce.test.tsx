import { render } from '@testing-library/react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { afterEach, describe, expect, it } from 'vitest';
import { shareStyleNonce } from './style-nonce.ts';

/** A modal dialog, whose overlay locks page scrolling with a <style> element of its own. */
function OpenDialog() {
  return (
    <DialogPrimitive.Root open>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay />
        <DialogPrimitive.Content aria-describedby={undefined}>
          <DialogPrimitive.Title>Make a Payment</DialogPrimitive.Title>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

function scrollLockStyles(): HTMLStyleElement[] {
  return Array.from(document.head.querySelectorAll('style')).filter((style) =>
    style.textContent?.includes('data-scroll-locked'),
  );
}

describe('shareStyleNonce', () => {
  afterEach(() => document.head.querySelector('meta[property="csp-nonce"]')?.remove());

  it("gives a dialog's scroll lock the nonce the service put in the page", () => {
    document.head.insertAdjacentHTML(
      'beforeend',
      '<meta property="csp-nonce" nonce="bm9uY2U+/w==">',
    );
    shareStyleNonce();
    const { unmount } = render(<OpenDialog />);
    const styles = scrollLockStyles();
    expect(styles).toHaveLength(1);
    expect(styles[0]?.getAttribute('nonce')).toBe('bm9uY2U+/w==');
    unmount();
    expect(scrollLockStyles()).toEqual([]);
  });
});
