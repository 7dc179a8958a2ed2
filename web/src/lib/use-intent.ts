import { useEffect, type RefObject } from 'react';

/** The first signs that the guarantor is reaching for something inside an element. */
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'focusin', 'keydown'] as const;

/**
 * Calls `onIntent` once, when the pointer first moves over or presses inside
 * the element or focus first enters it: early enough to fetch the code of
 * what its buttons open before they are pressed, and never on a page load
 * nobody touches.
 */
export function useIntent(ref: RefObject<HTMLElement | null>, onIntent: () => void): void {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const stop = () => {
      for (const type of INTENT_EVENTS) element.removeEventListener(type, listener);
    };
    const listener = () => {
      stop();
      onIntent();
    };
    for (const type of INTENT_EVENTS) element.addEventListener(type, listener, { passive: true });
    return stop;
  }, [ref, onIntent]);
}
