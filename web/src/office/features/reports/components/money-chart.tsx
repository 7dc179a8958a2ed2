import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { MoneyFigures } from '@webpay/contracts/payment-desk';
import { useMessages } from '@/lib/messages.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { reportsMessages } from '../reports.messages.ts';

export interface ChartRow extends MoneyFigures {
  label: string;
}

/*
 * The theme's own colours (styles/index.css), so the chart follows light and
 * dark: payments in the success green, refunds in the danger red, net in the
 * focus ring's blue, each readable on the surface in both themes.
 */
const COLOURS = {
  payments: 'var(--success)',
  refunds: 'var(--danger)',
  net: 'var(--ring)',
  axis: 'var(--muted-foreground)',
  grid: 'var(--border)',
};

/**
 * Payments and refunds as bars, in dollars; net as a line across days, and
 * as a bar of its own between categories (methods, facilities), which no
 * line joins. Hidden from
 * assistive technology: the table beside it has the same figures, and the
 * figure's caption says so.
 */
export function MoneyChart({
  rows,
  tableCaption,
  overTime,
}: {
  rows: ChartRow[];
  tableCaption: string;
  /** Rows are consecutive days rather than categories. */
  overTime: boolean;
}) {
  const t = useMessages(reportsMessages);
  const format = useFormat();
  const data = rows.map((row) => ({
    label: row.label,
    payments: row.paymentsCents / 100,
    refunds: row.refundsCents / 100,
    net: row.netCents / 100,
  }));
  const money = (value: unknown) => format.cents(Math.round(Number(value) * 100));
  return (
    <figure className="m-0">
      <figcaption className="sr-only">{t.chartSummary(tableCaption)}</figcaption>
      <div aria-hidden="true" className="h-64 w-full text-xs">
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={data} accessibilityLayer={false} margin={{ left: 16, right: 8 }}>
            <CartesianGrid stroke={COLOURS.grid} strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" stroke={COLOURS.axis} tick={{ fill: COLOURS.axis }} />
            <YAxis stroke={COLOURS.axis} tick={{ fill: COLOURS.axis }} tickFormatter={money} />
            <Tooltip
              formatter={money}
              contentStyle={{
                background: 'var(--surface)',
                borderColor: 'var(--border)',
                color: 'var(--surface-foreground)',
              }}
            />
            <Legend />
            <Bar dataKey="payments" name={t.payments} fill={COLOURS.payments} />
            <Bar dataKey="refunds" name={t.refunds} fill={COLOURS.refunds} />
            {overTime ? (
              <Line
                dataKey="net"
                name={t.net}
                stroke={COLOURS.net}
                strokeWidth={2}
                dot={rows.length <= 31}
                isAnimationActive={false}
              />
            ) : (
              <Bar dataKey="net" name={t.net} fill={COLOURS.net} />
            )}
          </ComposedChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
