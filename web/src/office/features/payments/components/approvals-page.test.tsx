import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeOfficeService, json, renderOffice } from '@test/office/office-service.tsx';
import { approvals, awaitingApproval } from '@test/office/payment-desk.ts';

const list = approvals([
  awaitingApproval('rva', 'staff-agent'),
  awaitingApproval('rvb', 'staff-supervisor'),
]);
const home = {
  today: '2026-11-27',
  paymentsToday: { count: 0, amountCents: 0 },
  attention: {
    awaitingReconciliation: 0,
    awaitingApproval: 0,
    plansNeedingAttention: 0,
    failedEmails: 0,
  },
  lastRuns: { import: null, export: null, reconcile: null },
};
const paymentsLink = () =>
  within(screen.getByRole('navigation', { name: 'Main navigation' })).getByRole('link', {
    name: /^Payments/,
  });

describe('approvals', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('are counted beside Payments for supervisors, and never asked for other roles', async () => {
    const { calls } = fakeOfficeService({
      'GET /home': () => json(home),
      'GET /approvals': () => json(list),
    });
    const { unmount } = await renderOffice('/', 'supervisor');
    await waitFor(() => expect(paymentsLink()).toHaveTextContent('2 awaiting approval'));
    unmount();

    calls.length = 0;
    await renderOffice('/', 'agent');
    await screen.findByRole('heading', { name: 'Home', level: 1 });
    expect(paymentsLink()).toHaveAccessibleName('Payments');
    expect(calls.some((call) => call.path === '/approvals')).toBe(false);
  });

  it('list what waits with links to the payments; a supervisor decides on others’ requests only', async () => {
    const { calls } = fakeOfficeService({
      'GET /approvals': () => json(list),
      'POST /payments/p-1/reversals/rva/reject': () =>
        json({
          reversal: { ...awaitingApproval('rva', 'staff-agent'), status: 'rejected' },
          message: 'Rejected: nothing was given back',
        }),
    });
    await renderOffice('/approvals', 'supervisor');
    const table = await screen.findByRole('table', { name: 'Awaiting approval' });
    const others = within(table).getByRole('row', { name: /Requested by staff-agent/ });
    expect(others).toHaveTextContent('$600.00');
    expect(others).toHaveTextContent('Refund to card');
    expect(within(others).getByRole('link', { name: 'R-100200' })).toHaveAttribute(
      'href',
      '/office/payments/p-1',
    );
    const own = within(table).getByRole('row', { name: /Requested by staff-supervisor/ });
    expect(within(own).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(own).toHaveTextContent('Another supervisor must approve this request.');

    const user = userEvent.setup();
    await user.click(within(others).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this reversal' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription(
      expect.stringContaining('Reason is required'),
    );
    await user.type(within(dialog).getByLabelText('Reason'), 'Not a duplicate');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Rejected: nothing was given back')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      reason: 'Not a duplicate',
    });
  });

  it("name a financial assistance approval's refund as such", async () => {
    const assistance = {
      ...awaitingApproval('rvc', 'staff-reviewer'),
      source: 'assistance' as const,
      reason: 'Financial assistance FA-7K2M9QXD approved: paid above the new amount owed',
    };
    fakeOfficeService({ 'GET /approvals': () => json(approvals([assistance, ...list.approvals])) });
    await renderOffice('/approvals', 'supervisor');
    const table = await screen.findByRole('table', { name: 'Awaiting approval' });
    const row = within(table).getByRole('row', { name: /Requested by staff-reviewer/ });
    expect(row).toHaveTextContent('Refund to cardFinancial assistance approval');
    expect(row).toHaveTextContent('Financial assistance FA-7K2M9QXD approved');
    expect(within(row).getByRole('button', { name: 'Approve' })).toBeEnabled();
    const desk = within(table).getByRole('row', { name: /Requested by staff-agent/ });
    expect(desk).not.toHaveTextContent('Financial assistance approval');
  });

  it('are shown read-only to a viewer', async () => {
    fakeOfficeService({ 'GET /approvals': () => json(list) });
    await renderOffice('/approvals', 'viewer');
    const table = await screen.findByRole('table', { name: 'Awaiting approval' });
    expect(within(table).queryByRole('button')).toBeNull();
    expect(
      screen.getByText('Only supervisors can approve; you can see what is waiting.'),
    ).toBeInTheDocument();
  });
});
