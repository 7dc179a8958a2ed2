import { useId, useState } from 'react';
import { ChevronDown, Copy } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { useMessages } from '@/lib/messages.ts';
import type { TechnicalDetailRow } from '@/lib/technical-details.ts';
import { useCopyToClipboard } from '@/lib/use-copy-to-clipboard.ts';
import { cn } from '@/lib/utils.ts';
import { technicalDetailsMessages } from './common.messages.ts';

/** SPEC §8: what the billing office needs to find the failure, each part copyable. */
export function TechnicalDetails({
  rows,
  className,
}: {
  rows: readonly TechnicalDetailRow[];
  className?: string;
}) {
  const t = useMessages(technicalDetailsMessages);
  const [open, setOpen] = useState(false);
  const regionId = useId();
  const { copied, copy } = useCopyToClipboard();

  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="self-start px-2"
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => setOpen((value) => !value)}
      >
        <ChevronDown
          aria-hidden="true"
          className={cn('transition-transform motion-reduce:transition-none', open && 'rotate-180')}
        />
        {t.technicalDetails}
      </Button>
      <dl id={regionId} hidden={!open} className="flex flex-col gap-2 text-xs">
        {rows.map((row) => (
          <div
            key={row.id}
            className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 border-t border-current/20 pt-2"
          >
            <dt className="col-span-2 font-semibold">{t.fields[row.id]}</dt>
            <dd className="font-mono wrap-anywhere whitespace-pre-line">
              {row.value || t.notAvailable}
            </dd>
            {row.value && (
              <dd className="flex items-center gap-2">
                <span aria-live="polite" className="font-medium">
                  {copied === row.id ? t.copied : ''}
                </span>
                <Button
                  type="button"
                  variant="secondary"
                  size="sm"
                  onClick={() => void copy(row.id, row.value)}
                >
                  <Copy aria-hidden="true" />
                  <span className="sr-only">{t.copyField(t.fields[row.id])}</span>
                  <span aria-hidden="true">{t.copy}</span>
                </Button>
              </dd>
            )}
          </div>
        ))}
      </dl>
    </div>
  );
}
