import { useState } from 'react';
import { RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { useMessages } from '@/lib/messages.ts';
import { cn } from '@/lib/utils.ts';
import { dashboardMessages } from '../dashboard.messages.ts';

export interface RefetchButtonProps {
  /** The facility's title, e.g. 'Home Care'; it names the button and what it says. */
  facility: string;
  refetching: boolean;
  onRefetch: () => void;
}

/**
 * SPEC §2 Account/encounter panel per facility: its refetch. The button stays
 * enabled while loading so it keeps keyboard focus; a press then does nothing
 * more. A polite status says when a refresh that was asked for has finished.
 */
export function RefetchButton({ facility, refetching, onRefetch }: RefetchButtonProps) {
  const t = useMessages(dashboardMessages).refetch;
  const [asked, setAsked] = useState(false);
  const refetch = () => {
    setAsked(true);
    if (!refetching) onRefetch();
  };
  return (
    <div className="flex items-center gap-2">
      <p role="status" className="sr-only">
        {asked ? (refetching ? t.refreshing(facility) : t.refreshed(facility)) : ''}
      </p>
      <Button
        type="button"
        variant="secondary"
        size="sm"
        className="min-h-11"
        aria-label={t.name(facility)}
        aria-busy={refetching || undefined}
        onClick={refetch}
      >
        <RefreshCw aria-hidden="true" className={cn(refetching && 'motion-safe:animate-spin')} />
        {t.label}
      </Button>
    </div>
  );
}
