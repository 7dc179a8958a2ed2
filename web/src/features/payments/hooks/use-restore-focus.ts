import { useEffect } from 'react';
import { restoreFocus } from '@/lib/focus.ts';

/**
 * Our dialogs open from the page's own buttons rather than a Radix trigger,
 * so Radix has nothing to return focus to; this puts it back on whatever had
 * it when the dialog opened. That button may have been disabled meanwhile
 * (a payment clears the amounts), so focus then goes to the main content.
 */
export function useRestoreFocus(): void {
  useEffect(() => {
    const opener = document.activeElement;
    return () => {
      restoreFocus(opener);
      if (document.activeElement === document.body) restoreFocus(null);
    };
  }, []);
}
