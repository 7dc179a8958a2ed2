import { Button } from '@/components/ui/button.tsx';
import { ROWS_PER_PAGE } from '../hooks/use-more-rows.ts';

const count = new Intl.NumberFormat('en-US');

export interface ShowMoreRowsProps {
  shown: number;
  total: number;
  /** What the rows are, plural, e.g. 'encounters' or 'payment plans'. */
  noun: string;
  /** The table's own name, so each button on the page says which list it extends. */
  tableName: string;
  onShowMore: () => void;
}

/** Below a table that does not list every row: how many it does, and a button for more. */
export function ShowMoreRows({ shown, total, noun, tableName, onShowMore }: ShowMoreRowsProps) {
  if (shown >= total) return null;
  const next = Math.min(ROWS_PER_PAGE, total - shown);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p role="status" className="text-sm text-muted-foreground">
        Showing {count.format(shown)} of {count.format(total)} {noun}
      </p>
      <Button
        type="button"
        variant="secondary"
        className="min-h-11"
        aria-label={`Show ${count.format(next)} more ${noun} in ${tableName}`}
        onClick={onShowMore}
      >
        Show {count.format(next)} more
      </Button>
    </div>
  );
}
