import { useQuery } from '@tanstack/react-query';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { useMessages } from '@/lib/messages.ts';
import { Loading, PageHeading, QueryError } from '../../../components/page-parts.tsx';
import { moneyReportQueryOptions, settlementQueryOptions } from '../api/get-reports.ts';
import { reportsMessages } from '../reports.messages.ts';
import { defaultPeriod, type Period } from '../utils/period.ts';
import { MoneyReportView } from './money-report.tsx';
import { PeriodPicker } from './period-picker.tsx';
import { SettlementReportView } from './settlement-report.tsx';

export type ReportTab = 'money' | 'settlement';

export interface ReportsPageProps {
  /** The period in the address; absent, the last 30 facility days. */
  period: Partial<Period>;
  /** The facility's today, which the service counts days by; a query's state until it is known. */
  today: { data?: string; error?: unknown; retry: () => void };
  tab: ReportTab;
  onChange: (next: { period: Period; tab: ReportTab }) => void;
}

function Money({ period }: { period: Period }) {
  const report = useQuery(moneyReportQueryOptions(period));
  if (report.isPending) return <Loading />;
  if (report.isError)
    return <QueryError error={report.error} onRetry={() => void report.refetch()} />;
  return <MoneyReportView report={report.data} />;
}

function Settlement({ period }: { period: Period }) {
  const report = useQuery(settlementQueryOptions(period));
  if (report.isPending) return <Loading />;
  if (report.isError)
    return <QueryError error={report.error} onRetry={() => void report.refetch()} />;
  return <SettlementReportView report={report.data} />;
}

/**
 * Reports: the money per day, by method and by facility, and the settlement
 * against the processor, over a chosen period of facility days.
 */
export function ReportsPage({ today, ...props }: ReportsPageProps) {
  const t = useMessages(reportsMessages);
  return (
    <>
      <PageHeading subtitle={t.subtitle}>{t.title}</PageHeading>
      {today.data ? (
        <Chosen {...props} today={today.data} />
      ) : today.error ? (
        <QueryError error={today.error} onRetry={today.retry} />
      ) : (
        <Loading />
      )}
    </>
  );
}

function Chosen({
  period: chosen,
  today,
  tab,
  onChange,
}: Omit<ReportsPageProps, 'today'> & { today: string }) {
  const t = useMessages(reportsMessages);
  const period = { ...defaultPeriod(today), ...chosen };
  return (
    <>
      <PeriodPicker
        key={`${period.from}-${period.to}`}
        period={period}
        today={today}
        onChange={(next) => onChange({ period: next, tab })}
      />
      <Tabs
        value={tab}
        onValueChange={(value) =>
          onChange({ period, tab: value === 'settlement' ? 'settlement' : 'money' })
        }
      >
        <TabsList className="mb-4 w-auto">
          <TabsTrigger value="money">{t.tabs.money}</TabsTrigger>
          <TabsTrigger value="settlement">{t.tabs.settlement}</TabsTrigger>
        </TabsList>
        <TabsContent value="money">
          <Money period={period} />
        </TabsContent>
        <TabsContent value="settlement">
          <Settlement period={period} />
        </TabsContent>
      </Tabs>
    </>
  );
}
