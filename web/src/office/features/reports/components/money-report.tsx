import type { MoneyFigures, MoneyReport } from '@webpay/contracts/payment-desk';
import { useMessages } from '@/lib/messages.ts';
import { Section } from '../../../components/page-parts.tsx';
import { Figure } from '../../../components/figure.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import type { MoneyView } from '../api/get-reports.ts';
import { reportsMessages } from '../reports.messages.ts';
import type { Period } from '../utils/period.ts';
import { CsvLink } from './csv-link.tsx';
import { FiguresTable, type FigureRow } from './figures-table.tsx';
import { MoneyChart } from './money-chart.tsx';

function Totals({ totals }: { totals: MoneyFigures }) {
  const t = useMessages(reportsMessages);
  const format = useFormat();
  return (
    <Section id="report-totals" title={t.summary}>
      <dl className="flex flex-wrap gap-10">
        <Figure
          label={t.payments}
          value={format.cents(totals.paymentsCents)}
          detail={t.count(totals.paymentsCount)}
        />
        <Figure
          label={t.refunds}
          value={format.cents(totals.refundsCents)}
          detail={t.refundCount(totals.refundsCount)}
        />
        <Figure label={t.net} value={format.cents(totals.netCents)} />
      </dl>
    </Section>
  );
}

/** One view: its chart, then the table of the same figures, and its CSV. */
function View({
  id,
  view,
  title,
  firstColumn,
  rows,
  totals,
  period,
}: {
  id: string;
  view: MoneyView;
  title: string;
  firstColumn: string;
  rows: FigureRow[];
  totals: MoneyFigures;
  period: Period;
}) {
  const t = useMessages(reportsMessages);
  const format = useFormat();
  const caption = t.tableCaption(title, format.date(period.from), format.date(period.to));
  return (
    <Section id={id} title={title} actions={<CsvLink period={period} view={view} label={title} />}>
      <div className="flex flex-col gap-4">
        {rows.length > 0 ? (
          <MoneyChart rows={rows} tableCaption={caption} overTime={view === 'day'} />
        ) : (
          <p className="text-sm text-muted-foreground">{t.noActivity}</p>
        )}
        <FiguresTable caption={caption} firstColumn={firstColumn} rows={rows} totals={totals} />
      </div>
    </Section>
  );
}

/** Totals, then per day, by method and by facility, each a chart with its table. */
export function MoneyReportView({ report }: { report: MoneyReport }) {
  const t = useMessages(reportsMessages);
  const format = useFormat();
  const period = { from: report.from, to: report.to };
  const perDay = report.days.map((day) => ({
    ...day,
    key: day.date,
    label: format.date(day.date),
  }));
  const byMethod = report.byMethod.map((entry) => ({
    ...entry,
    key: entry.method,
    label: t.methods[entry.method],
  }));
  const byFacility = report.byFacility.map((entry) => ({
    ...entry,
    key: entry.facilityId,
    label: entry.name,
  }));
  const views = [
    { id: 'report-per-day', view: 'day', title: t.perDay, firstColumn: t.date, rows: perDay },
    {
      id: 'report-by-method',
      view: 'method',
      title: t.byMethod,
      firstColumn: t.method,
      rows: byMethod,
    },
    {
      id: 'report-by-facility',
      view: 'facility',
      title: t.byFacility,
      firstColumn: t.facility,
      rows: byFacility,
    },
  ] as const;
  return (
    <div className="flex flex-col gap-4">
      <Totals totals={report.totals} />
      {views.map((view) => (
        <View
          key={view.id}
          {...view}
          rows={[...view.rows]}
          totals={report.totals}
          period={period}
        />
      ))}
    </div>
  );
}
