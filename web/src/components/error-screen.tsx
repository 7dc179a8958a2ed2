import { useState, useSyncExternalStore } from 'react';
import { Link } from '@tanstack/react-router';
import { AlertTriangle, RefreshCw, Wifi, WifiOff } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { PhoneLink } from '@/components/phone-link.tsx';
import { TechnicalDetails } from '@/components/technical-details.tsx';
import { browser } from '@/lib/browser.ts';
import { classifyError } from '@/lib/error-kind.ts';
import { useMessages } from '@/lib/messages.ts';
import { technicalDetailRows } from '@/lib/technical-details.ts';
import { cn } from '@/lib/utils.ts';
import { errorScreenMessages } from './common.messages.ts';

function subscribeOnline(callback: () => void) {
  window.addEventListener('online', callback);
  window.addEventListener('offline', callback);
  return () => {
    window.removeEventListener('online', callback);
    window.removeEventListener('offline', callback);
  };
}

function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

export interface ErrorScreenProps {
  error: unknown;
  /** Resolves when the retry has finished; the button reads 'Retrying...' meanwhile. */
  onRetry: () => unknown;
  supportPhone?: string;
  supportEmail?: string;
  headingLevel?: 'h1' | 'h2';
  className?: string;
}

/** SPEC §2/§8 error screen, worded by what went wrong. */
export function ErrorScreen({
  error,
  onRetry,
  supportPhone,
  supportEmail,
  headingLevel: Heading = 'h2',
  className,
}: ErrorScreenProps) {
  const t = useMessages(errorScreenMessages);
  const kind = classifyError(error);
  const copy = t[kind];
  const [retrying, setRetrying] = useState(false);

  const retry = async () => {
    if (retrying) return;
    setRetrying(true);
    try {
      await onRetry();
    } catch {
      // What a failed retry means is shown by the owner of the error; the button just comes back.
    } finally {
      setRetrying(false);
    }
  };

  return (
    <Card className={cn('mx-auto w-full max-w-[1920px]', className)}>
      <CardContent className="flex flex-col gap-5 pt-5 sm:pt-6">
        <div className="flex items-start gap-3">
          <AlertTriangle
            aria-hidden="true"
            className="mt-1 size-6 shrink-0 text-danger-soft-foreground"
          />
          <div className="flex flex-col gap-1">
            <Heading className="text-xl font-semibold">{copy.title}</Heading>
            <p className="text-muted-foreground">{copy.message}</p>
          </div>
        </div>

        <div className="flex flex-col gap-2 sm:flex-row">
          {kind === 'authentication' ? (
            <Button asChild>
              <Link to="/login">{t.authentication.action}</Link>
            </Button>
          ) : (
            // aria-disabled rather than disabled: a disabled button drops keyboard focus to the page.
            <Button
              onClick={() => void retry()}
              aria-disabled={retrying}
              aria-busy={retrying}
              className="aria-disabled:cursor-progress aria-disabled:opacity-60"
            >
              {retrying ? <Spinner /> : <RefreshCw aria-hidden="true" />}
              {retrying ? t.retrying : t.retry}
            </Button>
          )}
          <Button variant="secondary" onClick={() => browser.reload()}>
            {t.refresh}
          </Button>
        </div>

        <ConnectionStatus />

        <SupportContacts supportPhone={supportPhone} supportEmail={supportEmail} />

        {/* Each copy button stays beside its value however wide the page. */}
        <TechnicalDetails rows={technicalDetailRows(error)} className="max-w-2xl" />
      </CardContent>
    </Card>
  );
}

/** Whether the browser is online, said politely so a change is read out. */
function ConnectionStatus() {
  const t = useMessages(errorScreenMessages);
  const online = useOnline();
  return (
    <p className="flex items-center gap-2 text-sm" role="status">
      {online ? (
        <Wifi aria-hidden="true" className="size-4 text-success-soft-foreground" />
      ) : (
        <WifiOff aria-hidden="true" className="size-4 text-danger-soft-foreground" />
      )}
      {online ? t.online : t.offline}
    </p>
  );
}

/** "Need help? Call … or e-mail …", with whichever of the two is known. */
function SupportContacts({
  supportPhone,
  supportEmail,
}: Pick<ErrorScreenProps, 'supportPhone' | 'supportEmail'>) {
  const t = useMessages(errorScreenMessages);
  if (!supportPhone && !supportEmail) return null;
  return (
    <p className="text-sm text-muted-foreground">
      {t.needHelp}
      {supportPhone && (
        <>
          {t.atPhone}
          <PhoneLink phone={supportPhone} />
        </>
      )}
      {supportEmail && (
        <>
          {supportPhone ? t.orEmail : t.atEmail}
          <a className="font-medium text-foreground underline" href={`mailto:${supportEmail}`}>
            {supportEmail}
          </a>
        </>
      )}
      {t.end}
    </p>
  );
}
