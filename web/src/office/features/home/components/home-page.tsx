import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { OfficeHome } from '@webpay/contracts/office';
import { Badge } from '@/components/ui/badge.tsx';
import { Table, TableBody, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { useMessages } from '@/lib/messages.ts';
import {
  Loading,
  PageHeading,
  QueryError,
  Section,
  Td,
  Th,
} from '../../../components/page-parts.tsx';
import { Figure } from '../../../components/figure.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import { homeQueryOptions } from '../api/get-home.ts';
import { homeMessages } from '../home.messages.ts';

const RUNS = ['import', 'export', 'reconcile'] as const;

/** A figure whose name opens the list behind it (what waits is worked from there). */
function LinkedFigure({
  label,
  value,
  to,
}: {
  label: string;
  value: string;
  to: '/plans-attention' | '/approvals';
}) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm">
        <Link to={to} className="text-muted-foreground underline underline-offset-4">
          {label}
        </Link>
      </dt>
      <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

function LastRuns({ runs }: { runs: OfficeHome['lastRuns'] }) {
  const t = useMessages(homeMessages);
  const format = useFormat();
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <Th>{t.job}</Th>
          <Th>{t.when}</Th>
          <Th>{t.outcome}</Th>
          <Th>{t.summary}</Th>
        </TableRow>
      </TableHeader>
      <TableBody>
        {RUNS.map((job) => {
          const run = runs[job];
          return (
            <TableRow key={job}>
              <Td className="font-medium">{t.runs[job]}</Td>
              <Td>{run ? format.dateTime(run.at) : t.neverRun}</Td>
              <Td>
                {run && (
                  <Badge variant={run.outcome === 'success' ? 'success' : 'danger'}>
                    {t.outcomes[run.outcome]}
                  </Badge>
                )}
              </Td>
              <Td>{run?.summary}</Td>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

/** Home: the day's payments, what needs attention and how the last scheduled jobs went. */
export function HomePage() {
  const t = useMessages(homeMessages);
  const format = useFormat();
  const home = useQuery(homeQueryOptions());
  return (
    <>
      <PageHeading>{t.title}</PageHeading>
      {home.isPending && <Loading />}
      {home.isError && <QueryError error={home.error} onRetry={() => void home.refetch()} />}
      {home.data && (
        <div className="grid gap-4 lg:grid-cols-2">
          <Section id="payments-today" title={`${t.heading} · ${format.date(home.data.today)}`}>
            <dl className="flex gap-8">
              <Figure
                label={t.paymentsToday}
                value={format.cents(home.data.paymentsToday.amountCents)}
                detail={t.paymentCount(home.data.paymentsToday.count)}
              />
            </dl>
          </Section>
          <Section id="attention" title={t.attention}>
            <dl className="flex flex-wrap gap-8">
              <Figure
                label={t.awaitingReconciliation}
                value={String(home.data.attention.awaitingReconciliation)}
              />
              <LinkedFigure
                label={t.awaitingApproval}
                value={String(home.data.attention.awaitingApproval)}
                to="/approvals"
              />
              <Figure label={t.failedEmails} value={String(home.data.attention.failedEmails)} />
              <LinkedFigure
                label={t.plansNeedingAttention}
                value={String(home.data.attention.plansNeedingAttention)}
                to="/plans-attention"
              />
            </dl>
            {Object.values(home.data.attention).every((count) => count === 0) && (
              <p className="mt-2 text-sm text-muted-foreground">{t.allClear}</p>
            )}
          </Section>
          <Section id="last-runs" title={t.lastRuns} className="lg:col-span-2">
            <LastRuns runs={home.data.lastRuns} />
          </Section>
        </div>
      )}
    </>
  );
}
