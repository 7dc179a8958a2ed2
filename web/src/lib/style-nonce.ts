import { setNonce } from 'get-nonce';

/**
 * Hands this page's style nonce to the libraries that add <style> elements.
 * The portal's CSP refuses every inline style but those bearing the nonce the
 * service put in index.html for this answer (decision 0005). Radix's dialogs
 * lock page scrolling with such an element, made by react-style-singleton,
 * which takes its nonce from get-nonce.
 */
export function shareStyleNonce(): void {
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  // Browsers empty the attribute once the page has loaded and keep its value in .nonce;
  // where they do not, the attribute still holds it.
  const nonce = meta?.nonce || meta?.getAttribute('nonce');
  if (nonce) setNonce(nonce);
}
