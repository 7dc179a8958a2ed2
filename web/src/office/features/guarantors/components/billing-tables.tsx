import {
  ENCOUNTER_STATUS_LABELS,
  ENCOUNTER_STATUS_LABELS_ES,
  PLAN_STATUS_LABELS,
  PLAN_STATUS_LABELS_ES,
  PLAN_TYPE_LABELS,
  PLAN_TYPE_LABELS_ES,
  encounterNumber,
  encounterStatusLabel,
  planNumber,
} from '@webpay/contracts/encounters';
import type { PendingPayment } from '@webpay/contracts/encounters';
import { sumCents, toCents } from '@webpay/contracts/money';
import type { GuarantorPage } from '@webpay/contracts/office';
import { CellLabel, Table, TableBody, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { useLanguage } from '@/lib/language.ts';
import { useMessages } from '@/lib/messages.ts';
import { Section, Td, Th } from '../../../components/page-parts.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import { guarantorMessages } from '../guarantors.messages.ts';

/** Paid in the portal, not yet applied: the guarantor sees the same words beside the balance. */
function PendingNote({ payments }: { payments: readonly PendingPayment[] | undefined }) {
  const t = useMessages(guarantorMessages);
  const format = useFormat();
  if (!payments?.length) return null;
  const total = sumCents(payments.map((payment) => toCents(payment.amount)));
  return (
    <span className="block text-xs font-semibold text-warning-soft-foreground">
      {t.pendingAmount(format.cents(total))}
    </span>
  );
}

export function EncountersSection({ billing }: { billing: GuarantorPage['billing'] }) {
  const t = useMessages(guarantorMessages);
  const format = useFormat();
  const statusLabels =
    useLanguage() === 'es' ? ENCOUNTER_STATUS_LABELS_ES : ENCOUNTER_STATUS_LABELS;
  return (
    <Section id="encounters" title={t.encounters}>
      {billing.encounters.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.nothing}</p>
      ) : (
        <Table aria-label={t.encounters}>
          <TableHeader>
            <TableRow>
              <Th>{t.encounter}</Th>
              <Th>{t.patient}</Th>
              <Th>{t.status}</Th>
              <Th>{t.admitted}</Th>
              <Th className="text-right">{t.balance}</Th>
            </TableRow>
          </TableHeader>
          <TableBody>
            {billing.encounters.map((encounter) => (
              <TableRow key={encounterNumber(encounter)}>
                <Td className="tabular-nums">
                  <CellLabel>{t.encounter}</CellLabel>
                  {encounterNumber(encounter)}
                </Td>
                <Td>
                  <CellLabel>{t.patient}</CellLabel>
                  {encounter.patientName}
                </Td>
                <Td>
                  <CellLabel>{t.status}</CellLabel>
                  {encounterStatusLabel(encounter.status, statusLabels)}
                </Td>
                <Td>
                  <CellLabel>{t.admitted}</CellLabel>
                  {encounter.admitDate ? format.date(encounter.admitDate) : ''}
                </Td>
                <Td className="tabular-nums md:text-right">
                  <CellLabel>{t.balance}</CellLabel>
                  <PendingNote payments={encounter.pendingPayments} />
                  {format.dollars(encounter.balance)}
                </Td>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Section>
  );
}

export function PlansSection({ plans }: { plans: GuarantorPage['billing']['paymentPlans'] }) {
  const t = useMessages(guarantorMessages);
  const format = useFormat();
  const spanish = useLanguage() === 'es';
  const types = spanish ? PLAN_TYPE_LABELS_ES : PLAN_TYPE_LABELS;
  const statuses = spanish ? PLAN_STATUS_LABELS_ES : PLAN_STATUS_LABELS;
  return (
    <Section id="plans" title={t.plans}>
      {plans.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.nothing}</p>
      ) : (
        <Table aria-label={t.plans}>
          <TableHeader>
            <TableRow>
              <Th>{t.plan}</Th>
              <Th>{t.type}</Th>
              <Th>{t.status}</Th>
              <Th>{t.nextDue}</Th>
              <Th className="text-right">{t.dueAmount}</Th>
              <Th className="text-right">{t.overdue}</Th>
              <Th className="text-right">{t.balance}</Th>
            </TableRow>
          </TableHeader>
          <TableBody>
            {plans.map((plan) => (
              <TableRow key={planNumber(plan)}>
                <Td className="tabular-nums">
                  <CellLabel>{t.plan}</CellLabel>
                  {planNumber(plan)}
                </Td>
                <Td>
                  <CellLabel>{t.type}</CellLabel>
                  {types[plan.type]}
                </Td>
                <Td>
                  <CellLabel>{t.status}</CellLabel>
                  {statuses[plan.status]}
                </Td>
                <Td>
                  <CellLabel>{t.nextDue}</CellLabel>
                  {plan.nextDueDate ? format.date(plan.nextDueDate) : ''}
                </Td>
                <Td className="tabular-nums md:text-right">
                  <CellLabel>{t.dueAmount}</CellLabel>
                  {format.dollars(plan.dueAmount)}
                </Td>
                <Td className="tabular-nums md:text-right">
                  <CellLabel>{t.overdue}</CellLabel>
                  {format.dollars(plan.overdueAmount)}
                </Td>
                <Td className="tabular-nums md:text-right">
                  <CellLabel>{t.balance}</CellLabel>
                  {format.dollars(plan.currentBalance)}
                </Td>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Section>
  );
}
