import { describe, expect, it } from 'vitest';
import { planFigures, type LedgerInstalment } from './plan-ledger.ts';

/** 310.45 over six months on the 15th: five of 51.75 and a last of 51.70. */
const schedule: LedgerInstalment[] = [5175, 5175, 5175, 5175, 5175, 5170].map((amount, index) => ({
  id: `i${index + 1}`,
  number: index + 1,
  dueDate: `2027-0${index + 1}-15`,
  amountCents: amount,
  completedAt: null,
}));

describe('plan figures', () => {
  it('before anything is paid: the first instalment is due, nothing overdue', () => {
    const figures = planFigures(schedule, 0, 31_045, '2026-12-01');
    expect(figures).toMatchObject({
      nextDueDate: '2027-01-15',
      dueCents: 5175,
      overdueCents: 0,
      currentBalanceCents: 31_045,
      regularPaymentCents: 5175,
      numberOfPayments: 6,
    });
    expect([...figures.completedAt.values()]).toEqual([null, null, null, null, null, null]);
  });

  it('a partial payment lowers what is due without completing the instalment', () => {
    const figures = planFigures(schedule, 3000, 31_045, '2026-12-01');
    expect(figures).toMatchObject({ nextDueDate: '2027-01-15', dueCents: 2175, overdueCents: 0 });
    expect(figures.currentBalanceCents).toBe(28_045);
    expect(figures.completedAt.get('i1')).toBeNull();
  });

  it('a full instalment completes it on the day and moves the next due date', () => {
    const figures = planFigures(schedule, 5175 + 1000, 31_045, '2027-01-10');
    expect(figures.completedAt.get('i1')).toBe('2027-01-10');
    expect(figures).toMatchObject({ nextDueDate: '2027-02-15', dueCents: 4175, overdueCents: 0 });
  });

  it('keeps the day an instalment was first completed', () => {
    const completed = schedule.map((row, index) =>
      index === 0 ? { ...row, completedAt: '2027-01-02' } : row,
    );
    expect(planFigures(completed, 5175, 31_045, '2027-02-01').completedAt.get('i1')).toBe(
      '2027-01-02',
    );
  });

  it('what is left of instalments past their date is overdue, the next one due', () => {
    const figures = planFigures(schedule, 5175, 31_045, '2027-03-16');
    expect(figures).toMatchObject({
      nextDueDate: '2027-04-15',
      dueCents: 5175,
      overdueCents: 10_350,
      currentBalanceCents: 25_870,
    });
  });

  it('paid in full: everything completed, nothing due', () => {
    const figures = planFigures(schedule, 31_045, 31_045, '2027-03-16');
    expect(figures).toMatchObject({
      nextDueDate: null,
      dueCents: 0,
      overdueCents: 0,
      currentBalanceCents: 0,
    });
    expect([...figures.completedAt.values()].every((day) => day === '2027-03-16')).toBe(true);
  });

  it('an instalment due today is due, not overdue', () => {
    const figures = planFigures(schedule, 0, 31_045, '2027-01-15');
    expect(figures).toMatchObject({ nextDueDate: '2027-01-15', dueCents: 5175, overdueCents: 0 });
  });
});
