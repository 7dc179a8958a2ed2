import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useMessages } from '@/lib/messages.ts';
import { uiMessages } from './common.messages.ts';
import { Logo } from './logo.tsx';

/** Marks the spinner's logo, where the service puts the configured one into the built page. */
export const BRAND_LOGO_ATTRIBUTE = 'data-brand-logo';

/** SPEC §2: shown until the session has been restored or found absent. */
export function FullScreenSpinner({
  portalName,
  logoUrl,
  label,
}: {
  portalName: string;
  logoUrl?: string;
  /** What a screen reader hears; "Loading" in the reader's language unless given. */
  label?: ReactNode;
}) {
  const t = useMessages(uiMessages);
  return (
    <div
      role="status"
      className="fixed inset-0 flex flex-col items-center justify-center gap-6 bg-background"
    >
      <Logo
        alt={portalName}
        src={logoUrl}
        className="size-16"
        {...{ [BRAND_LOGO_ATTRIBUTE]: '' }}
      />
      <Spinner className="size-8 text-muted-foreground" />
      <span className="sr-only">{label ?? t.loading}</span>
    </div>
  );
}
