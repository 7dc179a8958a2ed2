import { Spinner } from '@/components/ui/spinner.tsx';
import { useMessages } from '@/lib/messages.ts';
import { uiMessages } from './common.messages.ts';

/** Over the page while a dialog's code is on its way: a spinner named "Loading". */
export function DialogLoading() {
  const t = useMessages(uiMessages);
  return (
    <div
      role="status"
      aria-label={t.loading}
      className="fixed inset-0 z-50 grid place-items-center bg-slate-950/60"
    >
      <span className="rounded-xl bg-surface p-4 shadow-xl">
        <Spinner className="size-8 text-muted-foreground" />
      </span>
    </div>
  );
}
