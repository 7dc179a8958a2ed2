import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseFeed } from './feed-reader.ts';
import { feedAmountToCents } from './feed-records.ts';
import { buildSnapshot, type FacilityKind } from './feed-snapshot.ts';
import { feedHeader, feedText, type FeedLine } from './feed-writer.ts';

const FACILITIES = new Map<string, FacilityKind>([
  ['107', 'central'],
  ['153', 'external'],
  ['221', 'external'],
]);

const EXAMPLE = readFileSync(
  new URL('../../../../docs/examples/billing-feed.jsonl', import.meta.url),
  'utf8',
);

const header = feedHeader('TEST-1', new Date('2026-11-22T06:00:00Z'));
const guarantor = (accountNumber: string, extra: Partial<FeedLine> = {}): FeedLine =>
  ({
    record: 'guarantor',
    accountNumber,
    mmi: `M${accountNumber}`,
    firstName: 'Ada',
    lastName: 'Lovelace',
    birthdate: '1980-12-10',
    ...extra,
  }) as FeedLine;
const encounter = (guarantorAccount: string, accountNumber: string, extra: object = {}): FeedLine =>
  ({
    record: 'encounter',
    guarantor: guarantorAccount,
    facility: '107',
    accountNumber,
    patientName: 'Ada Lovelace',
    balance: '10.00',
    ...extra,
  }) as FeedLine;

const pending = (extra: object): FeedLine =>
  ({
    record: 'pending_payment',
    guarantor: '1',
    receiptId: 'M-1',
    paidOn: '2026-11-01',
    amount: '5.00',
    ...extra,
  }) as FeedLine;

function check(records: FeedLine[]) {
  const { feed, problems } = parseFeed(feedText(records));
  const built = buildSnapshot(feed, FACILITIES);
  return {
    feed,
    snapshot: built.snapshot,
    problems: [...problems, ...built.problems].sort((a, b) => a.line - b.line),
  };
}

describe('feed amounts', () => {
  it.each([
    ['1250.00', 125_000],
    ['1250.5', 125_050],
    ['0', 0],
    ['0.07', 7],
    [12.34, 1_234],
    [0.1, 10],
    [1_234_567.89, 123_456_789],
    ['10000000.00', 1_000_000_000],
  ])('reads %j as %i cents', (value, cents) => {
    expect(feedAmountToCents(value)).toBe(cents);
  });

  it.each([
    '12.345',
    '-4.00',
    'abc',
    '',
    '1e3',
    '1,250.00',
    ' 12.00',
    '$12.00',
    '10000000.01',
    1e21,
    -1,
    Number.NaN,
    0.125,
  ])('refuses %j', (value) => {
    expect(feedAmountToCents(value)).toBeUndefined();
  });
});

describe('reading a feed', () => {
  it('reads the published example without a problem', () => {
    const { feed, problems } = parseFeed(EXAMPLE);
    expect(problems).toEqual([]);
    const { snapshot, problems: checks } = buildSnapshot(feed, FACILITIES);
    expect(checks).toEqual([]);
    expect(snapshot?.guarantors.map((g) => g.accountNumber)).toEqual(['600700800', '600700900']);
    const plan = snapshot?.plans[0];
    expect(plan?.currentBalanceCents).toBe(40_000);
    expect(plan?.instalments).toHaveLength(6);
    const types = Object.fromEntries(
      snapshot?.encounters.map((e) => [e.key, [e.type, e.status, e.planNumber]]) ?? [],
    );
    expect(types).toEqual({
      '107-40059001': ['ENT', 'payment_plan', 'PP-8101'],
      '107-40060001': ['ENT', 'self_pay', null],
      '107-40060002': ['ENT', 'self_pay', null],
      '153-80601': ['EXAR', 'self_pay', null],
      '221-60901': ['EXAR', 'self_pay', null],
    });
    expect(snapshot?.pendingPayments).toEqual([
      expect.objectContaining({
        receiptId: 'M-20261118-0042',
        encounterKey: '107-40060001',
        amountCents: 2_500,
      }),
    ]);
  });

  it('counts lines from 1, skipping blank ones, with CRLF or LF, after a byte-order mark', () => {
    const lines = feedText([
      header,
      guarantor('1'),
      encounter('1', 'A1', { balance: '1.234' }),
    ]).split('\n');
    const text = `\uFEFF${lines[0]}\r\n\r\n${lines[1]}\r\n\n${lines[2]}\r\n`;
    const { feed, problems } = parseFeed(text);
    expect(feed.records).toBe(3);
    expect(problems).toEqual([
      {
        line: 5,
        message: expect.stringMatching(/^encounter 107-A1: balance: "1.234" is not an amount/),
      },
    ]);
  });

  it('names unknown and missing fields', () => {
    const { problems } = check([
      header,
      guarantor('1', { balanceDue: '3.00' } as Partial<FeedLine>),
      encounter('1', 'A1', { balance: undefined }),
    ]);
    expect(problems).toEqual([
      { line: 2, message: 'guarantor 1: unknown field "balanceDue"' },
      { line: 3, message: 'encounter 107-A1: balance: is missing' },
    ]);
  });

  it('refuses lines that are not JSON objects and unknown record kinds', () => {
    const text = `${feedText([header])}not json\n[1,2]\n{"record":"invoice"}\n`;
    const { problems } = parseFeed(text);
    expect(problems.map((problem) => problem.line)).toEqual([2, 3, 4]);
    expect(problems[2]?.message).toMatch(/record must be one of feed, guarantor/);
  });

  it('needs the header first, once', () => {
    expect(parseFeed(feedText([guarantor('1'), header])).problems).toEqual([
      { line: 2, message: 'the feed header must be the first record' },
      { line: 1, message: 'the first record must be the feed header ("record": "feed")' },
    ]);
    expect(parseFeed(feedText([header, header])).problems).toEqual([
      { line: 2, message: 'a second feed header (the first is on line 1)' },
    ]);
    expect(parseFeed('\n\n').problems).toEqual([{ line: 1, message: 'the feed is empty' }]);
  });

  it('reports a wrong format or version in the header', () => {
    const { problems } = parseFeed(feedText([{ ...header, version: 2 } as unknown as FeedLine]));
    expect(problems[0]).toEqual({ line: 1, message: 'feed header: version: must be 1' });
  });
});

describe('checking a feed as a whole', () => {
  it('finds duplicate guarantors, MMIs, e-mails and encounters, wherever they are', () => {
    const { problems, snapshot } = check([
      header,
      guarantor('1', { email: 'ada@example.com' } as Partial<FeedLine>),
      guarantor('1'),
      guarantor('2', { mmi: 'M1', email: 'ADA@example.com' } as Partial<FeedLine>),
      encounter('1', 'A1'),
      {
        record: 'plan',
        guarantor: '2',
        planNumber: 'PP-1',
        version: 1,
        type: 'Auto',
        status: 'Active',
        dueAmount: '5.00',
        overdueAmount: '0',
        regularPaymentAmount: '5.00',
        currentBalance: '10.00',
        numberOfPayments: 2,
        instalments: [],
        encounters: [
          { facility: '107', accountNumber: 'A1', patientName: 'Ada', balance: '10.00' },
        ],
      },
    ]);
    expect(snapshot).toBeUndefined();
    expect(problems).toEqual([
      { line: 3, message: 'guarantor 1 is also on line 2' },
      { line: 3, message: 'MMI M1 is also on line 2' },
      { line: 4, message: 'MMI M1 is also on line 2' },
      { line: 4, message: 'e-mail address ADA@example.com is also on line 2' },
      { line: 5, message: 'encounter 107-A1 is also on line 6' },
    ]);
  });

  it('finds unknown guarantors and facilities', () => {
    const { problems } = check([
      header,
      guarantor('1'),
      encounter('9', 'A1'),
      encounter('1', 'A2', { facility: '999' }),
    ]);
    expect(problems).toEqual([
      { line: 3, message: 'encounter 107-A1: guarantor 9 is not in the feed' },
      { line: 4, message: 'encounter 999-A2: unknown facility 999' },
    ]);
  });

  it("checks a plan's pay-off against its encounters and its schedule against its payments", () => {
    const { problems } = check([
      header,
      guarantor('1'),
      {
        record: 'plan',
        guarantor: '1',
        planNumber: 'PP-1',
        version: 1,
        type: 'Mail-in',
        status: 'Active',
        dueAmount: '5.00',
        overdueAmount: '0',
        regularPaymentAmount: '5.00',
        currentBalance: '12.00',
        numberOfPayments: 3,
        instalments: [
          { number: 1, dueDate: '2026-12-01', amount: '5.00' },
          { number: 1, dueDate: '2027-01-01', amount: '5.00' },
        ],
        encounters: [
          { facility: '107', accountNumber: 'A1', patientName: 'Ada', balance: '10.00' },
        ],
      },
    ]);
    expect(problems.map((problem) => problem.message)).toEqual([
      "plan PP-1: currentBalance $12.00 is not the sum of its encounters' balances, $10.00",
      'plan PP-1: 2 instalments for 3 payments (list all of them, or none)',
      'plan PP-1: instalment 1 is listed twice',
    ]);
  });

  it("checks a statement's lines and total", () => {
    const { problems } = check([
      header,
      guarantor('1'),
      {
        record: 'statement',
        guarantor: '1',
        statementDate: '2026-11-01',
        amountDue: '50.00',
        dueDate: '2026-10-25',
        status: 'open',
        lines: [
          {
            facility: '107',
            accountNumber: 'A1',
            patientName: 'Ada',
            description: 'Visit',
            serviceDate: '2026-10-01',
            charges: '100.00',
            payments: '20.00',
            adjustments: '10.00',
            balance: '60.00',
          },
        ],
      },
    ]);
    expect(problems.map((problem) => problem.message)).toEqual([
      'statement 1 2026-11-01, lines[0]: balance $60.00 is not charges − payments − adjustments, $70.00',
      "statement 1 2026-11-01: amountDue $50.00 is not the sum of its lines' balances, $60.00",
      'statement 1 2026-11-01: dueDate 2026-10-25 is before the statement date',
    ]);
  });

  it("ties a pending payment to one of its guarantor's accounts in the feed", () => {
    const { problems } = check([
      header,
      guarantor('1'),
      guarantor('2'),
      encounter('1', 'A1'),
      encounter('2', 'B1'),
      pending({ facility: '107', accountNumber: 'A1' }),
      pending({ facility: '107', accountNumber: 'A1' }),
      pending({ facility: '107', accountNumber: 'B1' }),
      pending({ planNumber: 'PP-404' }),
      pending({ facility: '107' }),
      pending({ facility: '107', accountNumber: 'A1', planNumber: 'PP-1' }),
      pending({ facility: '107', accountNumber: 'A1', receiptId: 'M-2', amount: '0' }),
    ]);
    expect(problems).toEqual([
      { line: 7, message: 'pending payment M-1 on 107-A1 is also on line 6' },
      { line: 8, message: 'pending payment M-1: encounter 107-B1 belongs to guarantor 2' },
      { line: 9, message: 'pending payment M-1: plan PP-404 is not in the feed' },
      { line: 10, message: expect.stringMatching(/name either an encounter .* or a plan/) },
      { line: 11, message: expect.stringMatching(/name either an encounter .* or a plan/) },
      { line: 12, message: 'pending payment M-2: amount must be more than 0' },
    ]);
  });
});

describe('one mistake, one problem', () => {
  it('says nothing more of records that refer to a broken one', () => {
    const { problems } = check([
      header,
      guarantor('1'),
      guarantor('2', { birthdate: 'yesterday' } as Partial<FeedLine>),
      encounter('2', 'B1'),
      encounter('1', 'A1', { balance: 'ten' }),
      encounter('1', 'A2', { facility: '999' }),
      pending({ facility: '107', accountNumber: 'A1' }),
      pending({ facility: '999', accountNumber: 'A2' }),
    ]);
    expect(problems.map((problem) => problem.line)).toEqual([3, 5, 6]);
  });
});
