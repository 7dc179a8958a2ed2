import { describe, expect, it } from 'vitest';
import type { Case } from '@webpay/contracts/assistance-application';
import {
  approvalStage,
  checkApproval,
  checkDocumentReview,
  checkMessage,
  checkReason,
  checkRequestInformation,
} from './review-forms.ts';

describe('the review dialogs’ checks', () => {
  it('ask for at least one item, each described, and a due date after today if any', () => {
    expect(checkRequestInformation({ items: [], dueOn: '', message: '' }, '2026-11-27')).toEqual({
      errors: { items: 'itemsRequired' },
    });
    expect(
      checkRequestInformation(
        { items: ['Pay stubs', '  ', 'x'.repeat(201)], dueOn: '2026-11-27', message: '' },
        '2026-11-27',
      ),
    ).toEqual({
      errors: { 'item-1': 'itemRequired', 'item-2': 'itemTooLong', dueOn: 'dueOnFuture' },
    });
    expect(
      checkRequestInformation({ items: [' Pay stubs '], dueOn: '', message: '  ' }, '2026-11-27'),
    ).toEqual({ request: { items: ['Pay stubs'] } });
    expect(
      checkRequestInformation(
        { items: ['Pay stubs'], dueOn: '2026-12-27', message: 'By mail is fine' },
        '2026-11-27',
      ),
    ).toEqual({
      request: { items: ['Pay stubs'], dueOn: '2026-12-27', message: 'By mail is fine' },
    });
  });

  it('approve at the policy’s discount as it is, and any other only with a reason', () => {
    expect(checkApproval({ discountPercent: '75', reason: '' }, 75)).toEqual({ request: {} });
    expect(checkApproval({ discountPercent: '100', reason: '' }, 75)).toEqual({
      errors: { reason: 'overrideReasonRequired' },
    });
    expect(checkApproval({ discountPercent: '100', reason: ' Medical hardship ' }, 75)).toEqual({
      request: { discountPercent: 100, reason: 'Medical hardship' },
    });
    // A policy that gives nothing can only be overridden, by 1 to 100%.
    expect(checkApproval({ discountPercent: '0', reason: 'x' }, 0)).toEqual({
      errors: { discountPercent: 'discountRange' },
    });
    expect(checkApproval({ discountPercent: '50%', reason: '' }, 50)).toEqual({
      errors: { discountPercent: 'discountFormat' },
    });
  });

  it('need a reason to deny, a text to send, and a reason to reject a document', () => {
    expect(checkReason('  ')).toEqual({ errors: { reason: 'reasonRequired' } });
    expect(checkReason(' Income above 400% ')).toEqual({
      request: { reason: 'Income above 400%' },
    });
    expect(checkMessage('')).toEqual({ errors: { text: 'messageRequired' } });
    expect(checkDocumentReview({ accepted: false, reason: '', yearlyIncome: '' }).errors).toEqual({
      reason: 'reasonRequired',
    });
    expect(
      checkDocumentReview({ accepted: true, reason: 'ignored', yearlyIncome: '40,000' }),
    ).toEqual({ request: { accepted: true, extractedYearlyIncomeCents: 4_000_000 } });
    expect(
      checkDocumentReview({ accepted: true, reason: '', yearlyIncome: 'about 40k' }).errors,
    ).toEqual({ yearlyIncome: 'incomeFormat' });
    expect(
      checkDocumentReview({ accepted: false, reason: 'Unreadable', yearlyIncome: '' }),
    ).toEqual({ request: { accepted: false, reason: 'Unreadable' } });
  });

  it('tell a first approval, another reviewer’s to confirm, and one’s own waiting', () => {
    const first: NonNullable<Case['firstApproval']> = {
      staffId: 'staff-dana',
      staffName: 'Dana Whitfield',
      discountPercent: 100,
      totalAdjustmentCents: 1_250_000,
      reason: null,
      at: '2026-11-26T15:00:00.000Z',
    };
    expect(approvalStage(null, 'staff-lee')).toEqual({ stage: 'none' });
    expect(approvalStage(first, 'staff-lee')).toEqual({ stage: 'confirm', first });
    expect(approvalStage(first, 'staff-dana')).toEqual({ stage: 'own', first });
  });
});
