import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CellLabel, Table, TableBody, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { useMessages } from '@/lib/messages.ts';
import {
  Loading,
  PageHeading,
  QueryError,
  Section,
  Td,
  Th,
} from '../../../components/page-parts.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import { plansAttentionQueryOptions } from '../api/plans-attention.ts';
import { plansAttentionMessages } from '../home.messages.ts';

/**
 * Plans whose instalment stayed unpaid after autopay's second attempt, the
 * longest waiting first: each a guarantor to call, opened from here.
 */
export function PlansAttentionPage() {
  const t = useMessages(plansAttentionMessages);
  const format = useFormat();
  const query = useQuery(plansAttentionQueryOptions());
  return (
    <>
      <PageHeading>{t.title}</PageHeading>
      <Section id="plans-attention" title={t.list}>
        <p className="mb-2 text-sm text-muted-foreground">{t.hint}</p>
        {query.isPending && <Loading />}
        {query.isError && <QueryError error={query.error} onRetry={() => void query.refetch()} />}
        {query.data?.plans.length === 0 && (
          <p className="text-sm text-muted-foreground">{t.none}</p>
        )}
        {query.data && query.data.plans.length > 0 && (
          <Table aria-label={t.list}>
            <TableHeader>
              <TableRow>
                <Th>{t.since}</Th>
                <Th>{t.guarantor}</Th>
                <Th>{t.account}</Th>
                <Th>{t.plan}</Th>
                <Th className="text-right">{t.overdue}</Th>
              </TableRow>
            </TableHeader>
            <TableBody>
              {query.data.plans.map((plan) => (
                <TableRow key={plan.planNumber}>
                  <Td>
                    <CellLabel>{t.since}</CellLabel>
                    {format.date(plan.overdueSince)}
                  </Td>
                  <Td>
                    <CellLabel>{t.guarantor}</CellLabel>
                    <Link
                      to="/guarantors/$guarantorId"
                      params={{ guarantorId: plan.guarantorId }}
                      hash="recurring-heading"
                      className="font-medium underline underline-offset-4"
                    >
                      {plan.guarantorName}
                    </Link>
                  </Td>
                  <Td className="tabular-nums">
                    <CellLabel>{t.account}</CellLabel>
                    {plan.accountNumber}
                  </Td>
                  <Td className="tabular-nums">
                    <CellLabel>{t.plan}</CellLabel>
                    {plan.planNumber}
                  </Td>
                  <Td className="tabular-nums md:text-right">
                    <CellLabel>{t.overdue}</CellLabel>
                    {format.cents(plan.overdueCents)}
                  </Td>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Section>
    </>
  );
}
