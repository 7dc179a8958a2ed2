/** SPEC §2 (/login/pin): the message shown when `next` is refused. */
export const INVALID_REDIRECT_MESSAGE = 'Invalid redirect path';
export const INVALID_REDIRECT_MESSAGE_ES = 'Ruta de redirección no válida';

/**
 * SPEC §2: `next` must start with '/' and must not start with '//' or '/\'
 * nor contain '://'. Anything else could send the guarantor off-site.
 */
export function isSafeRedirectPath(next: unknown): next is string {
  return (
    typeof next === 'string' &&
    next.startsWith('/') &&
    !next.startsWith('//') &&
    !next.startsWith('/\\') &&
    !next.includes('://')
  );
}
