import type { KeyboardEvent } from 'react';

/** Up and down move between the results' links, as they would in a list. */
export function moveBetweenResults(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const links = Array.from(document.querySelectorAll<HTMLAnchorElement>('[data-search-result]'));
  if (links.length === 0) return;
  event.preventDefault();
  const index = links.indexOf(document.activeElement as HTMLAnchorElement);
  const step = event.key === 'ArrowDown' ? 1 : -1;
  if (index === -1 && step === -1) return;
  if (index + step < 0) {
    document.getElementById('guarantor-search')?.focus();
    return;
  }
  links[Math.min(links.length - 1, index + step)]?.focus();
}
