import { useCallback, useEffect, useRef, useState } from 'react';
import { COPIED_INDICATOR_MS } from '@/config/constants.ts';

/**
 * Copies text and remembers which item was copied for a moment (SPEC §8
 * 'Copied!' for 2 s). A browser that refuses the clipboard is left alone:
 * the text stays on screen to select by hand.
 */
export function useCopyToClipboard() {
  const [copied, setCopied] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(async (id: string, text: string) => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      return;
    }
    clearTimeout(timer.current);
    setCopied(id);
    timer.current = setTimeout(() => setCopied(null), COPIED_INDICATOR_MS);
  }, []);

  return { copied, copy };
}
