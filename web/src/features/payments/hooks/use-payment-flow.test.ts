import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { PAYMENT_MESSAGES } from '@webpay/contracts/payments';
import { appConfig } from '@test/fixtures.ts';
import { runCardPayment } from '../utils/card-payment-flow.ts';
import {
  billing,
  cardReceipt,
  mariaItems,
  mariaLines,
} from '../../../../test/payments/payment-fixtures.ts';
import { usePaymentFlow, type PaymentSubmission } from './use-payment-flow.ts';

vi.mock('../utils/card-payment-flow.ts', () => ({ runCardPayment: vi.fn() }));

const submission = {
  method: 'card',
  body: {
    accounts: mariaLines,
    payer: { firstName: 'Maria', lastName: 'Garcia', ...billing, email: null },
    saveEmailAsGuarantor: false,
  },
} as PaymentSubmission;

function renderFlow() {
  const onPaid = vi.fn();
  const onSessionExpired = vi.fn();
  const hook = renderHook(() =>
    usePaymentFlow({
      items: mariaItems,
      cardProcessor: appConfig.cardProcessor,
      onPaid,
      onSessionExpired,
    }),
  );
  return { ...hook, onPaid, onSessionExpired };
}

describe('usePaymentFlow', () => {
  beforeEach(() => {
    vi.mocked(runCardPayment).mockReset();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('shows the generic message when something fails that is not a product error', async () => {
    vi.mocked(runCardPayment).mockRejectedValue(
      new TypeError('PayWithConverge.open is not a function'),
    );
    const { result } = renderFlow();
    act(() => result.current.submit(submission));
    await waitFor(() =>
      expect(result.current.problem).toEqual({
        kind: 'generic',
        message: PAYMENT_MESSAGES.processingFailed,
      }),
    );
    expect(result.current.processing).toBe(false);
    expect(result.current.phase).toBe('form');
  });

  it('starts one payment however often Pay is pressed while it runs', async () => {
    let finish: () => void = () => undefined;
    vi.mocked(runCardPayment).mockImplementation(
      () =>
        new Promise((resolve) => {
          finish = () => resolve({ kind: 'paid', receipt: cardReceipt() });
        }),
    );
    const { result, onPaid } = renderFlow();
    act(() => {
      result.current.submit(submission);
      result.current.submit(submission);
    });
    expect(result.current.processing).toBe(true);
    act(() => result.current.submit(submission));
    expect(runCardPayment).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    expect(onPaid).toHaveBeenCalledTimes(1);
  });

  it('takes a fresh key for the next payment after a success', async () => {
    vi.mocked(runCardPayment).mockResolvedValue({ kind: 'paid', receipt: cardReceipt() });
    const { result } = renderFlow();
    await act(async () => result.current.submit(submission));
    await act(async () => result.current.submit(submission));
    const keys = vi.mocked(runCardPayment).mock.calls.map(([input]) => input.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });
});
