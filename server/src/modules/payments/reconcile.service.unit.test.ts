import { describe, expect, it } from 'vitest';
import type { RequestContext } from '../../lib/request-context.ts';
import { ConvergeTimeoutError } from './converge/converge.errors.ts';
import type { ConvergeTxn, TxnQuery } from './converge/converge.types.ts';
import type { PaymentAudit } from './payment-audit.ts';
import type { PaymentRecorder } from './payment-recorder.ts';
import type { PaymentRow, PaymentStatus, PaymentsRepository } from './payments.repository.ts';
import { LIGHTBOX_TOKEN_LIFETIME_MS, ReconcileService } from './reconcile.service.ts';

/*
 * How reconciliation moves a payment whose outcome was never heard, with
 * the repository, the processor, the recorder and the audit trail kept in
 * memory: every branch of the state machine, no server and no database.
 * The SQL behind each conditional update is tested in
 * reconcile.service.test.ts against real databases.
 */

const NOW = new Date('2026-03-02T12:00:00Z');
const IN_FLIGHT_MS = 60_000;
const CONTEXT: RequestContext = { requestId: 'r-1', correlationId: 'c-1', ipAddress: '' };

function payment(overrides: Partial<PaymentRow>): PaymentRow {
  const createdAt = new Date(NOW.getTime() - 60 * 60_000);
  return {
    id: 'pay-1',
    status: 'in_lightbox',
    method: 'card',
    amountCents: 2500,
    processorReference: 'WP-1',
    createdAt,
    tokenIssuedAt: createdAt,
    ...overrides,
  } as PaymentRow;
}

function approvalOf(row: PaymentRow, extra: Partial<ConvergeTxn> = {}): ConvergeTxn {
  return {
    ssl_txn_id: `TXN-${row.id}`,
    ssl_trans_status: 'OPN',
    ssl_transaction_type: 'SALE',
    ssl_amount: (row.amountCents / 100).toFixed(2),
    ssl_invoice_number: row.processorReference,
    ssl_result_message: 'APPROVAL',
    ssl_approval_code: '123456',
    ...extra,
  };
}

interface Outcome {
  id: string;
  from: readonly PaymentStatus[];
  status: string;
  failureCode: string | null;
  reconciledAt: Date | undefined;
}

/** The collaborators, in memory; each records what reconciliation asked of it. */
function setUp(options: {
  candidates: PaymentRow[];
  processor?: Record<string, ConvergeTxn[] | Error>;
  alreadyRecorded?: boolean;
  /** Conditional updates someone else wins. */
  loses?: boolean;
}) {
  const outcomes: Outcome[] = [];
  const closed: string[] = [];
  const recorded: { paymentId: string; txnId: string | undefined }[] = [];
  const audited: { action: string; paymentId: string; details: unknown }[] = [];
  const logged: string[] = [];
  const repository = {
    unreconciled: async () => options.candidates,
    markReconciled: async (id: string) => {
      if (options.loses) return false;
      closed.push(id);
      return true;
    },
    markOutcome: async (
      id: string,
      from: readonly PaymentStatus[],
      outcome: { status: string; failureCode: string | null; reconciledAt?: Date },
    ) => {
      if (options.loses) return false;
      outcomes.push({
        id,
        from,
        status: outcome.status,
        failureCode: outcome.failureCode,
        reconciledAt: outcome.reconciledAt,
      });
      return true;
    },
  };
  const processor = {
    queryTransaction: async (query: TxnQuery) => {
      const answer = ('invoiceNumber' in query && options.processor?.[query.invoiceNumber]) || [];
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
  const recorder = {
    record: async (row: PaymentRow, txn: ConvergeTxn) => {
      recorded.push({ paymentId: row.id, txnId: txn.ssl_txn_id });
      return { receipt: { receiptId: `R-${row.id}` }, recorded: !options.alreadyRecorded };
    },
  };
  const audit = {
    recordQuietly: async (
      _context: RequestContext,
      _actor: unknown,
      action: string,
      _outcome: string,
      row: PaymentRow,
      details: unknown,
    ) => {
      audited.push({ action, paymentId: row.id, details });
    },
  };
  const log = {
    info: (_fields: object, message: string) => logged.push(message),
    warn: (_fields: object, message: string) => logged.push(message),
  };
  const service = new ReconcileService(
    repository as unknown as PaymentsRepository,
    processor,
    recorder as unknown as PaymentRecorder,
    audit as unknown as PaymentAudit,
    log,
    { inFlightMs: IN_FLIGHT_MS },
  );
  const run = () => service.run({ graceSeconds: 120, now: NOW }, CONTEXT);
  return { run, outcomes, closed, recorded, audited, logged };
}

describe('ReconcileService (in memory)', () => {
  it('records an approval the processor holds, once, through the recorder', async () => {
    const open = payment({ status: 'approved' });
    const fake = setUp({ candidates: [open], processor: { 'WP-1': [approvalOf(open)] } });
    const report = await fake.run();
    expect(report.entries).toEqual([
      expect.objectContaining({
        action: 'recorded',
        receiptId: 'R-pay-1',
        statusBefore: 'approved',
      }),
    ]);
    expect(fake.recorded).toEqual([{ paymentId: 'pay-1', txnId: 'TXN-pay-1' }]);
    expect(fake.audited).toEqual([
      {
        action: 'payment.reconciled',
        paymentId: 'pay-1',
        details: { action: 'recorded', statusBefore: 'approved', txnId: 'TXN-pay-1' },
      },
    ]);
    expect(fake.outcomes).toEqual([]);
  });

  it('says already recorded, without a second audit event, when another path recorded it', async () => {
    const open = payment({ status: 'approved' });
    const fake = setUp({
      candidates: [open],
      processor: { 'WP-1': [approvalOf(open)] },
      alreadyRecorded: true,
    });
    const report = await fake.run();
    expect(report.entries.map((entry) => entry.action)).toEqual(['already_recorded']);
    expect(fake.audited).toEqual([]);
  });

  it('does not take an approval for another amount or invoice as this payment’s', async () => {
    const open = payment({});
    const fake = setUp({
      candidates: [open],
      processor: { 'WP-1': [approvalOf(open, { ssl_amount: '2.50' })] },
    });
    const report = await fake.run();
    expect(fake.recorded).toEqual([]);
    expect(report.entries.map((entry) => entry.action)).toEqual(['cancelled']);
  });

  it('leaves a card payment open while its lightbox session can still be paid', async () => {
    const young = payment({
      tokenIssuedAt: new Date(NOW.getTime() - LIGHTBOX_TOKEN_LIFETIME_MS + 1),
    });
    const fake = setUp({ candidates: [young] });
    const report = await fake.run();
    expect(report.entries.map((entry) => entry.action)).toEqual(['still_open']);
    expect(fake.outcomes).toEqual([]);
    expect(fake.logged).toEqual([]);
  });

  it('cancels an expired lightbox with nothing at the processor, and declines a declined one', async () => {
    const expired = payment({ id: 'pay-1', processorReference: 'WP-1' });
    const declined = payment({ id: 'pay-2', processorReference: 'WP-2', status: 'initiated' });
    const fake = setUp({
      candidates: [expired, declined],
      processor: {
        'WP-2': [approvalOf(declined, { ssl_result_message: 'DECLINED', ssl_approval_code: '' })],
      },
    });
    const report = await fake.run();
    expect(fake.outcomes).toEqual([
      {
        id: 'pay-1',
        from: ['in_lightbox'],
        status: 'cancelled',
        failureCode: 'expired',
        reconciledAt: NOW,
      },
      {
        id: 'pay-2',
        from: ['initiated'],
        status: 'declined',
        failureCode: 'declined',
        reconciledAt: NOW,
      },
    ]);
    expect(report.counts).toMatchObject({ cancelled: 1, declined: 1 });
    expect(fake.audited.map((event) => event.paymentId)).toEqual(['pay-1', 'pay-2']);
    expect(fake.logged).toEqual(['payments reconciled with the processor']);
  });

  it('fails an eCheck the processor never heard of, once it can no longer be in flight', async () => {
    const young = payment({
      id: 'pay-1',
      method: 'eCheck',
      status: 'initiated',
      createdAt: new Date(NOW.getTime() - IN_FLIGHT_MS + 1),
    });
    const old = payment({
      id: 'pay-2',
      processorReference: 'WP-2',
      method: 'eCheck',
      status: 'initiated',
    });
    const fake = setUp({ candidates: [young, old] });
    const report = await fake.run();
    expect(report.entries.map((entry) => [entry.paymentId, entry.action])).toEqual([
      ['pay-1', 'still_open'],
      ['pay-2', 'failed'],
    ]);
    expect(fake.outcomes).toEqual([
      expect.objectContaining({
        id: 'pay-2',
        status: 'failed',
        failureCode: 'not_found_at_processor',
      }),
    ]);
  });

  it('only marks a payment already settled as reconciled', async () => {
    const settled = payment({ status: 'declined' });
    const fake = setUp({ candidates: [settled] });
    const report = await fake.run();
    expect(report.entries.map((entry) => entry.action)).toEqual(['closed']);
    expect(fake.closed).toEqual(['pay-1']);
    expect(fake.outcomes).toEqual([]);
    expect(fake.audited).toEqual([]);
  });

  it('changes nothing when another run or instance settled the payment first', async () => {
    const fake = setUp({
      candidates: [payment({}), payment({ id: 'pay-2', status: 'cancelled' })],
      loses: true,
    });
    const report = await fake.run();
    expect(report.entries.map((entry) => entry.action)).toEqual(['unchanged', 'unchanged']);
    expect(fake.audited).toEqual([]);
  });

  it('reports a processor it cannot ask and goes on with the other payments', async () => {
    const fake = setUp({
      candidates: [payment({}), payment({ id: 'pay-2', processorReference: 'WP-2' })],
      processor: { 'WP-1': new ConvergeTimeoutError('txnquery', 1000) },
    });
    const report = await fake.run();
    expect(report.entries.map((entry) => [entry.action, entry.reason])).toEqual([
      ['error', 'the processor could not be asked (timeout)'],
      ['cancelled', 'expired'],
    ]);
    expect(report.counts).toMatchObject({ error: 1, cancelled: 1 });
  });

  it('lets an error that is not the processor’s through', async () => {
    const fake = setUp({ candidates: [payment({})], processor: { 'WP-1': new TypeError('bug') } });
    await expect(fake.run()).rejects.toThrow('bug');
  });
});
