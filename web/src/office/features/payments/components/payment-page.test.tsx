import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { chooseLanguage } from '@/lib/language.ts';
import { fakeOfficeService, json, renderOffice } from '@test/office/office-service.tsx';
import { awaitingApproval, deskPayment, reversal } from '@test/office/payment-desk.ts';

const actionGroup = () => screen.queryByRole('group', { name: 'Payment actions' });

describe("a payment's page", () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('shows the payment, its lines, reversals, processor record and history', async () => {
    const payment = deskPayment({
      reversals: [
        reversal(),
        reversal({
          reversalId: 'rv-2',
          reference: 'RV-WAITING1',
          status: 'awaiting_approval',
          amountCents: 60_000,
          completedAt: null,
        }),
      ],
      processor: { transactions: [], settled: null, error: 'The processor did not answer.' },
    });
    fakeOfficeService({ 'GET /payments/p-1': () => json(payment) });
    await renderOffice('/payments/p-1', 'viewer');

    expect(
      await screen.findByRole('heading', { name: 'Payment R-100200', level: 1 }),
    ).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('Partially refunded')).toBeInTheDocument();
    expect(summary).toHaveTextContent('$100.00');
    expect(summary).toHaveTextContent('$75.00');
    expect(summary).toHaveTextContent('VISA ****1234');
    expect(screen.getByRole('link', { name: 'María García' })).toHaveAttribute(
      'href',
      '/office/guarantors/g-1',
    );
    expect(screen.getByRole('table', { name: 'Lines' })).toHaveTextContent('Emergency visit');
    const reversals = screen.getByRole('table', { name: 'Voids and refunds' });
    expect(within(reversals).getByRole('row', { name: /RV-7K2M9QXD/ })).toHaveTextContent(
      /Refund to card.*Completed/,
    );
    expect(within(reversals).getByRole('row', { name: /RV-WAITING1/ })).toHaveTextContent(
      'Awaiting approval',
    );
    const processor = screen.getByRole('region', { name: 'Processor record' });
    expect(processor).toHaveTextContent('The processor did not answer.');
    expect(processor).toHaveTextContent(
      'Read now from the processor. Whether its batch has settled is not known.',
    );
    expect(screen.getByRole('table', { name: 'Event history' })).toHaveTextContent(
      'Payment recorded',
    );
    // Viewers read only.
    expect(actionGroup()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('names the statuses exactly as the issue does', async () => {
    for (const [status, name] of [
      ['voided', 'Voided'],
      ['refunded', 'Refunded'],
      ['partially_refunded', 'Partially refunded'],
      ['awaiting_approval', 'Awaiting approval'],
    ] as const) {
      fakeOfficeService({ 'GET /payments/p-1': () => json(deskPayment({ status })) });
      const { unmount } = await renderOffice('/payments/p-1', 'viewer');
      const summary = await screen.findByRole('region', { name: 'Summary' });
      expect(within(summary).getByText(name, { selector: '[data-slot="badge"]' })).toBeVisible();
      unmount();
    }
  });

  it('offers an agent Void and Resend receipt, and writes why an action cannot be taken', async () => {
    fakeOfficeService({ 'GET /payments/p-1': () => json(deskPayment()) });
    await renderOffice('/payments/p-1', 'agent');
    await screen.findByRole('heading', { name: 'Payment R-100200', level: 1 });
    const group = actionGroup();
    if (!group) throw new Error('no actions');
    const voidButton = within(group).getByRole('button', { name: 'Void' });
    expect(voidButton).toBeDisabled();
    expect(voidButton).toHaveAccessibleDescription('The batch has settled: refund instead.');
    expect(within(group).getByText('The batch has settled: refund instead.')).toBeVisible();
    // Refunds are for supervisors.
    expect(within(group).queryByRole('button', { name: 'Refund' })).toBeNull();
    expect(within(group).getByRole('button', { name: 'Resend receipt' })).toBeEnabled();
  });

  it('lets an agent, not a viewer, check the payment with the processor', async () => {
    const posts: string[] = [];
    fakeOfficeService({
      'GET /payments/p-1': () => json(deskPayment()),
      'POST /payments/p-1/check-with-processor': () => {
        posts.push('check');
        return json({
          found: 1,
          message: 'Recorded 1 void or refund made directly at the processor.',
        });
      },
    });
    const viewer = await renderOffice('/payments/p-1', 'viewer');
    await screen.findByRole('heading', { name: 'Payment R-100200', level: 1 });
    expect(screen.queryByRole('button', { name: 'Check with the processor' })).toBeNull();
    viewer.unmount();

    await renderOffice('/payments/p-1', 'agent');
    const check = await screen.findByRole('button', { name: 'Check with the processor' });
    check.click();
    expect(
      await screen.findByText('Recorded 1 void or refund made directly at the processor.'),
    ).toBeInTheDocument();
    expect(posts).toEqual(['check']);
  });

  it('lets a supervisor decide on another’s request, and tells the requester someone else must', async () => {
    fakeOfficeService({
      'GET /payments/p-1': () =>
        json(
          deskPayment({
            reversals: [
              awaitingApproval('rva', 'staff-agent'),
              awaitingApproval('rvb', 'staff-supervisor'),
            ],
          }),
        ),
    });
    await renderOffice('/payments/p-1', 'supervisor');
    const table = await screen.findByRole('table', { name: 'Voids and refunds' });
    const others = within(table).getByRole('row', { name: /RV-RVA/ });
    expect(within(others).getByRole('button', { name: 'Approve' })).toBeEnabled();
    expect(within(others).getByRole('button', { name: 'Reject' })).toBeEnabled();
    const own = within(table).getByRole('row', { name: /RV-RVB/ });
    expect(within(own).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(own).toHaveTextContent('Another supervisor must approve this request.');
    const group = actionGroup();
    if (!group) throw new Error('no actions');
    expect(within(group).getByRole('button', { name: 'Refund' })).toBeEnabled();
  });

  it('says in a sentence whether the sale has settled, in either language', async () => {
    const unsettled = deskPayment();
    unsettled.processor = { ...unsettled.processor, settled: false };
    fakeOfficeService({ 'GET /payments/p-1': () => json(unsettled) });
    act(() => chooseLanguage('es'));
    await renderOffice('/payments/p-1', 'viewer');
    const processor = await screen.findByRole('region', { name: 'Registro del procesador' });
    expect(processor).toHaveTextContent('Leído ahora del procesador. Su lote aún no se liquidó.');
  });
});
