import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { GuarantorRecurring, OfficePlan } from '@webpay/contracts/office-recurring';
import { staffCan, type StaffRole } from '@webpay/contracts/office';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogTrigger } from '@/components/ui/dialog.tsx';
import { CellLabel, Table, TableBody, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { useMessages } from '@/lib/messages.ts';
import { Loading, QueryError, Section, Td, Th } from '../../../components/page-parts.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import { recurringQueryOptions, type AutopayTarget } from '../api/recurring.ts';
import { recurringMessages } from '../recurring.messages.ts';
import { CancelAutopayDialog } from './cancel-autopay-dialog.tsx';
import { Part } from './recurring-part.tsx';
import { AuthorizationsList, ChargesTables } from './recurring-records.tsx';
import { useMethodName } from './use-method-name.ts';

type Method = GuarantorRecurring['methods'][number];

function CancelAutopayButton({
  guarantorId,
  target,
  role,
}: {
  guarantorId: string;
  target: AutopayTarget;
  role: StaffRole;
}) {
  const t = useMessages(recurringMessages);
  const [open, setOpen] = useState(false);
  if (!staffCan(role, 'support')) return null;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          variant="secondary"
          size="sm"
          aria-label={
            target.kind === 'plan'
              ? t.cancelPlanAutopay(target.planNumber)
              : t.cancelStatementAutopay
          }
        >
          {t.cancelAutopay}
        </Button>
      </DialogTrigger>
      {open && <CancelAutopayDialog guarantorId={guarantorId} target={target} />}
    </Dialog>
  );
}

function MethodState({ method }: { method: Method }) {
  const t = useMessages(recurringMessages);
  const format = useFormat();
  if (method.removedAt) return <Badge>{t.removed(format.dateTime(method.removedAt))}</Badge>;
  return (
    <span className="flex flex-wrap gap-1">
      {method.isDefault && <Badge variant="info">{t.isDefault}</Badge>}
      {method.expired && <Badge variant="danger">{t.expired}</Badge>}
      {method.expiringSoon && <Badge variant="warning">{t.expiringSoon}</Badge>}
      {!method.isDefault && !method.expired && !method.expiringSoon && t.active}
    </span>
  );
}

function MethodsTable({ methods }: { methods: GuarantorRecurring['methods'] }) {
  const t = useMessages(recurringMessages);
  const format = useFormat();
  const methodName = useMethodName(methods);
  if (methods.length === 0) return <p className="text-sm text-muted-foreground">{t.nothing}</p>;
  return (
    <Table aria-label={t.methods}>
      <TableHeader>
        <TableRow>
          <Th>{t.method}</Th>
          <Th>{t.holder}</Th>
          <Th>{t.expiry}</Th>
          <Th>{t.added}</Th>
          <Th>{t.usedBy}</Th>
          <Th>{t.state}</Th>
        </TableRow>
      </TableHeader>
      <TableBody>
        {methods.map((method) => (
          <TableRow key={method.id} className={method.removedAt ? 'text-muted-foreground' : ''}>
            <Td className="tabular-nums">
              <CellLabel>{t.method}</CellLabel>
              {methodName(method.id)}
            </Td>
            <Td>
              <CellLabel>{t.holder}</CellLabel>
              {method.holderName}
            </Td>
            <Td className="tabular-nums">
              <CellLabel>{t.expiry}</CellLabel>
              {method.expiry ?? ''}
            </Td>
            <Td>
              <CellLabel>{t.added}</CellLabel>
              {format.dateTime(method.createdAt)}
            </Td>
            <Td>
              <CellLabel>{t.usedBy}</CellLabel>
              {method.usedBy
                .map((use) =>
                  use.kind === 'plan' ? t.usedByPlan(use.planNumber) : t.usedByStatements,
                )
                .join(', ')}
            </Td>
            <Td>
              <CellLabel>{t.state}</CellLabel>
              <MethodState method={method} />
            </Td>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

const INSTALMENT_BADGES = {
  paid: 'success',
  overdue: 'danger',
  skipped: 'warning',
  due: 'neutral',
} as const;

function InstalmentsTable({ plan }: { plan: OfficePlan }) {
  const t = useMessages(recurringMessages);
  const format = useFormat();
  return (
    <Table aria-label={t.showInstalments(plan.planNumber)}>
      <TableHeader>
        <TableRow>
          <Th>{t.instalment}</Th>
          <Th>{t.dueDate}</Th>
          <Th className="text-right">{t.amount}</Th>
          <Th>{t.status}</Th>
        </TableRow>
      </TableHeader>
      <TableBody>
        {plan.instalments.map((row) => (
          <TableRow key={row.number}>
            <Td className="tabular-nums">
              <CellLabel>{t.instalment}</CellLabel>
              {row.number}
            </Td>
            <Td>
              <CellLabel>{t.dueDate}</CellLabel>
              {format.date(row.dueDate)}
            </Td>
            <Td className="tabular-nums md:text-right">
              <CellLabel>{t.amount}</CellLabel>
              {format.cents(row.amountCents)}
            </Td>
            <Td>
              <CellLabel>{t.status}</CellLabel>
              <Badge variant={INSTALMENT_BADGES[row.status]}>
                {t.instalmentStatuses[row.status]}
              </Badge>
            </Td>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function PlanCard({
  plan,
  methodName,
  action,
}: {
  plan: OfficePlan;
  methodName: (id: string) => string;
  action: ReactNode;
}) {
  const t = useMessages(recurringMessages);
  const format = useFormat();
  const feed = [
    plan.exportedAt ? t.exported(format.dateTime(plan.exportedAt)) : t.notExported,
    ...(plan.matchedAt ? [t.matched(format.dateTime(plan.matchedAt))] : []),
  ].join(' · ');
  return (
    <li className="rounded-md border border-border p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-5">
          <PlanFact label={t.plan}>
            <span className="font-medium tabular-nums">{plan.planNumber}</span>
            {plan.needsAttention && (
              <Badge variant="danger" className="ml-2">
                {t.needsAttention}
              </Badge>
            )}
          </PlanFact>
          <PlanFact label={t.created}>{format.dateTime(plan.createdAt)}</PlanFact>
          <PlanFact label={t.total}>{format.cents(plan.totalCents)}</PlanFact>
          <PlanFact label={t.autopay}>
            {plan.paymentMethodId ? t.autopayOn(methodName(plan.paymentMethodId)) : t.autopayOff}
          </PlanFact>
          <PlanFact label={t.billingSystem}>{feed}</PlanFact>
        </dl>
        {action}
      </div>
      <details className="mt-2">
        <summary className="cursor-pointer text-sm font-medium underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring">
          {t.showInstalments(plan.planNumber)}
        </summary>
        <div className="mt-2">
          <InstalmentsTable plan={plan} />
        </div>
      </details>
    </li>
  );
}

function PlanFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function RecurringBody({
  guarantorId,
  role,
  recurring,
}: {
  guarantorId: string;
  role: StaffRole;
  recurring: GuarantorRecurring;
}) {
  const t = useMessages(recurringMessages);
  const format = useFormat();
  const methodName = useMethodName(recurring.methods);
  const statement = recurring.statementAutopay;
  return (
    <div className="flex flex-col gap-5">
      <Part title={t.methods}>
        <MethodsTable methods={recurring.methods} />
      </Part>
      <Part title={t.plans}>
        {recurring.plans.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t.nothing}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {recurring.plans.map((plan) => (
              <PlanCard
                key={plan.planNumber}
                plan={plan}
                methodName={methodName}
                action={
                  plan.autopay && (
                    <CancelAutopayButton
                      guarantorId={guarantorId}
                      role={role}
                      target={{ kind: 'plan', planNumber: plan.planNumber }}
                    />
                  )
                }
              />
            ))}
          </ul>
        )}
      </Part>
      <Part title={t.statementAutopay}>
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <p>
            {statement
              ? t.statementAutopayOn(
                  methodName(statement.paymentMethodId),
                  format.cents(statement.capCents),
                  format.dateTime(statement.since),
                )
              : t.statementAutopayOff}
          </p>
          {statement && (
            <CancelAutopayButton
              guarantorId={guarantorId}
              role={role}
              target={{ kind: 'statement' }}
            />
          )}
        </div>
      </Part>
      <ChargesTables recurring={recurring} />
      <AuthorizationsList authorizations={recurring.authorizations} />
    </div>
  );
}

/**
 * "Recurring payments" on a guarantor's page: saved methods (masked), plans
 * made in the portal, autopay, every authorization word for word and what
 * autopay charged. Loaded on its own (and audited as its own look), so the
 * rest of the page does not wait for it.
 */
export function RecurringSection({ guarantorId, role }: { guarantorId: string; role: StaffRole }) {
  const t = useMessages(recurringMessages);
  const query = useQuery(recurringQueryOptions(guarantorId));
  return (
    <Section id="recurring" title={t.title}>
      {query.isPending && <Loading />}
      {query.isError && <QueryError error={query.error} onRetry={() => void query.refetch()} />}
      {query.data && <RecurringBody guarantorId={guarantorId} role={role} recurring={query.data} />}
    </Section>
  );
}
