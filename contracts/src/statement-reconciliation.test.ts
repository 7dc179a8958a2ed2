import { describe, expect, it } from 'vitest';
import { catalogueGaps } from './language.ts';
import {
  STATEMENT_RECONCILIATION_MESSAGES,
  STATEMENT_RECONCILIATION_MESSAGES_ES,
  reconciliationAmountIn,
  reconciliationLines,
  statementReconciliationSchema,
  type StatementReconciliation,
} from './statement-reconciliation.ts';

const maria: StatementReconciliation = {
  asOf: '2026-11-25',
  inPaymentPlans: 2120,
  planPaymentsDue: 305,
  otherChanges: 0,
  dueNow: 1865.45,
  paymentsInProcess: 50,
};

describe('reconciliationLines', () => {
  it('runs from the amount due to what is due now, taking plans away and adding their payments due', () => {
    const lines = reconciliationLines(3680.45, maria);
    expect(lines).toEqual([
      { key: 'amountDue', cents: 368_045, sign: 'none' },
      { key: 'inPaymentPlans', cents: 212_000, sign: 'minus' },
      { key: 'planPaymentsDue', cents: 30_500, sign: 'plus' },
      { key: 'dueNow', cents: 186_545, sign: 'none' },
    ]);
    expect(lines.map((line) => reconciliationAmountIn('en', line))).toEqual([
      '$3,680.45',
      '-$2,120.00',
      '+$305.00',
      '$1,865.45',
    ]);
  });

  it('shows other changes with their sign, and leaves out steps of $0.00', () => {
    const fewer = reconciliationLines(100, {
      ...maria,
      inPaymentPlans: 0,
      planPaymentsDue: 0,
      otherChanges: -12.5,
      dueNow: 87.5,
    });
    expect(fewer.map((line) => [line.key, reconciliationAmountIn('es', line)])).toEqual([
      ['amountDue', '$100.00'],
      ['otherChanges', '-$12.50'],
      ['dueNow', '$87.50'],
    ]);
  });

  it('keeps both ends even when nothing is owed', () => {
    const none = { ...maria, inPaymentPlans: 0, planPaymentsDue: 0, dueNow: 0 };
    expect(reconciliationLines(0, none).map((line) => line.key)).toEqual(['amountDue', 'dueNow']);
  });
});

describe('statementReconciliationSchema', () => {
  it('takes a negative change but never a negative amount or a part of a cent', () => {
    expect(statementReconciliationSchema.safeParse({ ...maria, otherChanges: -10 }).success).toBe(
      true,
    );
    expect(statementReconciliationSchema.safeParse({ ...maria, dueNow: -1 }).success).toBe(false);
    expect(statementReconciliationSchema.safeParse({ ...maria, otherChanges: 0.001 }).success).toBe(
      false,
    );
  });
});

describe('the words (decision 0013)', () => {
  it('has every English text in Spanish', () => {
    expect(
      catalogueGaps(STATEMENT_RECONCILIATION_MESSAGES, STATEMENT_RECONCILIATION_MESSAGES_ES),
    ).toEqual([]);
  });
});
