import { describe, expect, it } from 'vitest';
import { mainEncounters, mainOutstandingCents, planFullCents } from './outstanding.ts';

const balance = (amount: number) => ({ balance: amount });
const plan = (dueAmount: number, overdueAmount: number) => ({ dueAmount, overdueAmount });

describe('what the Hospitals & Clinics tab asks for (SPEC §2, §4)', () => {
  it("Pay Total's sum is the encounter balances plus each plan's due and overdue amounts", () => {
    const encounters = [balance(1250), balance(310.45), balance(0)];
    const plans = [plan(150, 75), plan(80, 0)];
    expect(mainOutstandingCents({ encounters, plans })).toBe(186545);
  });

  it('adds cents, never floats', () => {
    expect(mainOutstandingCents({ encounters: [balance(0.1), balance(0.2)], plans: [] })).toBe(30);
    expect(planFullCents(plan(0.1, 0.2))).toBe(30);
  });

  it("leaves other facilities' encounters to their own tabs", () => {
    const main = { type: 'ENT', accountNumber: '40010001' } as const;
    const lab = { type: 'EXAR', accountNumber: '80001' } as const;
    expect(mainEncounters([main, lab, main])).toEqual([main, main]);
  });
});
