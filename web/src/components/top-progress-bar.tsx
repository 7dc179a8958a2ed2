import { useEffect, useState } from 'react';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useMessages } from '@/lib/messages.ts';
import { createProgress, type ProgressValue } from '@/lib/progress.ts';
import { uiMessages } from './common.messages.ts';

/** SPEC §2: a thin bar at the top while any request runs. */
export function TopProgressBar() {
  const t = useMessages(uiMessages);
  const busy = useIsFetching() + useIsMutating() > 0;
  const [value, setValue] = useState<ProgressValue>(null);
  const [progress] = useState(() => createProgress(setValue));

  useEffect(() => {
    if (busy) progress.start();
    else progress.done();
  }, [busy, progress]);

  useEffect(() => () => progress.dispose(), [progress]);

  if (value === null) return null;
  return (
    <div
      role="progressbar"
      aria-label={t.loading}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      className="no-print pointer-events-none fixed inset-x-0 top-0 z-[100] h-1"
    >
      <div
        className="h-full bg-brand transition-[width] duration-300 ease-out motion-reduce:transition-none"
        style={{ width: `${value}%` }}
      />
    </div>
  );
}
