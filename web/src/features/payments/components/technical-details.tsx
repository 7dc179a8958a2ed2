import { useId, useState } from 'react';
import { ChevronDown, Copy } from 'lucide-react';
import type { ErrorObject } from '@webpay/contracts/errors';
import { PAYMENT_MESSAGES } from '@webpay/contracts/payments';
import { Button } from '@/components/ui/button.tsx';
import { cn } from '@/lib/utils.ts';
import { useCopyToClipboard } from '../hooks/use-copy-to-clipboard.ts';
import { PAYMENT_ERROR_WORDS } from '../utils/payment-words.ts';

const { fields } = PAYMENT_ERROR_WORDS;

function rowsOf(error: ErrorObject): { id: string; label: string; value: string }[] {
  return [
    { id: 'code', label: fields.code, value: error.code },
    { id: 'status', label: fields.status, value: String(error.status) },
    { id: 'title', label: fields.title, value: error.title },
    { id: 'details', label: fields.details, value: error.details.join('\n') },
    { id: 'requestId', label: fields.requestId, value: error.requestId ?? '' },
    { id: 'correlationId', label: fields.correlationId, value: error.correlationId ?? '' },
  ];
}

/** SPEC §8: what the billing office needs to find the failure, each part copyable. */
export function TechnicalDetails({ error }: { error: ErrorObject }) {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  const { copied, copy } = useCopyToClipboard();

  return (
    <div className="flex flex-col gap-2">
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
        {PAYMENT_ERROR_WORDS.technicalDetails}
      </Button>
      <dl id={regionId} hidden={!open} className="flex flex-col gap-2 text-xs">
        {rowsOf(error).map((row) => (
          <div
            key={row.id}
            className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 border-t border-danger/20 pt-2"
          >
            <dt className="col-span-2 font-semibold">{row.label}</dt>
            <dd className="font-mono wrap-anywhere whitespace-pre-line">
              {row.value || PAYMENT_ERROR_WORDS.notAvailable}
            </dd>
            {row.value && (
              <dd className="flex items-center gap-2">
                <span aria-live="polite" className="font-medium">
                  {copied === row.id ? PAYMENT_MESSAGES.copied : ''}
                </span>
                <Button
                  type="button"
                  variant="secondary"
                  size="sm"
                  onClick={() => void copy(row.id, row.value)}
                >
                  <Copy aria-hidden="true" />
                  <span className="sr-only">{PAYMENT_ERROR_WORDS.copy(row.label)}</span>
                  <span aria-hidden="true">Copy</span>
                </Button>
              </dd>
            )}
          </div>
        ))}
      </dl>
    </div>
  );
}
