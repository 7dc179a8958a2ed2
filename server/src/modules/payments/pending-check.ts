import { formatCentsIn } from '@webpay/contracts/language';
import { sumCents, type Cents } from '@webpay/contracts/money';
import { paysBeyondPending } from '@webpay/contracts/payments';
import type { LocalText } from '../../lib/api-error.ts';
import { paymentErrors } from './payment-errors.ts';
import { guarantorBalanceCents, type PayableAccounts, type ResolvedLine } from './payment-lines.ts';

/*
 * Paying what is already pending (PRODUCT.md, Amount rules; decision 0016).
 * Balances come from the billing office and do not go down until it applies
 * a payment, so a second payment of the same balance would pay it twice. A
 * line is refused when it pays more than its balance less the portal
 * payments already on it, unless the guarantor said they mean to.
 */

/** Money the portal has taken or may be taking toward one account, not yet applied. */
export interface PortalPending {
  encounterId: string | null;
  planId: string | null;
  amountCents: Cents;
}

/** An account a line pays, as the refusal names it. */
interface Standing {
  account: string;
  balanceCents: Cents;
  pendingCents: Cents;
}

function pendingWhere(
  pending: readonly PortalPending[],
  holds: (row: PortalPending) => boolean,
): Cents {
  return sumCents(pending.filter(holds).map((row) => row.amountCents));
}

/**
 * What the line's account holds: an encounter itself; a plan and its
 * encounters; for a guarantor payment, the whole main account (its
 * encounters, plans and the payments made toward the account as a whole).
 */
function standingOf(
  line: ResolvedLine,
  accounts: PayableAccounts,
  pending: readonly PortalPending[],
): Standing | undefined {
  if (line.encounterId !== null) {
    const encounter = accounts.encounters.find((candidate) => candidate.id === line.encounterId);
    if (!encounter) return undefined;
    return {
      account: `${encounter.facilityId}-${encounter.accountNumber}`,
      balanceCents: encounter.balanceCents,
      pendingCents: pendingWhere(pending, (row) => row.encounterId === encounter.id),
    };
  }
  if (line.planId !== null) {
    const plan = accounts.plans.find((candidate) => candidate.id === line.planId);
    if (!plan) return undefined;
    const encounters = new Set(
      accounts.encounters.filter((item) => item.planId === plan.id).map((item) => item.id),
    );
    return {
      account: `${plan.planNumber}-${plan.version}`,
      balanceCents: plan.currentBalanceCents,
      pendingCents: pendingWhere(
        pending,
        (row) =>
          row.planId === plan.id || (row.encounterId !== null && encounters.has(row.encounterId)),
      ),
    };
  }
  const main = new Set(
    accounts.encounters.filter((item) => item.type === 'ENT').map((item) => item.id),
  );
  const plans = new Set(accounts.plans.map((plan) => plan.id));
  return {
    account: line.accountId,
    balanceCents: guarantorBalanceCents(accounts),
    pendingCents: pendingWhere(
      pending,
      (row) =>
        (row.encounterId === null && row.planId === null) ||
        (row.encounterId !== null && main.has(row.encounterId)) ||
        (row.planId !== null && plans.has(row.planId)),
    ),
  };
}

/**
 * Throws 409 PENDING_PAYMENT_EXISTS naming every line that pays more than
 * is left on its account once the pending portal payments are applied.
 */
export function checkPendingPayments(
  lines: readonly ResolvedLine[],
  accounts: PayableAccounts,
  pending: readonly PortalPending[],
): void {
  const details: LocalText[] = [];
  for (const line of lines) {
    const standing = standingOf(line, accounts, pending);
    if (!standing) continue;
    if (!paysBeyondPending(line.amountCents, standing.balanceCents, standing.pendingCents))
      continue;
    details.push((m, language) =>
      m.lineAlreadyPending(
        formatCentsIn(language, standing.pendingCents),
        standing.account,
        formatCentsIn(language, standing.balanceCents),
      ),
    );
  }
  if (details.length > 0) throw paymentErrors.pendingPaymentExists(details);
}
