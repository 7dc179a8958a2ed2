import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';
import { guarantors, paymentMethods, paymentPlans, planInstalments } from '../../src/db/schema.ts';
import {
  ConvergeTimeoutError,
  type ConvergeTxn,
  type EcsPurchaseRequest,
  type TxnQuery,
} from '../../src/modules/payments/index.ts';
import type {
  AutopayProcessor,
  ChargeableMethod,
  PlanLedger,
  TokenSaleRequest,
} from '../../src/modules/autopay/index.ts';

/*
 * Stand-ins for tests: a processor that answers by the token's name, saved
 * methods read straight from payment_methods, and a ledger that notes what
 * it was asked. Shared by the runner's and the command's tests.
 */

/** Token names: `tok-approve…` approves, `tok-decline…` declines, `tok-timeout…` charges and never answers. */
export class FakeAutopayProcessor implements AutopayProcessor {
  readonly sales: TokenSaleRequest[] = [];
  private readonly txns = new Map<string, ConvergeTxn[]>();

  createTransactionToken(): Promise<string> {
    return Promise.resolve(`lightbox-${randomUUID()}`);
  }

  async tokenSale(request: TokenSaleRequest): Promise<ConvergeTxn> {
    this.sales.push(request);
    const amount = (request.amountCents / 100).toFixed(2);
    const declined = request.token.startsWith('tok-decline');
    const txn: ConvergeTxn = {
      ssl_txn_id: randomUUID(),
      ssl_result: declined ? '1' : '0',
      ssl_result_message: declined ? 'DECLINED' : 'APPROVAL',
      ssl_transaction_type: 'SALE',
      ssl_approval_code: declined ? '' : 'CMC142',
      ssl_amount: amount,
      ssl_invoice_number: request.invoiceNumber,
      ssl_card_number: '41**********1111',
      ssl_card_short_description: 'VISA',
      ssl_exp_date: '1230',
      ssl_trans_status: declined ? 'DECL' : 'STL',
    };
    this.txns.set(request.invoiceNumber, [...(this.txns.get(request.invoiceNumber) ?? []), txn]);
    if (request.token.startsWith('tok-timeout')) {
      throw new ConvergeTimeoutError('transaction_token', 1);
    }
    return txn;
  }

  ecsPurchase(_request: EcsPurchaseRequest): Promise<ConvergeTxn> {
    return Promise.reject(new Error('not used'));
  }

  queryTransaction(query: TxnQuery): Promise<ConvergeTxn[]> {
    return Promise.resolve(
      'invoiceNumber' in query ? (this.txns.get(query.invoiceNumber) ?? []) : [],
    );
  }

  salesFor(token: string): TokenSaleRequest[] {
    return this.sales.filter((sale) => sale.token === token);
  }
}

export function fakeMethods(db: Database) {
  return {
    async chargeable(methodId: string): Promise<ChargeableMethod | undefined> {
      const [row] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, methodId));
      if (!row || row.removedAt || !row.processorToken) return undefined;
      return {
        id: row.id,
        guarantorId: row.guarantorId,
        kind: 'card',
        token: row.processorToken,
        brand: row.brand,
        last4: row.last4,
        expiry: row.cardExpiry ?? '',
        holder: row.holder,
      };
    },
  };
}

export class FakeLedger implements PlanLedger {
  readonly refreshed: string[] = [];
  refresh(planId: string): Promise<void> {
    this.refreshed.push(planId);
    return Promise.resolve();
  }
  refreshAll(): Promise<number> {
    return Promise.resolve(0);
  }
}

export async function guarantorIdOf(db: Database, accountNumber: string): Promise<string> {
  const [row] = await db
    .select({ id: guarantors.id })
    .from(guarantors)
    .where(eq(guarantors.accountNumber, accountNumber));
  if (!row) throw new Error(`no guarantor ${accountNumber}`);
  return row.id;
}

export async function insertCard(
  db: Database,
  guarantorId: string,
  token: string,
): Promise<string> {
  const id = randomUUID();
  await db.insert(paymentMethods).values({
    id,
    guarantorId,
    kind: 'card',
    brand: 'VISA',
    last4: '1111',
    cardExpiry: '1230',
    processorToken: token,
    holder: {
      firstName: 'Maria',
      lastName: 'Garcia',
      address: '1234 South Temple',
      city: 'Salt Lake City',
      state: 'UT',
      zipCode: '84101',
      email: null,
    },
    savedFrom: 'setup',
  });
  return id;
}

/** A portal plan with autopay on `methodId`, one instalment per due date. */
export async function insertPlan(
  db: Database,
  guarantorId: string,
  methodId: string | null,
  dueDates: string[],
  amountCents = 5_000,
): Promise<{ planId: string; planNumber: string; instalmentIds: string[] }> {
  const planId = randomUUID();
  const planNumber = `PP-${randomUUID().slice(0, 8).toUpperCase()}`;
  const total = amountCents * dueDates.length;
  await db.insert(paymentPlans).values({
    id: planId,
    guarantorId,
    planNumber,
    version: 1,
    type: methodId ? 'Auto' : 'Mail-in',
    status: 'Active',
    nextDueDate: dueDates[0] ?? null,
    dueCents: amountCents,
    regularPaymentCents: amountCents,
    currentBalanceCents: total,
    numberOfPayments: dueDates.length,
    source: 'portal',
    totalCents: total,
    dayOfMonth: Number(dueDates[0]?.slice(8, 10) ?? 1),
    autopayMethodId: methodId,
  });
  const instalmentIds = dueDates.map(() => randomUUID());
  await db.insert(planInstalments).values(
    dueDates.map((dueDate, index) => ({
      id: instalmentIds[index] ?? '',
      planId,
      number: index + 1,
      dueDate,
      amountCents,
    })),
  );
  return { planId, planNumber, instalmentIds };
}
