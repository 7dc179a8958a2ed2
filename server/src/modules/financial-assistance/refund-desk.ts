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
