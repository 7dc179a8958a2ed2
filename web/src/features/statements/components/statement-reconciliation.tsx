import { useId } from 'react';
import { formatCentsIn } from '@webpay/contracts/language';
import { toCents } from '@webpay/contracts/money';
import {
  reconciliationAmountIn,
  reconciliationLines,
} from '@webpay/contracts/statement-reconciliation';
import type { StatementDetail } from '@webpay/contracts/statements';
import { useFormatDate, useLanguage } from '@/lib/language.ts';
import { useMessages } from '@/lib/messages.ts';
import { cn } from '@/lib/utils.ts';
import { statementsMessages } from '../statements.messages.ts';

/**
 * Why the statement's amount due is not what the dashboard asks for
 * (decision 0010): the service's figures, from the statement's amount to
 * what is due now, then what is already paid and being processed.
 */
export function StatementReconciliation({ detail }: { detail: StatementDetail }) {
  const t = useMessages(statementsMessages).reconciliation;
  const language = useLanguage();
  const formatDate = useFormatDate();
  const headingId = useId();
  const { reconciliation } = detail;
  const inProcessCents = toCents(reconciliation.paymentsInProcess);
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-2 rounded-lg border border-border p-4"
    >
      <h3 id={headingId} className="font-semibold">
        {t.heading}
      </h3>
      <p className="text-sm text-muted-foreground">
        {t.intro(formatDate(detail.statementDate), formatDate(reconciliation.asOf))}
      </p>
      <dl className="flex flex-col">
        {reconciliationLines(detail.amountDue, reconciliation).map((line) => (
          <div
            key={line.key}
            className={cn(
              'flex items-baseline justify-between gap-4 py-1.5',
              line.key === 'dueNow' && 'mt-1 border-t border-border pt-2 font-semibold',
            )}
          >
            <dt>{t.lines[line.key]}</dt>
            <dd className="shrink-0 tabular-nums">{reconciliationAmountIn(language, line)}</dd>
          </div>
        ))}
      </dl>
      {inProcessCents > 0 ? (
        <p className="text-sm">
          {t.paymentsInProcess(
            formatCentsIn(language, inProcessCents),
            formatDate(detail.statementDate),
          )}
        </p>
      ) : null}
    </section>
  );
}
