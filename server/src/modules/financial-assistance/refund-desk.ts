import type { CaseRefund } from '@webpay/contracts/assistance-application';
import type { Transaction } from '../../db/client.ts';
import type { RequestContext } from '../../lib/request-context.ts';

/*
 * What an approval needs of the payment desk (payment-desk's
 * AssistanceRefunds): the refund requests for what was paid above the new
 * amount owed, written in the approval's transaction, and read back for the
 * case page.
 */

/** A refund request as the desk keeps it: the parts the case page shows. */
export interface DeskRefund {
  reversal: Pick<CaseRefund, 'reference' | 'paymentId' | 'kind' | 'status' | 'amountCents'> & {
    id: string;
  };
  receiptId: string | null;
}

/**
 * What an approval's refund requests leave of the letter's refund, because
 * other voids or refunds already hold those payments: for the office to
 * refund from the payment desk. The requests' amounts never change once
 * written, so this holds whatever the desk did with them since.
 */
export function refundShortCents(
  refundCents: number,
  requests: readonly { amountCents: number }[],
): number {
  const requested = requests.reduce((sum, request) => sum + request.amountCents, 0);
  return Math.max(0, refundCents - requested);
}

export interface RefundDesk {
  request(
    tx: Transaction,
    request: {
      applicationId: string;
      applicationReference: string;
      guarantorId: string;
      requestedBy: string;
      accounts: readonly { encounterId: string; refundCents: number }[];
    },
    context: RequestContext,
  ): Promise<readonly { amountCents: number }[]>;
  ofApplication(applicationId: string): Promise<DeskRefund[]>;
}

export function caseRefundView({ reversal, receiptId }: DeskRefund): CaseRefund {
  return {
    reversalId: reversal.id,
    reference: reversal.reference,
    paymentId: reversal.paymentId,
    receiptId,
    kind: reversal.kind,
    status: reversal.status,
    amountCents: reversal.amountCents,
  };
}
