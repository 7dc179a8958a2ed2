import { useCallback, useMemo, type ReactNode } from 'react';
import type { User } from '@webpay/contracts/auth';
import {
  encounterPayable,
  planPayable,
  selectedItems,
  type EnteredAmounts,
  type PaymentRequest,
} from '@/lib/payments/payment-items.ts';
import { useMessages } from '@/lib/messages.ts';
import { dashboardMessages } from '../dashboard.messages.ts';
import type { MainTab } from '../utils/dashboard-tabs.ts';
import { MainSummaryCards } from './main-summary-cards.tsx';
import { PaymentBar } from './payment-bar.tsx';
import { PaymentPlansTable } from './payment-plans-table.tsx';
import { PendingEncountersTable } from './pending-encounters-table.tsx';

export interface MainTabPanelProps {
  /** Encounters (type ENT) and plans. */
  tab: MainTab;
  /** Where a plan without encounters is paid. */
  centralFacilityId: string;
  /** Total and custom payments are made on the guarantor's own account. */
  user: Pick<User, 'context'>;
  /** The guarantor's own, else the fallback; the footer note is left out without one. */
  supportPhone: string | undefined;
  /** Keyed by Payable.key. */
  amounts: EnteredAmounts;
  /** Must be stable: the table rows are memoised on it. */
  onAmountChange: (key: string, value: string) => void;
  customAmount: string;
  onCustomAmountChange: (value: string) => void;
  /** Opens the payment dialog. */
  onPay: (request: PaymentRequest) => void;
  /** The way to a new payment plan, shown above the plans. */
  planAction?: ReactNode;
}

/** SPEC §2 Dashboard, the 'Hospitals & Clinics' tab: main encounters and payment plans. */
export function MainTabPanel({
  tab,
  centralFacilityId,
  user,
  supportPhone,
  amounts,
  onAmountChange,
  customAmount,
  onCustomAmountChange,
  onPay,
  planAction,
}: MainTabPanelProps) {
  // Encounters first, then plans: the order the payment summary lists them in.
  const payables = useMemo(
    () => [
      ...tab.encounters.map(encounterPayable),
      ...tab.plans.map((plan) => planPayable(plan, centralFacilityId)),
    ],
    [tab.encounters, tab.plans, centralFacilityId],
  );
  const selection = useMemo(() => selectedItems(payables, amounts), [payables, amounts]);
  const paySelected = useCallback(
    () => onPay({ mode: 'encounter', items: selection.items }),
    [onPay, selection.items],
  );

  return (
    <div className="flex flex-col gap-6">
      <MainSummaryCards
        tab={tab}
        user={user}
        customAmount={customAmount}
        onCustomAmountChange={onCustomAmountChange}
        selection={selection}
        onPaySelected={paySelected}
        onPay={onPay}
      />
      <PendingEncountersTable
        encounters={tab.encounters}
        amounts={amounts}
        onAmountChange={onAmountChange}
      />
      {planAction}
      <PaymentPlansTable
        plans={tab.plans}
        centralFacilityId={centralFacilityId}
        amounts={amounts}
        onAmountChange={onAmountChange}
      />
      {supportPhone && <PaymentOptionsNote phone={supportPhone} />}
      <PaymentBar tabTitle={tab.title} selection={selection} onPay={paySelected} />
    </div>
  );
}

/*
 * The sentence comes whole from the catalogue; it is cut at the phone number
 * so the number can be a link without retyping the words around it.
 */
const PHONE_SLOT = '\u0000';

/** Dialable form of a number written for people, e.g. '(801) 555-0142' → 'tel:8015550142'. */
function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

function PaymentOptionsNote({ phone }: { phone: string }) {
  const t = useMessages(dashboardMessages);
  const [beforePhone = '', afterPhone = ''] = t.notes.paymentOptions(PHONE_SLOT).split(PHONE_SLOT);
  return (
    <p className="text-sm text-muted-foreground">
      {beforePhone}
      <a
        href={telHref(phone)}
        className="font-medium whitespace-nowrap text-foreground underline underline-offset-4 hover:decoration-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        {phone}
      </a>
      {afterPhone}
    </p>
  );
}
