import { Link } from '@tanstack/react-router';
import type { GuarantorRecurring } from '@webpay/contracts/office-recurring';
import { Badge } from '@/components/ui/badge.tsx';
import { CellLabel, Table, TableBody, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { useMessages } from '@/lib/messages.ts';
import { Td, Th } from '../../../components/page-parts.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import { recurringMessages } from '../recurring.messages.ts';
import { Part } from './recurring-part.tsx';
import { useMethodName } from './use-method-name.ts';

type Charge = GuarantorRecurring['upcoming'][number] | GuarantorRecurring['history'][number];

const CHARGE_BADGES = {
  scheduled: 'neutral',
  noticed: 'info',
  charging: 'info',
  paid: 'success',
  declined: 'danger',
  skipped: 'warning',
  cancelled: 'neutral',
  over_cap: 'warning',
} as const;

/** "Plan PP-…, instalment 3" or "Statement". */
function useChargeName() {
  const t = useMessages(recurringMessages);
  return (charge: Charge) =>
    charge.kind === 'instalment' && charge.planNumber && charge.instalmentNumber !== null
      ? t.chargeOfInstalment(charge.planNumber, charge.instalmentNumber)
      : t.chargeOfStatement;
}

/** The columns every charge has: day, what it pays, amount and the method charged. */
function ChargeHead() {
  const t = useMessages(recurringMessages);
  return (
    <>
      <Th>{t.date}</Th>
      <Th>{t.charge}</Th>
      <Th className="text-right">{t.amount}</Th>
      <Th>{t.method}</Th>
      <Th>{t.status}</Th>
    </>
  );
}

function ChargeCells({
  charge,
  attempt,
  methods,
}: {
  charge: Charge;
  attempt: string | null;
  methods: GuarantorRecurring['methods'];
}) {
  const t = useMessages(recurringMessages);
  const format = useFormat();
  const chargeName = useChargeName();
  const methodName = useMethodName(methods);
  return (
    <>
      <Td>
        <CellLabel>{t.date}</CellLabel>
        {format.date(charge.date)}
      </Td>
      <Td>
        <CellLabel>{t.charge}</CellLabel>
        {chargeName(charge)}
        {attempt && <span className="block text-xs text-muted-foreground">{attempt}</span>}
      </Td>
      <Td className="tabular-nums md:text-right">
        <CellLabel>{t.amount}</CellLabel>
        {charge.amountCents === null ? t.notKnownYet : format.cents(charge.amountCents)}
      </Td>
      <Td>
        <CellLabel>{t.method}</CellLabel>
        {methodName(charge.paymentMethodId)}
      </Td>
    </>
  );
}

function UpcomingTable({ recurring }: { recurring: GuarantorRecurring }) {
  const t = useMessages(recurringMessages);
  const format = useFormat();
  if (recurring.upcoming.length === 0) {
    return <p className="text-sm text-muted-foreground">{t.nothing}</p>;
  }
  return (
    <Table aria-label={t.upcoming}>
      <TableHeader>
        <TableRow>
          <ChargeHead />
        </TableRow>
      </TableHeader>
      <TableBody>
        {recurring.upcoming.map((charge) => (
          <TableRow key={`${charge.planNumber ?? charge.statementId}-${charge.instalmentNumber}`}>
            <ChargeCells
              charge={charge}
              attempt={charge.retry ? t.attempt(2) : null}
              methods={recurring.methods}
            />
            <Td>
              <CellLabel>{t.status}</CellLabel>
              {charge.canSkip
                ? t.changeableUntil(format.date(charge.changeableUntil))
                : t.tooLateToSkip}
            </Td>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function HistoryTable({ recurring }: { recurring: GuarantorRecurring }) {
  const t = useMessages(recurringMessages);
  if (recurring.history.length === 0) {
    return <p className="text-sm text-muted-foreground">{t.nothing}</p>;
  }
  return (
    <Table aria-label={t.history}>
      <TableHeader>
        <TableRow>
          <ChargeHead />
          <Th>{t.receipt}</Th>
        </TableRow>
      </TableHeader>
      <TableBody>
        {recurring.history.map((charge, index) => (
          <TableRow key={`${charge.date}-${charge.attempt}-${index}`}>
            <ChargeCells
              charge={charge}
              attempt={t.attempt(charge.attempt)}
              methods={recurring.methods}
            />
            <Td>
              <CellLabel>{t.status}</CellLabel>
              <Badge variant={CHARGE_BADGES[charge.status]}>
                {t.chargeStatuses[charge.status]}
              </Badge>
              {charge.failure && <span className="block text-xs">{charge.failure}</span>}
            </Td>
            <Td className="tabular-nums">
              <CellLabel>{t.receipt}</CellLabel>
              {/* The desk's search finds the payment by its receipt, as on the Payments section. */}
              {charge.receiptId && (
                <Link
                  to="/payments"
                  search={{ receipt: charge.receiptId }}
                  className="underline underline-offset-4"
                >
                  {charge.receiptId}
                </Link>
              )}
            </Td>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** What autopay will charge, and what it charged (with the receipts of what was paid). */
export function ChargesTables({ recurring }: { recurring: GuarantorRecurring }) {
  const t = useMessages(recurringMessages);
  return (
    <>
      <Part title={t.upcoming}>
        <UpcomingTable recurring={recurring} />
      </Part>
      <Part title={t.history}>
        <HistoryTable recurring={recurring} />
      </Part>
    </>
  );
}

type Authorization = GuarantorRecurring['authorizations'][number];

function AuthorizationItem({ authorization }: { authorization: Authorization }) {
  const t = useMessages(recurringMessages);
  const format = useFormat();
  const revokedBy =
    authorization.revokedBy === 'guarantor' ? t.revokedByGuarantor : authorization.revokedBy;
  const title = [
    t.authorizationKinds[authorization.kind],
    ...(authorization.planNumber ? [authorization.planNumber] : []),
  ].join(' · ');
  return (
    <li className="rounded-md border border-border p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">{title}</span>
        {authorization.revokedAt ? (
          <Badge>{t.revoked(format.dateTime(authorization.revokedAt), revokedBy ?? '')}</Badge>
        ) : (
          <Badge variant="success">{t.inForce}</Badge>
        )}
      </div>
      <dl className="mt-1 flex flex-wrap gap-x-6 gap-y-1 text-muted-foreground">
        <div>
          <dt className="inline">{t.accepted}: </dt>
          <dd className="inline">{format.dateTime(authorization.acceptedAt)}</dd>
        </div>
        <div>
          <dt className="inline">{t.ipAddress}: </dt>
          <dd className="inline tabular-nums">{authorization.ipAddress ?? ''}</dd>
        </div>
        <div>
          <dt className="inline">{t.languageName}: </dt>
          <dd className="inline">{t.languages[authorization.language]}</dd>
        </div>
      </dl>
      {authorization.revokeReason && (
        <p className="mt-1">{t.revokeReason(authorization.revokeReason)}</p>
      )}
      <details className="mt-2">
        <summary className="cursor-pointer font-medium underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring">
          {t.showText}
        </summary>
        <blockquote
          lang={authorization.language}
          className="mt-2 border-l-2 border-border pl-3 whitespace-pre-wrap"
        >
          {authorization.text}
        </blockquote>
      </details>
    </li>
  );
}

/** Every authorization behind a charge, each opening to its words exactly as accepted. */
export function AuthorizationsList({ authorizations }: { authorizations: Authorization[] }) {
  const t = useMessages(recurringMessages);
  return (
    <Part title={t.authorizations}>
      {authorizations.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.nothing}</p>
      ) : (
        <ul aria-label={t.authorizations} className="flex flex-col gap-2">
          {authorizations.map((authorization) => (
            <AuthorizationItem key={authorization.id} authorization={authorization} />
          ))}
        </ul>
      )}
    </Part>
  );
}
