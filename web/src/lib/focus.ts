/**
 * Puts focus back on `element` after a modal closes; if it has gone (the page
 * changed meanwhile), on the page's main content so keyboard users are not
 * dropped at the top of the document.
 */
export function restoreFocus(element: Element | null): void {
  if (element instanceof HTMLElement && element.isConnected && element !== document.body) {
    element.focus();
    return;
  }
  document.getElementById('main-content')?.focus();
}
