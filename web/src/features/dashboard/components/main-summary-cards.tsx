import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { AlertTriangle, Info, ListChecks, PencilLine } from 'lucide-react';
import type { User } from '@webpay/contracts/auth';
import { mainOutstandingCents } from '@webpay/contracts/outstanding';
import { AmountInput } from '@/components/ui/amount-input.tsx';
import { Button } from '@/components/ui/button.tsx';
import { FieldError } from '@/components/ui/field-error.tsx';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover.tsx';
import {
  customItem,
  totalItem,
  type PaymentRequest,
  type Selection,
} from '@/lib/payments/payment-items.ts';
import { amountInputToCents } from '@/lib/amount-input.ts';
import { useMessages } from '@/lib/messages.ts';
import { cn } from '@/lib/utils.ts';
import { dashboardMessages } from '../dashboard.messages.ts';
import { pastDueCents, type MainTab } from '../utils/dashboard-tabs.ts';
import {
  SelectedForPaymentCard,
  SummaryAmount,
  SummaryCard,
  TotalOutstandingCard,
} from './summary-card.tsx';

export interface MainSummaryCardsProps {
  tab: MainTab;
  user: Pick<User, 'context'>;
  customAmount: string;
  onCustomAmountChange: (value: string) => void;
  /** The amounts entered in the tables, already reduced to payment items. */
  selection: Selection;
  onPaySelected: () => void;
  onPay: (request: PaymentRequest) => void;
}

const cardIcon = 'size-5';

/**
 * SPEC §2 Main tab summary cards: what is owed, what is late, a free amount,
 * and what the guarantor has entered so far.
 */
export function MainSummaryCards({
  tab,
  user,
  customAmount,
  onCustomAmountChange,
  selection,
  onPaySelected,
  onPay,
}: MainSummaryCardsProps) {
  // Both walk every item of the account; a keystroke in an amount field changes neither.
  const totalCents = useMemo(() => mainOutstandingCents(tab), [tab]);
  const overdueCents = useMemo(() => pastDueCents(tab.plans), [tab.plans]);

  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <TotalOutstandingCard
        cents={totalCents}
        count={tab.count}
        onPayTotal={() => onPay({ mode: 'total', items: [totalItem(user, totalCents)] })}
      />
      <PastDueCard overdueCents={overdueCents} />
      <CustomAmountCard
        user={user}
        nothingOwed={totalCents <= 0}
        customAmount={customAmount}
        onCustomAmountChange={onCustomAmountChange}
        onPay={onPay}
      />

      <SelectedForPaymentCard
        selection={selection}
        onPay={onPaySelected}
        icon={<ListChecks aria-hidden="true" className={cardIcon} />}
      />
    </div>
  );
}

/** SPEC §2 Past Due: what is late on the payment plans, in red when anything is. */
function PastDueCard({ overdueCents }: { overdueCents: number }) {
  const t = useMessages(dashboardMessages);
  return (
    <SummaryCard
      title={t.labels.pastDue}
      icon={
        <AlertTriangle
          aria-hidden="true"
          className={cn(cardIcon, overdueCents > 0 && 'text-danger-text')}
        />
      }
    >
      <SummaryAmount cents={overdueCents} className={cn(overdueCents > 0 && 'text-danger-text')} />
      <p className="text-sm text-muted-foreground">{t.labels.overduePaymentPlans}</p>
    </SummaryCard>
  );
}

type CustomAmountCardProps = Pick<
  MainSummaryCardsProps,
  'user' | 'customAmount' | 'onCustomAmountChange' | 'onPay'
> & { nothingOwed: boolean };

/** SPEC §2 Specify Amount: a free amount paid at once with Pay Now. */
function CustomAmountCard({
  user,
  nothingOwed,
  customAmount,
  onCustomAmountChange,
  onPay,
}: CustomAmountCardProps) {
  const t = useMessages(dashboardMessages);
  // SPEC §5: Pay Now is disabled only while the field is empty; '0' or '.' is refused on Pay.
  const customDisabled = nothingOwed || customAmount === '';
  const customField = useRef<HTMLInputElement>(null);
  const customErrorId = useId();
  const [customRefused, setCustomRefused] = useState(false);
  const changeCustomAmount = (value: string) => {
    setCustomRefused(false);
    onCustomAmountChange(value);
  };

  // A form, so Enter in the amount field pays as the button would.
  const payCustom = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (customDisabled) return;
    const customCents = amountInputToCents(customAmount);
    if (customCents <= 0) {
      // Nothing would be paid (SPEC §5 leaves zero amounts out), so say so at the field.
      setCustomRefused(true);
      customField.current?.focus();
      return;
    }
    onPay({ mode: 'custom', items: [customItem(user, customCents)] });
  };

  return (
    <SummaryCard
      title={t.labels.specifyAmount}
      titleAddon={<CustomAmountHelp />}
      icon={<PencilLine aria-hidden="true" className={cardIcon} />}
    >
      <form className="flex flex-1 flex-col gap-3" onSubmit={payCustom}>
        <div className="flex flex-col gap-1">
          <AmountInput
            ref={customField}
            aria-label={t.customAmount.field}
            value={customAmount}
            onValueChange={changeCustomAmount}
            disabled={nothingOwed}
            aria-invalid={customRefused || undefined}
            aria-describedby={customRefused ? customErrorId : undefined}
          />
          {customRefused && (
            <FieldError id={customErrorId}>{t.customAmount.notPositive}</FieldError>
          )}
        </div>
        <Button type="submit" className="mt-auto" disabled={customDisabled}>
          {t.labels.payNow}
        </Button>
      </form>
    </SummaryCard>
  );
}

/** The (i) beside Specify Amount: what a free amount pays. */
function CustomAmountHelp() {
  const t = useMessages(dashboardMessages);
  return (
    <Popover>
      <PopoverTrigger
        aria-label={t.customAmount.about}
        className="inline-flex size-8 cursor-pointer items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <Info aria-hidden="true" className="size-4" />
      </PopoverTrigger>
      <PopoverContent aria-label={t.customAmount.about}>
        <p>{t.notes.customAmountHelp}</p>
      </PopoverContent>
    </Popover>
  );
}
