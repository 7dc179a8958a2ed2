import type { Reversal } from '@webpay/contracts/payment-desk';
import type { ReversalRow } from './reversals.repository.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A reversal row as the desk shows it, staff named by `names` (id → name). */
export function reversalView(row: ReversalRow, names: ReadonlyMap<string, string>): Reversal {
  const staff = (id: string | null) => (id ? { staffId: id, name: names.get(id) ?? id } : null);
  return {
    reversalId: row.id,
    reference: row.reference,
    kind: row.kind,
    status: row.status,
    source: row.source,
    amountCents: row.amountCents,
    reason: row.reason,
    requestedBy: staff(row.requestedBy),
    requestedAt: row.requestedAt.toISOString(),
    decidedBy: staff(row.decidedBy),
    decidedAt: iso(row.decidedAt),
    rejectionReason: row.rejectionReason,
    completedAt: iso(row.completedAt),
    processorTxnId: row.processorTxnId,
    failure: row.failureMessage,
    exportedAt: iso(row.exportedAt),
    appliedAt: iso(row.appliedAt),
  };
}
