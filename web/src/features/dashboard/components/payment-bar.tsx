import { formatCents } from '@webpay/contracts/money';
import { Button } from '@/components/ui/button.tsx';
import type { Selection } from '@/lib/payments/payment-items.ts';
import { useLanguage } from '@/lib/language.ts';
import { useMessages } from '@/lib/messages.ts';
import { dashboardMessages } from '../dashboard.messages.ts';
import { selectedCountText } from '../utils/selection-text.ts';

export interface PaymentBarProps {
  /** Names the bar among the tabs' landmarks, e.g. 'Hospitals & Clinics'. */
  tabTitle: string;
  selection: Selection;
  onPay: () => void;
}

/**
 * SPEC §2 Bottom bar: the amount entered across the tab, how many items it
 * covers, and Pay Now with that amount. It stays in view on phones.
 */
export function PaymentBar({ tabTitle, selection, onPay }: PaymentBarProps) {
  const t = useMessages(dashboardMessages);
  const language = useLanguage();
  const count = selection.items.length;
  const disabled = count === 0 || selection.totalCents <= 0;
  return (
    <section
      aria-label={t.paymentBar(tabTitle)}
      className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center justify-between gap-3 border-t border-border bg-surface/95 px-4 py-3 shadow-[0_-4px_12px_rgb(15_23_42/0.08)] backdrop-blur sm:mx-0 sm:rounded-xl sm:border sm:px-5"
    >
      <div className="flex flex-col">
        <span className="text-sm text-muted-foreground">{t.labels.totalPaymentAmount}</span>
        <span className="text-xl font-bold tabular-nums">{formatCents(selection.totalCents)}</span>
        <span className="text-sm text-muted-foreground" aria-live="polite">
          {selectedCountText(count, language)}
        </span>
      </div>
      <Button type="button" size="lg" disabled={disabled} onClick={onPay}>
        {t.payNowAmount(formatCents(selection.totalCents))}
      </Button>
    </section>
  );
}
