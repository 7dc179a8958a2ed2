import { useEffect, useRef, useState, type RefObject } from 'react';
import type { EnteredAmounts } from '@/lib/payments/payment-items.ts';

/**
 * How many rows a dashboard table lists before asking to show more. Every
 * demo account, the largest included, fits on the first page; only accounts
 * far bigger than any guarantor's today are cut (docs/decisions/0014).
 */
export const ROWS_PER_PAGE = 200;

export interface MoreRows {
  /** How many rows, from the top, are in the table. */
  shown: number;
  /** Lists the next page and moves focus to its first row. */
  showMore: () => void;
  /** Goes on the table body, so focus can find the first row of a new page. */
  bodyRef: RefObject<HTMLTableSectionElement | null>;
}

/**
 * The first page of a long table, and more on request. Rows that already hold
 * an amount are always listed (the amounts outlive the table when the
 * guarantor switches tabs), so nothing counted in the selection is out of reach.
 *
 * rowSelector picks the rows focus may land on among the body's children.
 */
export function useMoreRows(
  keys: readonly string[],
  amounts: EnteredAmounts,
  rowSelector = ':scope > tr',
): MoreRows {
  const [shown, setShown] = useState(() => {
    let lastWithAmount = -1;
    keys.forEach((key, index) => {
      if (amounts[key]) lastWithAmount = index;
    });
    return Math.max(ROWS_PER_PAGE, lastWithAmount + 1);
  });
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const focusRow = useRef<number | null>(null);

  useEffect(() => {
    const index = focusRow.current;
    if (index === null) return;
    focusRow.current = null;
    // The Show more button may be gone now; without this, focus would fall to the page body.
    const row = bodyRef.current?.querySelectorAll<HTMLElement>(rowSelector)[index];
    if (!row) return;
    row.tabIndex = -1;
    row.focus();
  }, [shown, rowSelector]);

  const showMore = () => {
    focusRow.current = Math.min(shown, keys.length);
    setShown(shown + ROWS_PER_PAGE);
  };

  return { shown: Math.min(shown, keys.length), showMore, bodyRef };
}
