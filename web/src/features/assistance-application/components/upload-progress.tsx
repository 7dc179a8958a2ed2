import { useEffect, useRef } from 'react';
import { CheckCircle2, Loader2, RotateCw, XCircle } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { useMessages } from '@/lib/messages.ts';
import { applyMessages } from '../assistance-application.messages.ts';
import type { DocumentUpload } from '../hooks/use-document-uploads.ts';

export interface UploadProgressProps {
  uploads: readonly DocumentUpload[];
  sent: number;
  busy: boolean;
  onRetry: (id: string) => void;
  onContinue: () => void;
}

const STATE_ICONS = {
  waiting: null,
  sending: (
    <Loader2 aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
  ),
  sent: <CheckCircle2 aria-hidden="true" className="size-4 text-success-soft-foreground" />,
  failed: <XCircle aria-hidden="true" className="size-4 text-danger-soft-foreground" />,
} as const;

/** The application is in; its documents go one by one, each with its state and a retry. */
export function UploadProgress({ uploads, sent, busy, onRetry, onContinue }: UploadProgressProps) {
  const t = useMessages(applyMessages);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section aria-labelledby="uploads-heading" className="flex flex-col gap-4">
      <h2
        id="uploads-heading"
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-semibold focus:outline-none"
      >
        {t.uploads.heading}
      </h2>
      <p>{t.uploads.intro}</p>
      <div className="flex flex-col gap-2">
        <p role="status" className="text-sm font-medium">
          {t.uploads.progress(sent, uploads.length)}
        </p>
        <progress
          value={sent}
          max={uploads.length}
          aria-label={t.uploads.progress(sent, uploads.length)}
          className="h-2 w-full accent-brand"
        />
      </div>
      <ul className="flex flex-col gap-2">
        {uploads.map((upload) => (
          <li
            key={upload.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-3 text-sm"
          >
            <span className="min-w-0 break-all">{upload.file.name}</span>
            <span className="flex items-center gap-2">
              {STATE_ICONS[upload.state]}
              {t.uploads[upload.state]}
              {upload.state === 'failed' && !busy && (
                <Button
                  type="button"
                  variant="secondary"
                  size="sm"
                  onClick={() => onRetry(upload.id)}
                >
                  <RotateCw aria-hidden="true" />
                  {t.uploads.retry(upload.file.name)}
                </Button>
              )}
            </span>
          </li>
        ))}
      </ul>
      <Button
        type="button"
        className="self-stretch sm:self-start"
        disabled={busy}
        onClick={onContinue}
      >
        {t.uploads.continue}
      </Button>
    </section>
  );
}
