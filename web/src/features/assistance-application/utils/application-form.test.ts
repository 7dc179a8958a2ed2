import { describe, expect, it } from 'vitest';
import { submitApplicationSchema } from '@webpay/contracts/assistance-application';
import {
  applicationFormSchema,
  freshValues,
  newMember,
  toSubmitApplication,
  yearlyIncomeOf,
  type ApplicationFormValues,
} from './application-form.ts';

function signed(values: Partial<ApplicationFormValues> = {}): ApplicationFormValues {
  return {
    ...freshValues(['107-40010001'], 'Maria Garcia'),
    insured: 'no',
    truthful: true,
    verification: true,
    signature: 'Maria Garcia',
    ...values,
  };
}

describe('the application form', () => {
  it('makes each income yearly: $500.00 every two weeks and $100.00 a week is $18,200.00', () => {
    const member = {
      ...newMember('Maria Garcia', 'self'),
      incomes: [
        { source: 'wages', amount: '500', frequency: 'biweekly' },
        { source: 'other', amount: '100.00', frequency: 'weekly' },
      ] as const,
    };
    expect(yearlyIncomeOf([{ ...member, incomes: [...member.incomes] }])).toBe(1_820_000);
  });

  it('sends a member who attests to no income with no incomes and documents "no_income"', () => {
    const member = {
      ...newMember('Maria Garcia', 'self'),
      noIncome: true,
      incomes: [{ source: 'wages' as const, amount: '500', frequency: 'weekly' as const }],
    };
    const body = toSubmitApplication(signed({ members: [member] }), false);
    expect(body.answers.members[0]).toEqual({
      name: 'Maria Garcia',
      relationship: 'self',
      incomes: [],
      documents: 'no_income',
    });
    expect(submitApplicationSchema.safeParse(body).success).toBe(true);
  });

  it('sends "send_later" for a member who chose it, and refuses one with neither file nor choice', () => {
    const income = { source: 'wages' as const, amount: '500', frequency: 'weekly' as const };
    const later = { ...newMember('Maria Garcia', 'self'), incomes: [income], sendLater: true };
    expect(
      toSubmitApplication(signed({ members: [later] }), false).answers.members[0]?.documents,
    ).toBe('send_later');
    const neither = { ...later, sendLater: false };
    const checked = applicationFormSchema(false).safeParse(signed({ members: [neither] }));
    expect(checked.success).toBe(false);
    expect(checked.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['members.0.files']);
  });

  it('sends assets only under an asset test', () => {
    const member = { ...newMember('Maria Garcia', 'self'), noIncome: true };
    const values = signed({ members: [member], cash: '250.50', otherAssets: '0' });
    expect(toSubmitApplication(values, false).answers.assets).toBeUndefined();
    expect(toSubmitApplication(values, true).answers.assets).toEqual({
      cashCents: 25_050,
      otherCents: 0,
    });
  });
});
