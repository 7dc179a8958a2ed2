import type { ErrorObject } from '@webpay/contracts/errors';
import { API_ERROR_MODAL, API_ERROR_MODAL_ES } from '@webpay/contracts/messages';
import { currentLanguage } from './language.ts';

/** SPEC §4: the window event that opens the generic error modal. */
export const API_ERROR_EVENT = 'api-error';

interface ButtonBase {
  label: string;
  /** Defaults: the last button is the primary one, the others secondary. */
  variant?: 'primary' | 'secondary';
}

/** SPEC §4: what a button of the error modal does. Every button also closes the modal. */
export type ApiErrorButton = ButtonBase &
  (
    | { action: 'close' }
    /**
     * Goes to `url`: a portal address (`/webpay/...`) opens inside the portal,
     * another address of this site loads as a page. Other sites are refused.
     */
    | { action: 'redirect'; url: string }
    /** Reloads the page. */
    | { action: 'retry' }
    | { action: 'custom'; onClick: () => void }
  );

export interface ApiErrorOptions {
  title?: string;
  message?: string;
  /**
   * The error being explained. Its title and first detail are shown unless
   * `title` / `message` are given; a 403 answer says 'You do not currently have access.'.
   */
  error?: ErrorObject;
  /** Default: one 'Close' button. */
  buttons?: readonly ApiErrorButton[];
}

/** What the modal shows once the defaults are applied. */
export interface ApiErrorModalContent {
  title: string;
  message: string;
  buttons: readonly ApiErrorButton[];
}

function firstDetail(error: ErrorObject | undefined): string | undefined {
  return error?.details.find((detail) => detail.trim() !== '');
}

/**
 * SPEC §8 generic modal defaults: title 'Error', message 'An error occurred',
 * in the language the portal is read in when the modal opens.
 */
export function resolveApiError(
  options: ApiErrorOptions = {},
  words: typeof API_ERROR_MODAL_ES = currentLanguage() === 'es'
    ? API_ERROR_MODAL_ES
    : API_ERROR_MODAL,
): ApiErrorModalContent {
  const { error } = options;
  const title = options.title || error?.title || words.title;
  const message =
    options.message ||
    (error?.status === 403 ? words.noAccess : firstDetail(error)) ||
    words.message;
  const buttons: readonly ApiErrorButton[] = options.buttons?.length
    ? options.buttons
    : [{ label: words.close, action: 'close' }];
  return { title, message, buttons };
}

declare global {
  interface WindowEventMap {
    [API_ERROR_EVENT]: CustomEvent<ApiErrorOptions | undefined>;
  }
}

/** Opens the generic error modal (SPEC §4 'api-error' event). */
export function showApiError(options: ApiErrorOptions = {}): void {
  window.dispatchEvent(new CustomEvent(API_ERROR_EVENT, { detail: options }));
}

/** Calls `listener` for each 'api-error' event, with the defaults applied. */
export function onApiError(listener: (content: ApiErrorModalContent) => void): () => void {
  const handle = (event: CustomEvent<ApiErrorOptions | undefined>) =>
    listener(resolveApiError(event.detail ?? {}));
  window.addEventListener(API_ERROR_EVENT, handle);
  return () => window.removeEventListener(API_ERROR_EVENT, handle);
}
