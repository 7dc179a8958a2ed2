import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaymentPlan } from '@webpay/contracts/encounters';
import { DASHBOARD_MESSAGES } from '@webpay/contracts/messages';
import type { EnteredAmounts } from '@/lib/payments/payment-items.ts';
import { encounter } from '@test/fixtures.ts';
import { PaymentPlansTable } from './payment-plans-table.tsx';

function instalments(total: number, completed: number): PaymentPlan['amortization'] {
  return Array.from({ length: total }, (_, index) => {
    const dueDate = `2026-${String((index % 12) + 1).padStart(2, '0')}-01`;
    return {
      number: index + 1,
      dueDate,
      amount: 150,
      completedAt: index < completed ? dueDate : null,
    };
  });
}

/** PP-7001-1 of Maria Garcia (DEMO_DATA §1). */
function plan(overrides: Partial<PaymentPlan> = {}): PaymentPlan {
  return {
    id: 'PP-7001',
    version: 1,
    type: 'Mail-in',
    status: 'Active',
    nextDueDate: '2026-12-11',
    dueAmount: 150,
    overdueAmount: 75,
    regularPaymentAmount: 150,
    currentBalance: 1480,
    numberOfPayments: 12,
    amortization: instalments(12, 5),
    encounters: [
      encounter({ accountNumber: '40009001', admitDate: '2026-01-20', balance: 980 }),
      encounter({
        accountNumber: '40009002',
        patientName: 'Daniel Garcia',
        admitDate: '2026-02-11',
        balance: 500,
      }),
    ],
    ...overrides,
  };
}

/** PP-7002-3: Auto, Broken, nothing overdue. */
const brokenPlan = plan({
  id: 'PP-7002',
  version: 3,
  type: 'Auto',
  status: 'Broken',
  dueAmount: 80,
  overdueAmount: 0,
  regularPaymentAmount: 80,
  currentBalance: 640,
  numberOfPayments: 10,
  amortization: instalments(10, 2),
  encounters: [encounter({ accountNumber: '40009010', admitDate: '2025-11-03', balance: 640 })],
});

function renderTable(plans: PaymentPlan[]) {
  function Harness() {
    const [amounts, setAmounts] = useState<EnteredAmounts>({});
    const [onAmountChange] = useState(
      () => (key: string, value: string) => setAmounts((current) => ({ ...current, [key]: value })),
    );
    return (
      <PaymentPlansTable
        plans={plans}
        centralFacilityId="107"
        amounts={amounts}
        onAmountChange={onAmountChange}
      />
    );
  }
  render(<Harness />);
  return { user: userEvent.setup() };
}

const table = () => screen.getByRole('table', { name: 'Encounters in Payment Plan' });

/** The plan's own row, found by its plan number cell. */
function planRow(number: string): HTMLElement {
  const row = within(table()).getByText(number).closest('tr');
  if (!row) throw new Error(`No row for ${number}`);
  return row;
}

describe('PaymentPlansTable', () => {
  it('SPEC §2 Encounters in Payment Plan table: an expander column then the SPEC columns', () => {
    renderTable([plan()]);
    const headers = within(table())
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Details',
      'Plan #',
      'Type',
      'Status',
      'Due Date',
      'Amount Due',
      'Payment Amount',
    ]);
    expect(within(table()).getAllByRole('columnheader')[0]?.firstElementChild).toHaveClass(
      'sr-only',
    );
  });

  it('SPEC §3 Payment plan: shown as id-version with its due date and amount due', () => {
    renderTable([plan(), brokenPlan]);
    const row = within(planRow('PP-7001-1'));
    expect(row.getByText('Dec 11, 2026')).toBeInTheDocument();
    expect(row.getByText('$150.00')).toBeInTheDocument();
    expect(row.getByText('+ $75.00 overdue')).toHaveClass('text-danger-text');
    expect(within(planRow('PP-7002-3')).queryByText(/overdue/)).not.toBeInTheDocument();
  });

  it('SPEC §3 Payment plan: a plan without a next due date shows a dash', () => {
    renderTable([plan({ nextDueDate: null })]);
    expect(within(planRow('PP-7001-1')).getByText('—')).toBeInTheDocument();
  });

  it('SPEC §4 Plan display: type and status colours beside their words', () => {
    renderTable([
      plan(),
      brokenPlan,
      plan({ id: 'PP-7003', type: 'Unknown', status: 'Unknown', overdueAmount: 0 }),
    ]);
    const first = within(planRow('PP-7001-1'));
    expect(first.getByText('Mail-in')).toHaveClass('bg-info-soft');
    expect(first.getByText('Active')).toHaveClass('bg-success-soft');
    const second = within(planRow('PP-7002-3'));
    expect(second.getByText('Auto')).toHaveClass('bg-success-soft');
    expect(second.getByText('Broken')).toHaveClass('bg-danger-soft');
    const third = within(planRow('PP-7003-1'));
    expect(third.getAllByText('Unknown')).toHaveLength(2);
    for (const badge of third.getAllByText('Unknown')) expect(badge).toHaveClass('bg-muted');
  });

  it("SPEC §4 Plan display: an 'Overdue' badge only when overdueAmount is above zero", () => {
    renderTable([plan(), brokenPlan]);
    expect(within(planRow('PP-7001-1')).getByText('Overdue')).toHaveClass('bg-danger-soft');
    expect(within(planRow('PP-7002-3')).queryByText('Overdue')).not.toBeInTheDocument();
  });

  it('SPEC §5 Amount inputs: the plan Full button fills the due amount plus the overdue amount', async () => {
    const { user } = renderTable([plan()]);
    const field = screen.getByRole('textbox', { name: 'Payment amount for PP-7001-1' });
    await user.click(screen.getByRole('button', { name: 'Full amount for PP-7001-1' }));
    expect(field).toHaveValue('225.00');
    expect(field).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Clear amount for PP-7001-1' }));
    expect(field).toHaveValue('');
  });

  it('SPEC §5 Amount inputs: a paid-off plan has its field and buttons disabled', () => {
    renderTable([plan({ currentBalance: 0, dueAmount: 0, overdueAmount: 0 })]);
    expect(screen.getByRole('textbox', { name: 'Payment amount for PP-7001-1' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Full amount for PP-7001-1' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Clear amount for PP-7001-1' })).toBeDisabled();
  });

  it('SPEC §5 Amount inputs: the main tab never flags an amount over what is due', async () => {
    const { user } = renderTable([plan()]);
    await user.type(screen.getByRole('textbox', { name: 'Payment amount for PP-7001-1' }), '9999');
    expect(screen.queryByText(DASHBOARD_MESSAGES.amountExceedsTotalDue)).not.toBeInTheDocument();
    expect(screen.queryByText(DASHBOARD_MESSAGES.amountExceedsBalance)).not.toBeInTheDocument();
  });

  it('SPEC §2 Encounters in Payment Plan: the expander button shows and hides the plan details', async () => {
    const { user } = renderTable([plan(), brokenPlan]);
    const show = screen.getByRole('button', { name: 'Show details for plan PP-7001-1' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    const details = document.getElementById(show.getAttribute('aria-controls') ?? '');
    expect(details).not.toBeVisible();

    await user.click(show);
    const hide = screen.getByRole('button', { name: 'Hide details for plan PP-7001-1' });
    expect(hide).toHaveAttribute('aria-expanded', 'true');
    expect(details).toBeVisible();
    const panel = within(details as HTMLElement);

    const fact = (term: string) => panel.getByText(term).nextElementSibling?.textContent;
    expect(fact('Monthly payment')).toBe('$150.00');
    expect(fact('Pay-off amount')).toBe('$1,480.00');
    expect(fact('Interest rate')).toBe('0%');
    expect(fact('Payments')).toBe('5 of 12 completed');

    const encounters = panel.getByRole('table', { name: 'Encounters in plan PP-7001-1' });
    const rows = within(encounters).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('107-40009001'),
      expect.stringContaining('107-40009002'),
    ]);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByText('Maria Garcia')).toBeInTheDocument();
    expect(first.getByText('Jan 20, 2026')).toBeInTheDocument();
    expect(first.getByText('$980.00')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Daniel Garcia')).toBeInTheDocument();

    // Only the plan asked about opens.
    expect(screen.getByRole('button', { name: 'Show details for plan PP-7002-3' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );

    await user.click(hide);
    expect(details).not.toBeVisible();
    expect(
      screen.queryByRole('table', { name: 'Encounters in plan PP-7001-1' }),
    ).not.toBeInTheDocument();
  });

  it('SPEC §2 Encounters in Payment Plan: double-clicking a row toggles its details', async () => {
    const { user } = renderTable([brokenPlan]);
    await user.dblClick(within(planRow('PP-7002-3')).getByText('Broken'));
    expect(screen.getByRole('button', { name: 'Hide details for plan PP-7002-3' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByText('2 of 10 completed')).toBeVisible();
    expect(
      within(screen.getByRole('table', { name: 'Encounters in plan PP-7002-3' })).getByText(
        '107-40009010',
      ),
    ).toBeInTheDocument();

    await user.dblClick(within(planRow('PP-7002-3')).getByText('PP-7002-3'));
    expect(screen.getByText('2 of 10 completed')).not.toBeVisible();
    expect(screen.getByRole('button', { name: 'Show details for plan PP-7002-3' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('SPEC §2 Encounters in Payment Plan: a double-click in the amount field or on a button does not toggle', async () => {
    const { user } = renderTable([plan()]);
    await user.dblClick(screen.getByRole('textbox', { name: 'Payment amount for PP-7001-1' }));
    await user.dblClick(screen.getByRole('button', { name: 'Clear amount for PP-7001-1' }));
    expect(screen.getByRole('button', { name: 'Show details for plan PP-7001-1' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('SPEC §2 Per-item rows: a plan with pending payments has the marker and its popover', async () => {
    const { user } = renderTable([
      plan({ pendingPayments: [{ receiptId: 'R-9001', date: '2026-11-01', amount: 50 }] }),
    ]);
    await user.click(screen.getByRole('button', { name: '$50.00 pending for PP-7001-1' }));
    const popover = within(
      await screen.findByRole('dialog', { name: 'Pending Payments for PP-7001-1' }),
    );
    expect(popover.getByText('R-9001')).toBeInTheDocument();
    expect(popover.getByText('Nov 1, 2026')).toBeInTheDocument();
    expect(popover.getAllByText('$50.00')).toHaveLength(2);
    // A double-click inside the popover belongs to the popover, not the row behind it.
    await user.dblClick(popover.getByText('R-9001'));
    expect(screen.getByRole('button', { name: 'Show details for plan PP-7001-1' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('SPEC §2 Encounters in Payment Plan: no pending marker without pending payments', () => {
    renderTable([plan()]);
    expect(screen.queryByRole('button', { name: /Pending Payments/ })).not.toBeInTheDocument();
  });

  it("SPEC §2 Encounters in Payment Plan: empty message 'No payment plan encounters found'", () => {
    renderTable([]);
    expect(
      within(table()).getByRole('cell', { name: DASHBOARD_MESSAGES.noPlanEncounters }),
    ).toHaveAttribute('colspan', '7');
  });
});
