import { randomUUID } from 'node:crypto';
import type { Env } from '../../src/env.ts';
import type { ReversalProcessor } from '../../src/modules/payment-desk/index.ts';
import {
  ConvergeClient,
  ConvergeProcessorError,
  ConvergeTimeoutError,
  formatConvergeAmount,
  parseConvergeAmount,
  type ConvergeTxn,
  type ReturnRequest,
  type TxnQuery,
} from '../../src/modules/payments/index.ts';

/*
 * The payment desk's processor for tests that need to decide what the
 * processor does: the test server's sandbox for sales and voids, with
 * settlement and returns kept here, per sale and at once, and the next
 * call's answer lost after the processor acted on it (a timeout that moved
 * money). Tests of the sandbox itself use it directly
 * (reversals.sandbox.test.ts).
 */
export class DeskProcessor implements ReversalProcessor {
  private inner: ConvergeClient | undefined;
  private readonly settled = new Set<string>();
  private readonly own: ConvergeTxn[] = [];
  /** Invoice numbers the period search looks at in the sandbox (it cannot search by period). */
  private readonly watched = new Set<string>();
  /** The next void or return is made, and its answer lost. */
  loseNextAnswer = false;
  /** Calls made, by kind: a test counts them. */
  readonly calls = { void: 0, return: 0 };

  /** The test server's sandbox processor, once its port is known. */
  attach(env: Env): void {
    this.inner = new ConvergeClient(env, { timeoutMs: 10_000 });
  }

  private client(): ConvergeClient {
    if (!this.inner) throw new Error('DeskProcessor: attach() it to the test server first');
    return this.inner;
  }

  /** The sale's batch closes: it can no longer be voided, only returned. */
  settle(txnId: string): void {
    this.settled.add(txnId);
  }

  watch(invoiceNumber: string): void {
    this.watched.add(invoiceNumber);
  }

  /** A void made in the processor's own screens, not through WebPay. */
  voidDirectly(txnId: string, method: 'card' | 'echeck'): Promise<ConvergeTxn> {
    return this.client().voidTransaction(txnId, method);
  }

  /** A return made in the processor's own screens. */
  returnDirectly(request: ReturnRequest): ConvergeTxn {
    return this.record(request);
  }

  async voidTransaction(txnId: string, method: 'card' | 'echeck'): Promise<ConvergeTxn> {
    this.calls.void += 1;
    if (this.settled.has(txnId)) {
      throw new ConvergeProcessorError('ccvoid', '5040', 'Invalid Transaction ID', 'settled');
    }
    const answer = await this.client().voidTransaction(txnId, method);
    return this.answer(answer, 'ccvoid');
  }

  async returnTransaction(request: ReturnRequest): Promise<ConvergeTxn> {
    this.calls.return += 1;
    if (!this.settled.has(request.txnId)) {
      throw new ConvergeProcessorError('ccreturn', '5000', 'Not settled', 'not settled');
    }
    return this.answer(this.record(request), 'ccreturn');
  }

  async queryTransaction(query: TxnQuery): Promise<ConvergeTxn[]> {
    let found: ConvergeTxn[];
    if ('from' in query) {
      const sandbox = await Promise.all(
        [...this.watched].map((invoiceNumber) => this.client().queryTransaction({ invoiceNumber })),
      );
      found = [...sandbox.flat(), ...this.own];
    } else if ('txnId' in query) {
      const own = this.own.filter((txn) => txn.ssl_txn_id === query.txnId);
      found = own.length > 0 ? own : await this.client().queryTransaction(query);
    } else {
      const sandbox = await this.client().queryTransaction(query);
      found = [
        ...sandbox,
        ...this.own.filter((txn) => txn.ssl_invoice_number === query.invoiceNumber),
      ];
    }
    return found.map((txn) =>
      txn.ssl_txn_id && this.settled.has(txn.ssl_txn_id) && txn.ssl_trans_status === 'OPN'
        ? { ...txn, ssl_trans_status: 'STL' }
        : txn,
    );
  }

  private record(request: ReturnRequest): ConvergeTxn {
    const txn: ConvergeTxn = {
      ssl_txn_id: `RT-${randomUUID()}`,
      ssl_result: '0',
      ssl_result_message: 'APPROVAL',
      ssl_trans_status: 'OPN',
      ssl_transaction_type: 'RETURN',
      ssl_amount: formatConvergeAmount(request.amountCents),
      ssl_invoice_number: request.invoiceNumber,
    };
    this.own.push(txn);
    return txn;
  }

  private answer(txn: ConvergeTxn, operation: 'ccvoid' | 'ccreturn'): ConvergeTxn {
    if (!this.loseNextAnswer) return txn;
    this.loseNextAnswer = false;
    throw new ConvergeTimeoutError(operation, 10_000);
  }

  /** Voids and returns the processor holds for an invoice. */
  async reversalsOf(invoiceNumber: string): Promise<ConvergeTxn[]> {
    const txns = await this.queryTransaction({ invoiceNumber });
    return txns.filter((txn) =>
      ['VOID', 'ECSVOID', 'RETURN'].includes(txn.ssl_transaction_type ?? ''),
    );
  }

  returnedCents(invoiceNumber: string): number {
    return this.own
      .filter((txn) => txn.ssl_invoice_number === invoiceNumber)
      .reduce((sum, txn) => sum + (parseConvergeAmount(txn.ssl_amount ?? '') ?? 0), 0);
  }
}
