import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { readCsv } from '../../lib/csv.ts';
import {
  POSTING_COLUMNS,
  centsToDecimal,
  postingFile,
  readConfirmation,
  type PostingLine,
} from './posting-file.ts';

const cardLine: PostingLine = {
  batchId: 'EXP-20261122-7KQ2M9',
  paymentId: 'payment-1',
  receiptId: 'WP-7KQ2M9XD',
  paymentReference: 'PAY-7KQ2M9XDH4TB',
  lineNumber: 1,
  facilityId: '107',
  accountId: '107-40010001',
  paymentType: 'Account Payment',
  amountCents: 125_050,
  method: 'card',
  cardBrand: 'VISA',
  cardLast4: '9990',
  bankAccountType: null,
  bankLast4: null,
  paidAt: new Date('2026-11-22T10:16:40.950Z'),
  processorTxnId: '221126ABC-1234',
  approvalCode: 'CMC142',
  entry: 'payment',
  reversalId: null,
};

const bankLine: PostingLine = {
  ...cardLine,
  paymentId: 'payment-2',
  receiptId: 'WP-N4C8RW2F',
  paymentReference: 'PAY-N4C8RW2FJ6YE',
  amountCents: 5,
  method: 'eCheck',
  cardBrand: null,
  cardLast4: null,
  bankAccountType: 'CHECKING',
  bankLast4: '0042',
  approvalCode: null,
};

describe('posting file', () => {
  it('writes a header and one CRLF-terminated record per line, amounts with two decimals', () => {
    expect(postingFile([cardLine, bankLine]).split('\r\n')).toEqual([
      POSTING_COLUMNS.join(','),
      'EXP-20261122-7KQ2M9,WP-7KQ2M9XD,PAY-7KQ2M9XDH4TB,107,107-40010001,Account Payment,1250.50,card,VISA,****9990,2026-11-22T10:16:40.950Z,221126ABC-1234,CMC142,payment,,,,,,,',
      'EXP-20261122-7KQ2M9,WP-N4C8RW2F,PAY-N4C8RW2FJ6YE,107,107-40010001,Account Payment,0.05,eCheck,CHECKING,****0042,2026-11-22T10:16:40.950Z,221126ABC-1234,,payment,,,,,,,',
      '',
    ]);
    expect(POSTING_COLUMNS).toEqual([
      'batch_id',
      'receipt_id',
      'payment_reference',
      'facility',
      'account',
      'payment_type',
      'amount',
      'method',
      'instrument',
      'masked_number',
      'paid_at',
      'processor_txn_id',
      'approval_code',
      'entry',
      'reversal_id',
      'plan_number',
      'monthly_amount',
      'number_of_payments',
      'first_due_date',
      'day_of_month',
      'autopay',
    ]);
  });

  it('writes a reversal as a negative line naming its entry and reference', () => {
    const refund: PostingLine = {
      ...cardLine,
      amountCents: -5000,
      paidAt: new Date('2026-11-27T15:00:00.000Z'),
      processorTxnId: '271126RET-0001',
      approvalCode: null,
      entry: 'refund',
      reversalId: 'RV-7K2M9QXD',
    };
    const check: PostingLine = {
      ...bankLine,
      amountCents: -5,
      processorTxnId: null,
      approvalCode: null,
      entry: 'check_refund',
      reversalId: 'RV-N4C8RW2F',
    };
    expect(postingFile([refund, check]).split('\r\n').slice(1, 3)).toEqual([
      'EXP-20261122-7KQ2M9,WP-7KQ2M9XD,PAY-7KQ2M9XDH4TB,107,107-40010001,Account Payment,-50.00,card,VISA,****9990,2026-11-27T15:00:00.000Z,271126RET-0001,,refund,RV-7K2M9QXD,,,,,,',
      'EXP-20261122-7KQ2M9,WP-N4C8RW2F,PAY-N4C8RW2FJ6YE,107,107-40010001,Account Payment,-0.05,eCheck,CHECKING,****0042,2026-11-22T10:16:40.950Z,,,check_refund,RV-N4C8RW2F,,,,,,',
    ]);
  });

  /** 310.45 of 107-40010002 put on a six-month plan. */
  const planRow: PostingLine = {
    ...cardLine,
    paymentId: '',
    receiptId: '',
    paymentReference: '',
    accountId: '40010002',
    paymentType: '',
    amountCents: 31_045,
    method: null,
    cardBrand: null,
    cardLast4: null,
    processorTxnId: null,
    approvalCode: null,
    entry: 'plan',
    plan: {
      planNumber: 'PP-7KQ2M9XD',
      monthlyCents: 5175,
      numberOfPayments: 6,
      firstDueDate: '2026-12-15',
      dayOfMonth: 15,
      autopay: true,
    },
  };

  it('writes a plan row with its terms, no money and no receipt', () => {
    expect(postingFile([planRow]).split('\r\n')[1]).toBe(
      'EXP-20261122-7KQ2M9,,,107,40010002,,310.45,,,,2026-11-22T10:16:40.950Z,,,plan,,PP-7KQ2M9XD,51.75,6,2026-12-15,15,yes',
    );
  });

  it('reads the posting file itself as a confirmation, skipping plan rows', () => {
    const { entries, problems } = readConfirmation(
      postingFile([planRow, cardLine]),
      new Date('2026-11-30T00:00:00Z'),
    );
    expect(problems).toEqual([]);
    expect(entries.map((entry) => entry.receiptId)).toEqual(['WP-7KQ2M9XD']);
  });

  it('is only a header when there is nothing to post', () => {
    expect(postingFile([])).toBe(`${POSTING_COLUMNS.join(',')}\r\n`);
  });

  it('quotes fields holding a comma, a quote or a line break (RFC 4180)', () => {
    const awkward = { ...cardLine, accountId: '107-"4001",0001', paymentType: 'Line\r\nbreak' };
    const text = postingFile([awkward]);
    expect(text).toContain(',"107-""4001"",0001","Line\r\nbreak",');
    const { records, problems } = readCsv(text);
    expect(problems).toEqual([]);
    expect(records[1]?.fields[4]).toBe('107-"4001",0001');
    expect(records[1]?.fields[5]).toBe('Line\r\nbreak');
  });

  it('marks what the processor reports as text when it looks like a formula, never an amount', () => {
    const odd: PostingLine = {
      ...cardLine,
      amountCents: -250,
      cardBrand: '=HYPERLINK("http://evil.example","x")',
      processorTxnId: '-1+1',
      approvalCode: '@SUM(A1)',
    };
    const text = postingFile([odd]);
    expect(text.split('\r\n')[1]).toBe(
      'EXP-20261122-7KQ2M9,WP-7KQ2M9XD,PAY-7KQ2M9XDH4TB,107,107-40010001,Account Payment,-2.50,card,' +
        `"'=HYPERLINK(""http://evil.example"",""x"")",****9990,2026-11-22T10:16:40.950Z,'-1+1,'@SUM(A1),payment,,,,,,,`,
    );
    // What any CSV reader sees: the amount a number, the formulas text.
    const [, row] = parse(text);
    expect(row?.[6]).toBe('-2.50');
    expect(row?.[8]).toBe(`'=HYPERLINK("http://evil.example","x")`);
    // What webpay apply sees: every value as it was.
    expect(readCsv(text).records[1]?.fields.slice(8, 15)).toEqual([
      odd.cardBrand,
      '****9990',
      '2026-11-22T10:16:40.950Z',
      '-1+1',
      '@SUM(A1)',
      'payment',
      '',
    ]);
  });

  it('formats cents exactly, never through floating point', () => {
    expect(centsToDecimal(0)).toBe('0.00');
    expect(centsToDecimal(7)).toBe('0.07');
    expect(centsToDecimal(10)).toBe('0.10');
    expect(centsToDecimal(123_456_789)).toBe('1234567.89');
    expect(centsToDecimal(-250)).toBe('-2.50');
    expect(() => centsToDecimal(1.5)).toThrow(RangeError);
  });
});

describe('readConfirmation', () => {
  const now = new Date('2026-11-22T12:00:00.000Z');

  it('takes receipt_id and applied_at from any position and ignores other columns', () => {
    const text = [
      'Note,Applied At,RECEIPT_ID',
      'posted,2026-11-21,WP-AAAAAAAA',
      'posted,2026-11-22T06:30:00-05:00,WP-BBBBBBBB',
      ',, WP-CCCCCCCC ',
    ].join('\r\n');
    expect(readConfirmation(text, now)).toEqual({
      problems: [],
      entries: [
        {
          line: 2,
          receiptId: 'WP-AAAAAAAA',
          reversalId: undefined,
          appliedAt: new Date('2026-11-21T00:00:00.000Z'),
        },
        {
          line: 3,
          receiptId: 'WP-BBBBBBBB',
          reversalId: undefined,
          appliedAt: new Date('2026-11-22T11:30:00.000Z'),
        },
        { line: 4, receiptId: 'WP-CCCCCCCC', reversalId: undefined, appliedAt: undefined },
      ],
    });
  });

  it('accepts the posting file itself, one entry per receipt', () => {
    const text = postingFile([cardLine, { ...cardLine, lineNumber: 2 }, bankLine]);
    expect(readConfirmation(text, now)).toEqual({
      problems: [],
      entries: [
        { line: 2, receiptId: cardLine.receiptId, reversalId: undefined, appliedAt: undefined },
        { line: 4, receiptId: bankLine.receiptId, reversalId: undefined, appliedAt: undefined },
      ],
    });
  });

  it('takes a row with a reversal_id as confirming that reversal, not the receipt', () => {
    const refund = {
      ...cardLine,
      amountCents: -500,
      entry: 'refund',
      reversalId: 'RV-7K2M9QXD',
    } as const;
    const text = postingFile([cardLine, refund, { ...refund, lineNumber: 2 }]);
    expect(readConfirmation(text, now)).toEqual({
      problems: [],
      entries: [
        { line: 2, receiptId: cardLine.receiptId, reversalId: undefined, appliedAt: undefined },
        { line: 3, receiptId: cardLine.receiptId, reversalId: 'RV-7K2M9QXD', appliedAt: undefined },
      ],
    });
    const clash = 'receipt_id,reversal_id,applied_at\nWP-A,RV-1,2026-11-20\nWP-A,RV-1,2026-11-21\n';
    expect(readConfirmation(clash, now).problems).toEqual([
      { line: 3, message: 'reversal RV-1 is also on line 2 with another applied_at' },
    ]);
  });

  it('reports every bad row by its line', () => {
    const text = [
      'receipt_id,applied_at',
      'WP-AAAAAAAA,22/11/2026',
      ',2026-11-20',
      'WP-BBBBBBBB,2026-11-20',
      'WP-BBBBBBBB,2026-11-21',
      'WP-CCCCCCCC,2026-12-01',
      'WP-DDDDDDDD,2026-02-30',
      'WP-EEEEEEEE,2026-11-21',
    ].join('\n');
    const { entries, problems } = readConfirmation(text, now);
    expect(problems).toEqual([
      {
        line: 2,
        message:
          'applied_at "22/11/2026" is not a date (YYYY-MM-DD) or an ISO 8601 time with offset',
      },
      { line: 3, message: 'no receipt_id' },
      {
        line: 5,
        message: 'receipt WP-BBBBBBBB is also on line 4 with another applied_at',
      },
      { line: 6, message: 'applied_at 2026-12-01 is in the future' },
      {
        line: 7,
        message:
          'applied_at "2026-02-30" is not a date (YYYY-MM-DD) or an ISO 8601 time with offset',
      },
    ]);
    expect(entries.map((entry) => entry.receiptId)).toEqual(['WP-BBBBBBBB', 'WP-EEEEEEEE']);
  });

  it('needs a receipt_id column', () => {
    expect(readConfirmation('receipt,applied_at\nWP-AAAAAAAA,\n', now).problems).toEqual([
      { line: 1, message: 'the header has no receipt_id column' },
    ]);
    expect(readConfirmation('', now).problems).toEqual([{ line: 1, message: 'the file is empty' }]);
  });
});
