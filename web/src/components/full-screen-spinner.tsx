import { Spinner } from '@/components/ui/spinner.tsx';
import { useMessages } from '@/lib/messages.ts';
import { uiMessages } from './common.messages.ts';
import { Logo } from './logo.tsx';

/** SPEC §2: shown until the session has been restored or found absent. */
export function FullScreenSpinner({
  portalName,
  logoUrl,
}: {
  portalName: string;
  logoUrl?: string;
}) {
  const t = useMessages(uiMessages);
  return (
    <div
      role="status"
      className="fixed inset-0 flex flex-col items-center justify-center gap-6 bg-background"
    >
      <Logo alt={portalName} src={logoUrl} className="size-16" />
      <Spinner className="size-8 text-muted-foreground" />
      <span className="sr-only">{t.loading}</span>
    </div>
  );
}
