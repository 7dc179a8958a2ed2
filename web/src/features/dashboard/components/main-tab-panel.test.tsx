import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Encounter, PaymentPlan } from '@webpay/contracts/encounters';
import { DASHBOARD_MESSAGES, DASHBOARD_NOTES } from '@webpay/contracts/messages';
import { AMOUNT_MESSAGES } from '@webpay/contracts/money';
import type { EnteredAmounts, PaymentRequest } from '@/lib/payments/payment-items.ts';
import { encounter, maria } from '@test/fixtures.ts';
import type { MainTab } from '../utils/dashboard-tabs.ts';
import { MainTabPanel } from './main-tab-panel.tsx';

function instalments(total: number, completed: number): PaymentPlan['amortization'] {
  return Array.from({ length: total }, (_, index) => ({
    number: index + 1,
    dueDate: `2026-${String((index % 12) + 1).padStart(2, '0')}-01`,
    amount: 150,
    completedAt: index < completed ? `2026-${String((index % 12) + 1).padStart(2, '0')}-01` : null,
  }));
}

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

function mainTab(encounters: Encounter[], plans: PaymentPlan[]): MainTab {
  return {
    kind: 'main',
    value: '107',
    title: 'Hospitals & Clinics',
    encounters,
    plans,
    count: encounters.length + plans.length,
  };
}

/** Maria Garcia's main tab (DEMO_DATA §1). */
function mariaTab(): MainTab {
  return mainTab(
    [
      encounter({
        pendingPayments: [{ receiptId: 'R-9001', date: '2026-11-01', amount: 50 }],
      }),
      encounter({
        accountNumber: '40010002',
        patientName: 'Daniel Garcia',
        admitDate: '2026-08-15',
        balance: 310.45,
      }),
      encounter({ accountNumber: '40010003', admitDate: '2026-09-30', balance: 0 }),
    ],
    [
      plan(),
      plan({
        id: 'PP-7002',
        version: 3,
        type: 'Auto',
        status: 'Broken',
        nextDueDate: '2026-11-26',
        dueAmount: 80,
        overdueAmount: 0,
        regularPaymentAmount: 80,
        currentBalance: 640,
        numberOfPayments: 10,
        amortization: instalments(10, 2),
        encounters: [
          encounter({ accountNumber: '40009010', admitDate: '2025-11-03', balance: 640 }),
        ],
      }),
    ],
  );
}

/** Linda Chen's main tab (DEMO_DATA §3): one encounter, nothing owed. */
function lindaTab(): MainTab {
  return mainTab(
    [
      encounter({
        accountNumber: '40030001',
        patientName: 'Linda Chen',
        admitDate: '2026-05-10',
        balance: 0,
      }),
    ],
    [],
  );
}

/** Holds the state the dashboard container would, so typing and Full behave as on the page. */
function renderPanel(
  tab: MainTab,
  { supportPhone }: { supportPhone?: string } = { supportPhone: '(801) 555-0142' },
) {
  const onPay = vi.fn<(request: PaymentRequest) => void>();
  function Harness() {
    const [amounts, setAmounts] = useState<EnteredAmounts>({});
    const [customAmount, setCustomAmount] = useState('');
    const [onAmountChange] = useState(
      () => (key: string, value: string) => setAmounts((current) => ({ ...current, [key]: value })),
    );
    return (
      <MainTabPanel
        tab={tab}
        centralFacilityId="107"
        user={maria}
        supportPhone={supportPhone}
        amounts={amounts}
        onAmountChange={onAmountChange}
        customAmount={customAmount}
        onCustomAmountChange={setCustomAmount}
        onPay={onPay}
      />
    );
  }
  render(<Harness />);
  return { onPay, user: userEvent.setup() };
}

const card = (name: string) => within(screen.getByRole('region', { name }));

describe('MainTabPanel', () => {
  it('SPEC §2 Main tab summary cards / §4 Payment mode: Total Outstanding is the balances plus each plan due and overdue', () => {
    renderPanel(mariaTab());
    const total = card('Total Outstanding');
    // 1250 + 310.45 + 0 + (150 + 75) + (80 + 0)
    expect(total.getByText('$1,865.45')).toBeInTheDocument();
    expect(total.getByText('5 items')).toBeInTheDocument();
    expect(total.getByRole('button', { name: 'Pay Total' })).toBeEnabled();
  });

  it('puts each amount field under its name and to the right on a phone, as on the other tabs', () => {
    renderPanel(mariaTab());
    // jsdom lays nothing out: the cell is a column whose field row stretches (and ends right).
    for (const name of ['Payment amount for 107-40010002', 'Payment amount for PP-7001-1']) {
      const cell = screen.getByRole('textbox', { name }).closest('td');
      expect(cell).toHaveClass('flex-col', 'items-stretch');
      expect(cell).not.toHaveClass('flex-wrap');
    }
  });

  it('SPEC §2 Main tab summary cards: one item is counted in the singular', () => {
    renderPanel(mainTab([encounter()], []));
    expect(card('Total Outstanding').getByText('1 item')).toBeInTheDocument();
  });

  it('SPEC §2 Past Due: the overdue plan amounts in red, labelled Overdue Payment Plans', () => {
    renderPanel(mariaTab());
    const pastDue = card('Past Due');
    expect(pastDue.getByText('$75.00')).toHaveClass('text-danger-text');
    expect(pastDue.getByText('Overdue Payment Plans')).toBeInTheDocument();
  });

  it('SPEC §2 Past Due: not red when nothing is overdue', () => {
    renderPanel(lindaTab());
    expect(card('Past Due').getByText('$0.00')).not.toHaveClass('text-danger-text');
  });

  it('SPEC §4 Payment mode: Pay Total opens total mode for the whole outstanding amount', async () => {
    const { onPay, user } = renderPanel(mariaTab());
    await user.click(card('Total Outstanding').getByRole('button', { name: 'Pay Total' }));
    expect(onPay).toHaveBeenCalledExactlyOnceWith({
      mode: 'total',
      items: [
        {
          type: 'total',
          facilityId: '107',
          accountNumber: '100200300',
          description: 'Amount Due Payment',
          amount: 1865.45,
        },
      ],
    });
  });

  it('SPEC §4 Payment mode: custom Pay Now opens custom mode with the amount typed', async () => {
    const { onPay, user } = renderPanel(mariaTab());
    const specify = card('Specify Amount');
    const field = specify.getByRole('textbox', { name: 'Custom payment amount' });
    const payNow = specify.getByRole('button', { name: 'Pay Now' });

    expect(payNow).toBeDisabled();
    await user.type(field, '$4o0.255');
    expect(field).toHaveValue('40.25');
    await user.click(payNow);

    expect(onPay).toHaveBeenCalledExactlyOnceWith({
      mode: 'custom',
      items: [
        {
          type: 'custom',
          facilityId: '107',
          accountNumber: '100200300',
          description: 'Custom Payment',
          amount: 40.25,
        },
      ],
    });
  });

  it.each(['0', '.', '0.00'])(
    'SPEC §5 Amount inputs: custom Pay Now is disabled only while empty; %s is refused on Pay',
    async (entry) => {
      const { onPay, user } = renderPanel(mariaTab());
      const specify = card('Specify Amount');
      const field = specify.getByRole('textbox', { name: 'Custom payment amount' });
      const payNow = specify.getByRole('button', { name: 'Pay Now' });

      expect(payNow).toBeDisabled();
      await user.type(field, entry);
      expect(payNow).toBeEnabled();
      expect(field).not.toHaveAttribute('aria-invalid');
      await user.click(payNow);

      expect(onPay).not.toHaveBeenCalled();
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(AMOUNT_MESSAGES.tooSmall);
      expect(field).toHaveFocus();

      // Enter refuses it the same way; a change clears the message.
      await user.type(field, '{Enter}');
      expect(onPay).not.toHaveBeenCalled();
      await user.clear(field);
      expect(specify.queryByText(AMOUNT_MESSAGES.tooSmall)).not.toBeInTheDocument();
      expect(field).not.toHaveAttribute('aria-invalid');
      expect(payNow).toBeDisabled();
    },
  );

  it('SPEC §4 Payment mode: Enter in the custom field pays like its Pay Now', async () => {
    const { onPay, user } = renderPanel(mariaTab());
    await user.type(screen.getByRole('textbox', { name: 'Custom payment amount' }), '12{Enter}');
    expect(onPay).toHaveBeenCalledWith(
      expect.objectContaining({ mode: 'custom', items: [expect.objectContaining({ amount: 12 })] }),
    );
  });

  it('SPEC §2 Specify Amount: the info popover explains custom payments', async () => {
    const { user } = renderPanel(mariaTab());
    await user.click(screen.getByRole('button', { name: 'About custom payments' }));
    expect(await screen.findByRole('dialog', { name: 'About custom payments' })).toHaveTextContent(
      DASHBOARD_NOTES.customAmountHelp,
    );
  });

  it('SPEC §4 Payment mode: selected Pay Now uses encounter mode with per-item amounts, encounters then plans', async () => {
    const { onPay, user } = renderPanel(mariaTab());
    await user.click(screen.getByRole('button', { name: 'Full amount for PP-7001-1' }));
    await user.type(
      screen.getByRole('textbox', { name: 'Payment amount for 107-40010001' }),
      '100',
    );

    const selected = card('Selected for Payment');
    expect(selected.getByText('$325.00')).toBeInTheDocument();
    expect(selected.getByText('2 items selected')).toBeInTheDocument();
    await user.click(selected.getByRole('button', { name: 'Pay Now' }));

    const expected: PaymentRequest = {
      mode: 'encounter',
      items: [
        {
          type: 'encounter',
          facilityId: '107',
          accountNumber: '40010001',
          description: '107-40010001 | Maria Garcia',
          amount: 100,
        },
        {
          type: 'payment_plan',
          facilityId: '107',
          accountNumber: 'PP-7001',
          description: 'PP-7001-1 | Payment Plan',
          amount: 225,
        },
      ],
    };
    expect(onPay).toHaveBeenLastCalledWith(expected);

    const bar = within(screen.getByRole('region', { name: 'Payment for Hospitals & Clinics' }));
    await user.click(bar.getByRole('button', { name: 'Pay Now $325.00' }));
    expect(onPay).toHaveBeenLastCalledWith(expected);
  });

  it('SPEC §5 Amount inputs: items with zero or empty amounts are left out of the payment', async () => {
    const { user } = renderPanel(mariaTab());
    await user.type(screen.getByRole('textbox', { name: 'Payment amount for 107-40010002' }), '0');
    expect(card('Selected for Payment').getByText('No items selected for payment')).toBeVisible();
    expect(card('Selected for Payment').getByRole('button', { name: 'Pay Now' })).toBeDisabled();
  });

  it('SPEC §5 Amount inputs: with nothing outstanding every way to pay is disabled', () => {
    renderPanel(lindaTab());
    expect(card('Total Outstanding').getByText('$0.00')).toBeInTheDocument();
    expect(card('Total Outstanding').getByRole('button', { name: 'Pay Total' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Custom payment amount' })).toBeDisabled();
    expect(card('Specify Amount').getByRole('button', { name: 'Pay Now' })).toBeDisabled();
    expect(card('Selected for Payment').getByRole('button', { name: 'Pay Now' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Pay Now $0.00' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Payment amount for 107-40030001' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Full amount for 107-40030001' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Clear amount for 107-40030001' })).toBeDisabled();
  });

  it('SPEC §2 Pending Encounters table: SPEC columns, labels and formats', () => {
    renderPanel(mariaTab());
    const table = screen.getByRole('table', { name: 'Pending Encounters' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Encounter Number',
      'Patient Name',
      'Status',
      'Admit Date',
      'Balance',
      'Payment Amount',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const second = within(rows[1] as HTMLElement);
    expect(second.getByText('107-40010002')).toBeInTheDocument();
    expect(second.getByText('Daniel Garcia')).toBeInTheDocument();
    expect(second.getByText('Self Pay')).toBeInTheDocument();
    expect(second.getByText('Aug 15, 2026')).toBeInTheDocument();
    expect(second.getByText('$310.45')).toHaveClass('tabular-nums');
  });

  it('SPEC §2 Per-item rows: Full fills the whole balance and focuses the field; Clear clears it', async () => {
    const { user } = renderPanel(mariaTab());
    const field = screen.getByRole('textbox', { name: 'Payment amount for 107-40010002' });
    await user.click(screen.getByRole('button', { name: 'Full amount for 107-40010002' }));
    expect(field).toHaveValue('310.45');
    expect(field).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Clear amount for 107-40010002' }));
    expect(field).toHaveValue('');
  });

  it("SPEC §5 Amount inputs: the main tab's over-balance check never flags", async () => {
    const { user } = renderPanel(mariaTab());
    const field = screen.getByRole('textbox', { name: 'Payment amount for 107-40010002' });
    await user.type(field, '5000');
    expect(field).toHaveValue('5000');
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(DASHBOARD_MESSAGES.amountExceedsBalance)).not.toBeInTheDocument();
  });

  it('SPEC §2 Pending Payments popover: lists receipt, date and amount with a total', async () => {
    const { user } = renderPanel(mariaTab());
    await user.click(screen.getByRole('button', { name: '$50.00 pending for 107-40010001' }));
    const popover = within(
      await screen.findByRole('dialog', { name: 'Pending Payments for 107-40010001' }),
    );
    expect(popover.getByText('R-9001')).toBeInTheDocument();
    expect(popover.getByText('Nov 1, 2026')).toBeInTheDocument();
    expect(popover.getAllByText('$50.00')).toHaveLength(2);
    expect(popover.getByText('Total')).toBeInTheDocument();
  });

  it('SPEC §2 Pending Encounters / Encounters in Payment Plan: empty messages', () => {
    renderPanel(mainTab([], []));
    const encounters = screen.getByRole('table', { name: 'Pending Encounters' });
    expect(
      within(encounters).getByRole('cell', { name: 'No current encounters found' }),
    ).toHaveAttribute('colspan', '6');
    const plans = screen.getByRole('table', { name: 'Encounters in Payment Plan' });
    expect(
      within(plans).getByRole('cell', { name: 'No payment plan encounters found' }),
    ).toHaveAttribute('colspan', '7');
  });

  it('SPEC §2 Footer note: asks the user to call the support phone, which is a link', () => {
    renderPanel(mariaTab());
    const link = screen.getByRole('link', { name: '(801) 555-0142' });
    expect(link).toHaveAttribute('href', 'tel:8015550142');
    expect(link.closest('p')).toHaveTextContent(DASHBOARD_NOTES.paymentOptions('(801) 555-0142'));
  });

  it('SPEC §2 Footer note: left out without a support phone', () => {
    renderPanel(mariaTab(), {});
    const [opening = ''] = DASHBOARD_NOTES.paymentOptions('\u0000').split('\u0000');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(opening.trim());
  });

  it('SPEC §2 Dashboard: card titles and table headings are second-level headings', () => {
    renderPanel(mariaTab());
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual([
      'Total Outstanding',
      'Past Due',
      'Specify Amount',
      'Selected for Payment',
      'Pending Encounters',
      'Encounters in Payment Plan',
    ]);
  });
});
