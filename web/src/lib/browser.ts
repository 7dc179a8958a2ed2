/**
 * Whole-page navigation, behind one object so tests can watch it (jsdom
 * cannot reload or leave the page).
 */
export const browser = {
  reload(): void {
    window.location.reload();
  },
  assign(url: string): void {
    window.location.assign(url);
  },
};
