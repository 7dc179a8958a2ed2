import { ERROR_CODES } from '@webpay/contracts/errors';
import type { Language } from '@webpay/contracts/language';
import type { ResendReceiptRequest } from '@webpay/contracts/payment-desk';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { guarantors, payments, receipts } from '../../db/schema.ts';
import { ApiError, apiErrors } from '../../lib/api-error.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { AuditRepository } from '../audit/index.ts';
import { receiptFromSnapshot, type ReceiptMailer } from '../payments/index.ts';
import { RECEIPT_RESEND_MESSAGES } from './receipt-resend.messages.ts';

/*
 * A receipt sent again from the payment desk (issue #24): the receipt as it
 * was issued, through the same template and mail outbox as the first time,
 * to the address on file or one the guarantor gives on the phone.
 */

export interface ResendReceiptResult {
  to: string;
  message: string;
}

interface ResendTarget {
  paymentId: string;
  guarantorId: string;
  receiptId: string;
  snapshot: Record<string, unknown>;
  /** The payment's receipt address, else the guarantor's. */
  addressOnFile: string | null;
  language: Language;
}

/** The signed-in staff member (request.requireStaff()). */
interface StaffActor {
  staffId: string;
}

const words = (language: Language) => RECEIPT_RESEND_MESSAGES[language];

export class ReceiptResendService {
  private readonly audit: AuditRepository;

  constructor(
    private readonly db: Database,
    private readonly mailer: Pick<ReceiptMailer, 'queue'>,
    audit?: AuditRepository,
  ) {
    this.audit = audit ?? new AuditRepository(db);
  }

  async resend(
    paymentId: string,
    request: ResendReceiptRequest,
    actor: StaffActor,
    context: RequestContext,
  ): Promise<ResendReceiptResult> {
    const target = await this.target(paymentId);
    if (!target) throw apiErrors.notFound((_, language) => words(language).paymentNotFound);
    const to = request.email ?? target.addressOnFile;
    if (!to) {
      throw new ApiError(409, ERROR_CODES.noEmailOnFile, (m) => m.titles.noEmailOnFile, [
        (_, language) => words(language).noAddress,
      ]);
    }
    const receipt = { ...receiptFromSnapshot(target.snapshot), emailedTo: to };
    await this.db.transaction(async (tx) => {
      // Written in the guarantor's language, whatever the console is read in.
      await this.mailer.queue(
        tx,
        receipt,
        { type: 'system' },
        {
          ...context,
          language: target.language,
        },
      );
      await new AuditRepository(tx).record(context, {
        action: 'payment.receipt.resent',
        outcome: 'success',
        actorType: 'staff',
        actorId: actor.staffId,
        guarantorId: target.guarantorId,
        targetType: 'payment',
        targetId: target.paymentId,
        details: {
          receiptId: target.receiptId,
          to,
          addressOnFile: request.email === undefined,
          reason: request.reason ?? null,
        },
      });
    });
    return { to, message: words(context.language ?? 'en').sent(target.receiptId, to) };
  }

  /** A recorded payment with its receipt, or undefined. */
  private async target(paymentId: string): Promise<ResendTarget | undefined> {
    const [row] = await this.db
      .select({
        paymentId: payments.id,
        guarantorId: payments.guarantorId,
        receiptId: receipts.receiptId,
        snapshot: receipts.snapshot,
        receiptEmail: payments.receiptEmail,
        guarantorEmail: guarantors.email,
        language: guarantors.preferredLanguage,
      })
      .from(payments)
      .innerJoin(receipts, eq(receipts.paymentId, payments.id))
      .innerJoin(guarantors, eq(guarantors.id, payments.guarantorId))
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'recorded')))
      .limit(1);
    if (!row) return undefined;
    const { receiptEmail, guarantorEmail, ...rest } = row;
    return { ...rest, addressOnFile: receiptEmail || guarantorEmail || null };
  }
}
