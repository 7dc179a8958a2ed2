/** SPEC §4: the window event that opens the 'Invalid Code' modal. */
export const INVALID_CODE_EVENT = 'invalid-code';

export interface InvalidCodeOptions {
  /** 'Send New Code': restarts the e-mail verification (the modal closes first). */
  onSendNewCode: () => void;
  /** Puts focus back where the guarantor continues (e.g. the code field) once the modal has closed. */
  restoreFocus?: () => void;
}

declare global {
  interface WindowEventMap {
    [INVALID_CODE_EVENT]: CustomEvent<InvalidCodeOptions>;
  }
}

/** Opens the 'Invalid Code' modal. */
export function showInvalidCode(options: InvalidCodeOptions): void {
  window.dispatchEvent(new CustomEvent(INVALID_CODE_EVENT, { detail: options }));
}

export function onInvalidCode(listener: (options: InvalidCodeOptions) => void): () => void {
  const handle = (event: CustomEvent<InvalidCodeOptions>) => listener(event.detail);
  window.addEventListener(INVALID_CODE_EVENT, handle);
  return () => window.removeEventListener(INVALID_CODE_EVENT, handle);
}
