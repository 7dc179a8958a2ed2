import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { EncountersResponse } from '@webpay/contracts/encounters';
import type { Receipt } from '@webpay/contracts/payments';
import { useAppConfig } from '@/config/get-app-config.ts';
import type {
  PaymentDialogComponent,
  ReceiptDialogComponent,
} from '@/lib/payments/payment-dialogs.ts';
import type { EnteredAmounts, PaymentRequest } from '@/lib/payments/payment-items.ts';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { useAuth } from '@/lib/auth-context.ts';
import { useLanguage } from '@/lib/language.ts';
import { useMessages } from '@/lib/messages.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import type { Session } from '@/lib/session.ts';
import { useRefetchEncounters } from '../api/get-encounters.ts';
import { dashboardMessages } from '../dashboard.messages.ts';
import { buildDashboardTabs, type DashboardTab } from '../utils/dashboard-tabs.ts';
import { FacilityTabPanel } from './facility-tab-panel.tsx';
import { MainTabPanel } from './main-tab-panel.tsx';

export interface DashboardTabsViewProps {
  data: EncountersResponse;
  session: Session;
  /** The guarantor's own support phone, else the fallback. */
  supportPhone: string | undefined;
  /** The payments feature's dialogs, passed in by the route. */
  paymentDialog: PaymentDialogComponent;
  receiptDialog: ReceiptDialogComponent;
  /** The main tab's way to a new payment plan, from the plans feature. */
  planAction?: ReactNode;
}

/**
 * The amounts entered on every tab, the payment they open and its receipt.
 * Kept above the tabs so the amounts survive switching tabs.
 */
function useEnteredPayment() {
  const [amounts, setAmounts] = useState<EnteredAmounts>({});
  const [customAmount, setCustomAmount] = useState('');
  const [payment, setPayment] = useState<PaymentRequest | null>(null);
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const auth = useAuth();
  const queryClient = useQueryClient();

  // SPEC §4 After a successful payment: nothing typed for it stays behind.
  const paid = useCallback(
    (next: Receipt) => {
      setReceipt(next);
      setAmounts({});
      setCustomAmount('');
      setPayment(null);
      void auth.refreshUser();
    },
    [auth],
  );
  const closeReceipt = useCallback(() => {
    setReceipt(null);
    // The balances and pending payments have changed on the service.
    void queryClient.invalidateQueries({ queryKey: queryKeys.encounters });
  }, [queryClient]);

  const changeAmount = useCallback(
    (key: string, value: string) => setAmounts((current) => ({ ...current, [key]: value })),
    [],
  );
  const fillAmounts = useCallback(
    (values: Record<string, string>) => setAmounts((current) => ({ ...current, ...values })),
    [],
  );
  return {
    amounts,
    changeAmount,
    fillAmounts,
    customAmount,
    setCustomAmount,
    payment,
    setPayment,
    paid,
    receipt,
    closeReceipt,
  };
}

/**
 * SPEC §2 Dashboard tabs and §4 Payment mode: one tab per place the guarantor
 * owes money, the amounts entered on them, and the payment dialog they open.
 */
export function DashboardTabsView({
  data,
  session,
  supportPhone,
  paymentDialog: PaymentDialog,
  receiptDialog: ReceiptDialog,
  planAction,
}: DashboardTabsViewProps) {
  const config = useAppConfig().data;
  const language = useLanguage();
  const { tabs, defaultTab, showTabBar } = useMemo(
    () => buildDashboardTabs(data, config?.externalARFacilities, config?.centralFacility, language),
    [data, config?.externalARFacilities, config?.centralFacility, language],
  );
  const [chosenTab, setChosenTab] = useState<string>();
  const activeTab = tabs.some((tab) => tab.value === chosenTab) ? chosenTab : defaultTab;

  const entered = useEnteredPayment();
  const { refetch, refetching } = useRefetchEncounters();

  const centralFacilityId = config?.centralFacility.id ?? tabs[0]?.value ?? '';
  const panel = (tab: DashboardTab) =>
    tab.kind === 'main' ? (
      <MainTabPanel
        tab={tab}
        centralFacilityId={centralFacilityId}
        user={session.user}
        supportPhone={supportPhone}
        amounts={entered.amounts}
        onAmountChange={entered.changeAmount}
        customAmount={entered.customAmount}
        onCustomAmountChange={entered.setCustomAmount}
        onPay={entered.setPayment}
        planAction={planAction}
      />
    ) : (
      <FacilityTabPanel
        tab={tab}
        guarantorId={session.claims.guarantor}
        supportPhone={config?.supportPhones[tab.value] ?? config?.fallbackSupportPhone}
        amounts={entered.amounts}
        onAmountChange={entered.changeAmount}
        onAmountsFill={entered.fillAmounts}
        onPay={entered.setPayment}
        refetching={refetching}
        onRefetch={refetch}
      />
    );

  return (
    <>
      <DashboardTabs
        tabs={tabs}
        activeTab={activeTab}
        onTabChange={setChosenTab}
        showTabBar={showTabBar}
        panel={panel}
      />
      <PaymentDialog
        request={entered.payment}
        bills={data}
        onClose={() => entered.setPayment(null)}
        onPaid={entered.paid}
      />
      <ReceiptDialog receipt={entered.receipt} onClose={entered.closeReceipt} />
    </>
  );
}

interface DashboardTabsProps {
  tabs: readonly DashboardTab[];
  activeTab: string | undefined;
  onTabChange: (value: string) => void;
  /** False when there is only the main tab: its panel then stands alone. */
  showTabBar: boolean;
  panel: (tab: DashboardTab) => ReactNode;
}

/** SPEC §2 Dashboard tabs: a tab per place, each with its item count. */
function DashboardTabs({ tabs, activeTab, onTabChange, showTabBar, panel }: DashboardTabsProps) {
  const t = useMessages(dashboardMessages);
  return showTabBar ? (
    <Tabs value={activeTab} onValueChange={onTabChange} className="flex flex-col gap-6">
      <TabsList aria-label={t.tabs.name}>
        {tabs.map((tab) => (
          <TabsTrigger key={tab.value} value={tab.value}>
            {tab.title}
            <Badge variant="count">
              {tab.count}
              <span className="sr-only"> {t.tabs.itemNoun(tab.count)}</span>
            </Badge>
          </TabsTrigger>
        ))}
      </TabsList>
      {tabs.map((tab) => (
        <TabsContent key={tab.value} value={tab.value} className="flex flex-col gap-6">
          {panel(tab)}
        </TabsContent>
      ))}
    </Tabs>
  ) : (
    tabs[0] && <div className="flex flex-col gap-6">{panel(tabs[0])}</div>
  );
}
