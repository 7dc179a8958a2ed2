import { useCallback, useMemo, useRef } from 'react';
import { Info, LifeBuoy, ListChecks } from 'lucide-react';
import {
  encounterPayable,
  selectedItems,
  type EnteredAmounts,
  type PaymentRequest,
} from '@/lib/payments/payment-items.ts';
import { centsToAmountInput } from '@/lib/amount-input.ts';
import { useMessages } from '@/lib/messages.ts';
import { dashboardMessages } from '../dashboard.messages.ts';
import { facilityOutstandingCents, type FacilityTab } from '../utils/dashboard-tabs.ts';
import { alertStorageKey, paymentDelayAlertId } from '../utils/dismissed-alerts.ts';
import {
  FacilityEncountersTable,
  type FacilityEncounterRowData,
} from './facility-encounters-table.tsx';
import { PaymentBar } from './payment-bar.tsx';
import { PaymentDelayWarning } from './payment-delay-warning.tsx';
import { SelectedForPaymentCard, SummaryCard, TotalOutstandingCard } from './summary-card.tsx';

export interface FacilityTabPanelProps {
  tab: FacilityTab;
  /** The signed-in guarantor (token claim); keys the dismissal of the delay warning. */
  guarantorId: string;
  /** This facility's support phone from the app config, already resolved. */
  supportPhone: string | undefined;
  /** Entered amounts keyed by Payable.key (the encounter number, e.g. '221-60001'). */
  amounts: EnteredAmounts;
  onAmountChange: (key: string, value: string) => void;
  /** Sets several amounts at once. */
  onAmountsFill: (values: Record<string, string>) => void;
  /** Opens the payment dialog. */
  onPay: (request: PaymentRequest) => void;
  /** True while the bills are being loaded again. */
  refetching: boolean;
  /** Loads the bills again, keeping the amounts entered. */
  onRefetch: () => void;
}

/** Keeps a formatted number dialable: digits and a leading plus only. */
function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/**
 * SPEC §2 Other-facility tab: one facility's encounters, paid in encounter
 * mode as 'external' items. The container owns the amounts so they survive
 * switching tabs.
 */
export function FacilityTabPanel({
  tab,
  guarantorId,
  supportPhone,
  amounts,
  onAmountChange,
  onAmountsFill,
  onPay,
  refetching,
  onRefetch,
}: FacilityTabPanelProps) {
  const t = useMessages(dashboardMessages);
  const root = useRef<HTMLDivElement>(null);

  const rows = useMemo<FacilityEncounterRowData[]>(
    () => tab.encounters.map((encounter) => ({ encounter, payable: encounterPayable(encounter) })),
    [tab.encounters],
  );
  const payables = useMemo(() => rows.map((row) => row.payable), [rows]);
  const selection = useMemo(() => selectedItems(payables, amounts), [payables, amounts]);
  const outstandingCents = useMemo(
    () => facilityOutstandingCents(tab.encounters),
    [tab.encounters],
  );

  // SPEC §2 and §5: Pay opens the payment dialog whenever an amount above zero is entered.
  // An amount above a balance is flagged on its row, and the service's refusal of it
  // shows in the dialog's error panel.
  const paySelected = useCallback(
    () => onPay({ mode: 'encounter', items: selection.items }),
    [selection.items, onPay],
  );

  const payTotal = useCallback(() => {
    // SPEC §4: Pay Total fills every balance above zero, then pays in encounter mode.
    const filled: Record<string, string> = {};
    for (const payable of payables) {
      if (payable.balanceCents > 0) filled[payable.key] = centsToAmountInput(payable.balanceCents);
    }
    onAmountsFill(filled);
    onPay({ mode: 'encounter', items: selectedItems(payables, filled).items });
  }, [payables, onAmountsFill, onPay]);

  // Focus would otherwise fall to the page body when the Dismiss button disappears.
  const focusPanel = useCallback(() => root.current?.focus(), []);

  return (
    <div ref={root} tabIndex={-1} className="flex flex-col gap-6 outline-none">
      <PaymentDelayWarning
        key={alertStorageKey(guarantorId, paymentDelayAlertId(tab.value))}
        guarantorId={guarantorId}
        facilityId={tab.value}
        onDismiss={focusPanel}
      />

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <TotalOutstandingCard cents={outstandingCents} count={tab.count} onPayTotal={payTotal} />
        <FacilityHelpCard facility={tab.title} supportPhone={supportPhone} />

        <SelectedForPaymentCard
          selection={selection}
          onPay={paySelected}
          icon={<ListChecks aria-hidden="true" className="size-5" />}
        />
      </div>

      <FacilityEncountersTable
        title={tab.title}
        rows={rows}
        amounts={amounts}
        onAmountChange={onAmountChange}
        refetching={refetching}
        onRefetch={onRefetch}
      />

      <p className="flex items-start gap-2 text-sm text-muted-foreground">
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {t.notes.notEligibleForPlans}
      </p>

      <PaymentBar tabTitle={tab.title} selection={selection} onPay={paySelected} />
    </div>
  );
}

/** SPEC §2 Other-facility tab: whom to call about the facility's bills. */
function FacilityHelpCard({
  facility,
  supportPhone,
}: {
  facility: string;
  supportPhone: FacilityTabPanelProps['supportPhone'];
}) {
  const t = useMessages(dashboardMessages);
  return (
    <SummaryCard
      title={t.labels.needAssistance}
      icon={<LifeBuoy aria-hidden="true" className="size-5" />}
    >
      <p className="text-base font-semibold">{facility}</p>
      {supportPhone ? (
        <p className="flex flex-col text-sm text-muted-foreground">
          {t.facilityHelp.call}
          <a
            href={telHref(supportPhone)}
            className="inline-flex min-h-11 w-fit items-center text-lg font-semibold text-foreground underline underline-offset-4 hover:decoration-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            {supportPhone}
          </a>
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">{t.facilityHelp.noPhone}</p>
      )}
    </SummaryCard>
  );
}
