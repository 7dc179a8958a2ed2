import { Button } from '@/components/ui/button.tsx';
import { useMessages } from '@/lib/messages.ts';
import { dashboardMessages } from '../dashboard.messages.ts';
import { ROWS_PER_PAGE } from '../hooks/use-more-rows.ts';

export interface ShowMoreRowsProps {
  shown: number;
  total: number;
  /** What the rows are, plural, in the catalogue's words, e.g. 'encounters' or 'payment plans'. */
  noun: string;
  /** The table's own name, so each button on the page says which list it extends. */
  tableName: string;
  onShowMore: () => void;
}

/** Below a table that does not list every row: how many it does, and a button for more. */
export function ShowMoreRows({ shown, total, noun, tableName, onShowMore }: ShowMoreRowsProps) {
  const t = useMessages(dashboardMessages);
  if (shown >= total) return null;
  const next = Math.min(ROWS_PER_PAGE, total - shown);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p role="status" className="text-sm text-muted-foreground">
        {t.moreRows.showing(shown, total, noun)}
      </p>
      <Button
        type="button"
        variant="secondary"
        className="min-h-11"
        aria-label={t.moreRows.buttonName(next, noun, tableName)}
        onClick={onShowMore}
      >
        {t.moreRows.button(next)}
      </Button>
    </div>
  );
}
