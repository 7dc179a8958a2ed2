import { addDays } from '@webpay/contracts/dates';
import type { Language } from '@webpay/contracts/language';
import { formatCents } from '@webpay/contracts/money';
import type { SettlementDifference, SettlementReport } from '@webpay/contracts/payment-desk';
import type { FacilityCalendar } from '../../lib/facility-day.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { parseConvergeAmount, parseConvergeTime, type ConvergeClient } from '../payments/index.ts';
import type { MoneyReportRepository, WebpayReturn, WebpaySale } from './money-report.repository.ts';
import { daysOf, type MoneyReportService, type ReportReader } from './money-report.service.ts';
import { REPORTS_MESSAGES } from './reports-messages.ts';

export type SettlementProcessor = Pick<ConvergeClient, 'queryTransaction'>;
type ConvergeTxn = Awaited<ReturnType<SettlementProcessor['queryTransaction']>>[number];

/** Converge answers a date search of at most 31 days. */
const SEARCH_DAYS = 31;
const DAY_MS = 86_400_000;
const SALE_TYPES = new Set(['SALE', 'ECSPURCHASE']);
const MONEY_TYPES = new Set([...SALE_TYPES, 'RETURN']);

/** A processor transaction as the settlement view reads it. */
export interface ProcessorTxn {
  txnId: string;
  type: string;
  status: string;
  /** Sales positive, returns negative. */
  signedCents: number;
  at: Date | undefined;
  settledAt: Date | undefined;
  batch: string;
}

export function readProcessorTxn(txn: ConvergeTxn): ProcessorTxn | undefined {
  const txnId = txn.ssl_txn_id?.trim();
  const type = (txn.ssl_transaction_type ?? '').trim().toUpperCase();
  if (!txnId) return undefined;
  const cents = parseConvergeAmount(txn.ssl_amount ?? '') ?? 0;
  return {
    txnId,
    type,
    status: (txn.ssl_trans_status ?? '').trim().toUpperCase(),
    signedCents: type === 'RETURN' ? -cents : cents,
    at: parseConvergeTime(txn.ssl_txn_time),
    settledAt: parseConvergeTime(txn.ssl_settle_time),
    batch: txn.ssl_batch_no?.trim() ?? '',
  };
}

/** [from, before) in searches of at most 31 days, end inclusive as Converge reads it. */
export function searchWindows(from: Date, before: Date): { from: Date; to: Date }[] {
  const windows: { from: Date; to: Date }[] = [];
  for (let start = from.getTime(); start < before.getTime(); start += SEARCH_DAYS * DAY_MS) {
    const end = Math.min(start + SEARCH_DAYS * DAY_MS, before.getTime()) - 1000;
    windows.push({ from: new Date(start), to: new Date(Math.max(end, start)) });
  }
  return windows;
}

/** One of WebPay's processor transactions: a sale (positive) or a return (negative). */
interface WebpayTxn {
  txnId: string;
  paymentId: string;
  receiptId: string | null;
  signedCents: number;
  at: Date;
  kind: 'sale' | 'refund';
  voided: boolean;
}

const fromSale = (sale: WebpaySale): WebpayTxn => ({
  ...sale,
  signedCents: sale.amountCents,
  kind: 'sale',
});

const fromReturn = (entry: WebpayReturn): WebpayTxn => ({
  ...entry,
  signedCents: -entry.amountCents,
  kind: 'refund',
  voided: false,
});

type Day = SettlementReport['days'][number];

/**
 * WebPay's sales and returns against the processor's settled batches, day
 * by day (the facility's day of the transaction), with every transaction
 * the two disagree about. The processor is read live with txnquery.
 */
export class SettlementService {
  constructor(
    private readonly repository: MoneyReportRepository,
    private readonly money: Pick<MoneyReportService, 'record'>,
    private readonly processor: SettlementProcessor,
    private readonly calendar: FacilityCalendar,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async report(
    query: { from: string; to: string },
    actor: ReportReader,
    context: RequestContext,
  ): Promise<SettlementReport> {
    const report = await this.build(query, context.language ?? 'en');
    await this.money.record(
      'office.report.settlement.viewed',
      { ...query, differences: report.differences.length, processorError: !!report.error },
      actor,
      context,
    );
    return report;
  }

  async build(query: { from: string; to: string }, language: Language): Promise<SettlementReport> {
    const days = daysOf(query);
    const start = this.calendar.startOf(query.from);
    const end = this.calendar.startOf(addDays(query.to, 1));
    const [sales, returns] = await Promise.all([
      this.repository.sales(start, end),
      this.repository.returns(start, end),
    ]);
    const webpay = [...sales.map(fromSale), ...returns.map(fromReturn)];
    const processor = await this.processorTxns(start, end);
    if (!processor) {
      return {
        ...query,
        error: REPORTS_MESSAGES[language].processorUnavailable,
        days: days.map((date) => ({
          date,
          webpayCents: sumOn(webpay, date, (txn) => this.dayOf(txn.at), countedCents),
          processorCents: null,
          differenceCents: null,
          unsettledCount: 0,
          batches: [],
        })),
        differences: [],
      };
    }
    return this.compare(query, days, webpay, processor, language);
  }

  private async compare(
    query: { from: string; to: string },
    days: string[],
    webpay: WebpayTxn[],
    processor: ProcessorTxn[],
    language: Language,
  ): Promise<SettlementReport> {
    const byId = new Map(processor.map((txn) => [txn.txnId, txn]));
    // A WebPay transaction is counted on the day the processor says it happened, when it knows it.
    const dayOfWebpay = (txn: WebpayTxn) => this.dayOf(byId.get(txn.txnId)?.at ?? txn.at);
    const settled = processor.filter((txn) => MONEY_TYPES.has(txn.type) && txn.status === 'STL');
    const known = await this.repository.knownTxnIds(settled.map((txn) => txn.txnId));
    const lastSettled = Math.max(0, ...settled.map((txn) => txn.settledAt?.getTime() ?? 0));
    const words = REPORTS_MESSAGES[language];
    const differences: SettlementDifference[] = [];
    for (const txn of webpay) {
      const found = byId.get(txn.txnId);
      const difference = webpayDifference(txn, found, lastSettled);
      if (difference) {
        differences.push(describe(difference, txn, found, dayOfWebpay(txn), words));
      }
    }
    for (const txn of settled.filter((entry) => !known.has(entry.txnId))) {
      differences.push({
        date: this.dayOf(txn.at ?? txn.settledAt ?? new Date(0)),
        kind: 'unknown_to_webpay',
        txnId: txn.txnId,
        paymentId: null,
        receiptId: null,
        webpayCents: null,
        processorCents: txn.signedCents,
        description: words.unknownToWebpay(formatCents(txn.signedCents)),
      });
    }
    const dayOfProcessor = (txn: ProcessorTxn) =>
      this.dayOf(txn.at ?? txn.settledAt ?? new Date(0));
    // Waiting for its batch is no difference: the day's difference leaves these out.
    const awaitingBatch = webpay.filter((txn) => {
      if (txn.voided) return false;
      const found = byId.get(txn.txnId);
      return found ? isOpen(found) : lastSettled <= txn.at.getTime();
    });
    return {
      ...query,
      error: null,
      days: days.map((date) => {
        const webpayCents = sumOn(webpay, date, dayOfWebpay, countedCents);
        const processorCents = sumOn(settled, date, dayOfProcessor, (txn) => txn.signedCents);
        const waitingCents = sumOn(awaitingBatch, date, dayOfWebpay, countedCents);
        return {
          date,
          webpayCents,
          processorCents,
          differenceCents: webpayCents - waitingCents - processorCents,
          unsettledCount: processor.filter(
            (txn) => MONEY_TYPES.has(txn.type) && isOpen(txn) && dayOfProcessor(txn) === date,
          ).length,
          batches: batchesOf(settled.filter((txn) => dayOfProcessor(txn) === date)),
        };
      }),
      differences: differences.sort((a, b) => a.date.localeCompare(b.date)),
    };
  }

  /** Every transaction of the period, or undefined when the processor cannot be asked. */
  private async processorTxns(start: Date, end: Date): Promise<ProcessorTxn[] | undefined> {
    const now = this.now().getTime();
    // Today's window ends now, not a second before the day's end: what was just taken is in it.
    const windows = searchWindows(start, end)
      .filter((window) => window.from.getTime() <= now)
      .map((window) => ({ ...window, to: new Date(Math.min(window.to.getTime(), now)) }));
    try {
      const found = new Map<string, ProcessorTxn>();
      for (const window of windows) {
        for (const txn of await this.processor.queryTransaction(window)) {
          const read = readProcessorTxn(txn);
          if (read) found.set(read.txnId, read);
        }
      }
      return [...found.values()];
    } catch {
      return undefined;
    }
  }

  private dayOf(at: Date): string {
    return this.calendar.dayOf(at);
  }
}

/** A voided sale takes nothing. */
const countedCents = (txn: WebpayTxn) => (txn.voided ? 0 : txn.signedCents);

const isOpen = (txn: ProcessorTxn) => txn.status !== 'STL' && txn.status !== 'VOID';

function sumOn<T>(
  items: readonly T[],
  date: string,
  dayOf: (item: T) => string,
  cents: (item: T) => number,
): number {
  return items.reduce((total, item) => (dayOf(item) === date ? total + cents(item) : total), 0);
}

function batchesOf(settled: ProcessorTxn[]): Day['batches'] {
  const batches = new Map<string, Day['batches'][number]>();
  for (const txn of settled) {
    const batch = batches.get(txn.batch) ?? {
      batchId: txn.batch,
      settledAt: txn.settledAt?.toISOString() ?? null,
      count: 0,
      netCents: 0,
    };
    batch.count += 1;
    batch.netCents += txn.signedCents;
    batches.set(txn.batch, batch);
  }
  return [...batches.values()].sort((a, b) => a.batchId.localeCompare(b.batchId));
}

type DifferenceKind = SettlementDifference['kind'];

/**
 * What is wrong with one of WebPay's transactions, if anything. An open one
 * is only not settled yet, unless a batch after it has settled without it.
 */
export function webpayDifference(
  txn: WebpayTxn,
  found: ProcessorTxn | undefined,
  lastSettled: number,
): DifferenceKind | undefined {
  // Voided in WebPay: it counts 0, so a settled sale is money WebPay does not count.
  if (txn.voided) return found?.status === 'STL' ? 'amount_differs' : undefined;
  if (found?.status === 'VOID') return txn.kind === 'sale' ? 'voided_at_processor' : undefined;
  if (found?.status === 'STL') {
    return found.signedCents === txn.signedCents ? undefined : 'amount_differs';
  }
  const batchSinceIt = lastSettled > (found?.at ?? txn.at).getTime();
  return batchSinceIt ? 'missing_at_processor' : undefined;
}

function describe(
  kind: DifferenceKind,
  txn: WebpayTxn,
  found: ProcessorTxn | undefined,
  date: string,
  words: (typeof REPORTS_MESSAGES)['en'],
): SettlementDifference {
  const what = txn.kind === 'sale' ? words.sale(txn.receiptId) : words.refund(txn.receiptId);
  const webpay = formatCents(countedCents(txn));
  const processorCents = found?.status === 'STL' ? found.signedCents : null;
  const description =
    kind === 'amount_differs'
      ? words.amountDiffers(what, webpay, formatCents(processorCents ?? 0))
      : kind === 'voided_at_processor'
        ? words.voidedAtProcessor(what, webpay)
        : words.missingAtProcessor(what, webpay);
  return {
    date,
    kind,
    txnId: txn.txnId,
    paymentId: txn.paymentId,
    receiptId: txn.receiptId,
    webpayCents: countedCents(txn),
    processorCents,
    description,
  };
}
