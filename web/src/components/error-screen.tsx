import { useState, useSyncExternalStore } from 'react';
import { Link } from '@tanstack/react-router';
import { AlertTriangle, RefreshCw, Wifi, WifiOff } from 'lucide-react';
import { ERROR_SCREEN } from '@webpay/contracts/messages';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { classifyError } from '@/lib/error-kind.ts';
import { cn } from '@/lib/utils.ts';
import { PhoneLink } from '@/components/phone-link.tsx';

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

function technicalDetails(error: unknown): [string, string][] {
  if (error instanceof ApiError) {
    const { code, status, title, details, requestId, correlationId } = error.error;
    return [
      ['Code', code],
      ['Status', String(status)],
      ['Title', title],
      ['Details', details.join(' ')],
      ['Request ID', requestId || '—'],
      ['Correlation ID', correlationId || '—'],
    ];
  }
  if (error instanceof Error) return [['Message', error.message]];
  return [['Message', String(error)]];
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
  const kind = classifyError(error);
  const copy = ERROR_SCREEN[kind];
  const online = useOnline();
  const [retrying, setRetrying] = useState(false);

  const retry = async () => {
    setRetrying(true);
    try {
      await onRetry();
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
              <Link to="/login">{ERROR_SCREEN.authentication.action}</Link>
            </Button>
          ) : (
            <Button onClick={() => void retry()} disabled={retrying} aria-busy={retrying}>
              {retrying ? <Spinner /> : <RefreshCw aria-hidden="true" />}
              {retrying ? ERROR_SCREEN.retrying : ERROR_SCREEN.retry}
            </Button>
          )}
          <Button variant="secondary" onClick={() => window.location.reload()}>
            {ERROR_SCREEN.refresh}
          </Button>
        </div>

        <p className="flex items-center gap-2 text-sm" role="status">
          {online ? (
            <Wifi aria-hidden="true" className="size-4 text-success-soft-foreground" />
          ) : (
            <WifiOff aria-hidden="true" className="size-4 text-danger-soft-foreground" />
          )}
          {online ? 'You are online' : 'You are offline'}
        </p>

        {(supportPhone || supportEmail) && (
          <p className="text-sm text-muted-foreground">
            Need help? Contact us
            {supportPhone && (
              <>
                {' '}
                at <PhoneLink phone={supportPhone} />
              </>
            )}
            {supportEmail && (
              <>
                {supportPhone ? ' or ' : ' at '}
                <a
                  className="font-medium text-foreground underline"
                  href={`mailto:${supportEmail}`}
                >
                  {supportEmail}
                </a>
              </>
            )}
            .
          </p>
        )}

        <details className="rounded-md border border-border p-3 text-sm">
          <summary className="cursor-pointer font-medium">Technical details</summary>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            {technicalDetails(error).map(([term, value]) => (
              <div key={term} className="contents">
                <dt className="text-muted-foreground">{term}</dt>
                <dd className="break-words">{value}</dd>
              </div>
            ))}
          </dl>
        </details>
      </CardContent>
    </Card>
  );
}
