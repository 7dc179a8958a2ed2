import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Encounter, PaymentPlan } from '@webpay/contracts/encounters';
import { DASHBOARD_LABELS } from '@webpay/contracts/messages';
import {
  encounterPayable,
  type EnteredAmounts,
  type PaymentRequest,
} from '@/lib/payments/payment-items.ts';
import { encounter, maria } from '@test/fixtures.ts';
import type { MainTab } from '../utils/dashboard-tabs.ts';
import { FacilityEncountersTable } from './facility-encounters-table.tsx';
import { MainTabPanel } from './main-tab-panel.tsx';
import { ROWS_PER_PAGE } from '../hooks/use-more-rows.ts';
import { PendingEncountersTable } from './pending-encounters-table.tsx';

/*
 * Accounts far longer than any demo guarantor's: a keystroke must not
 * re-render the whole table, and a table must not list thousands of rows at once.
 */

const accountNumber = (index: number) => String(40_100_000 + index);

function encounters(count: number): Encounter[] {
  return Array.from({ length: count }, (_, index) =>
    encounter({ accountNumber: accountNumber(index + 1), balance: 100 + index }),
  );
}

function plans(count: number): PaymentPlan[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `PP-${8000 + index}`,
    version: 1,
    type: 'Mail-in',
    status: 'Active',
    nextDueDate: '2026-12-11',
    dueAmount: 50,
    overdueAmount: 0,
    regularPaymentAmount: 50,
    currentBalance: 600,
    numberOfPayments: 12,
    amortization: [],
    encounters: [encounter({ accountNumber: String(40_900_000 + index), balance: 600 })],
  }));
}

function mainTab(list: Encounter[], planList: PaymentPlan[] = []): MainTab {
  return {
    kind: 'main',
    value: '107',
    title: 'Hospitals & Clinics',
    encounters: list,
    plans: planList,
    count: list.length + planList.length,
  };
}

function renderPanel(tab: MainTab) {
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
        supportPhone={undefined}
        amounts={amounts}
        onAmountChange={onAmountChange}
        customAmount={customAmount}
        onCustomAmountChange={setCustomAmount}
        onPay={vi.fn<(request: PaymentRequest) => void>()}
      />
    );
  }
  render(<Harness />);
  return userEvent.setup();
}

/*
 * Plain selectors rather than role queries: working out roles and names for
 * hundreds of rows is slow in jsdom, and the labels are checked elsewhere.
 */
function amountFields(tableName: string): HTMLInputElement[] {
  const heading = screen.getByText(tableName, { selector: 'h2' });
  const table = heading.closest('section')?.querySelector('table');
  return [...(table?.querySelectorAll('input') ?? [])];
}

function showMoreButton(visibleText: string): HTMLElement {
  return screen.getByText(visibleText, { selector: 'button' });
}

const anyShowMore = () => screen.queryByText(/^Show \d+ more$/, { selector: 'button' });

describe('a long account', () => {
  it('re-renders only the row typed in, with the totals', async () => {
    // Each row reads its patient's name when it renders; counting the reads counts the renders.
    const reads = [0, 0, 0];
    const list = encounters(3).map((item, index) =>
      Object.defineProperty({ ...item }, 'patientName', {
        get() {
          reads[index] = (reads[index] ?? 0) + 1;
          return item.patientName;
        },
      }),
    );
    const user = renderPanel(mainTab(list));
    reads.fill(0);

    await user.type(
      screen.getByRole('textbox', { name: `Payment amount for 107-${accountNumber(2)}` }),
      '25',
    );

    expect(reads[0]).toBe(0);
    expect(reads[1]).toBeGreaterThan(0);
    expect(reads[2]).toBe(0);
    expect(
      within(screen.getByRole('region', { name: DASHBOARD_LABELS.selectedForPayment })).getByText(
        '$25.00',
      ),
    ).toBeInTheDocument();
  });

  it('lists a page of encounters, and Show more lists the rest and moves focus to the first new row', async () => {
    const total = ROWS_PER_PAGE + 5;
    const user = renderPanel(mainTab(encounters(total)));
    const name = DASHBOARD_LABELS.pendingEncounters;
    expect(amountFields(name)).toHaveLength(ROWS_PER_PAGE);
    expect(screen.getByText(`Showing ${ROWS_PER_PAGE} of ${total} encounters`)).toHaveAttribute(
      'role',
      'status',
    );

    // The last page is smaller than the others, and the button goes once everything is listed.
    const button = showMoreButton('Show 5 more');
    expect(button).toHaveAccessibleName(`Show 5 more encounters in ${name}`);
    await user.click(button);
    expect(amountFields(name)).toHaveLength(total);
    expect(document.activeElement).toHaveTextContent(`107-${accountNumber(ROWS_PER_PAGE + 1)}`);
    expect(anyShowMore()).not.toBeInTheDocument();
    expect(screen.queryByText(/^Showing /)).not.toBeInTheDocument();
  });

  it('lists a page of payment plans, with their own Show more', async () => {
    const user = renderPanel(mainTab([], plans(ROWS_PER_PAGE + 1)));
    const name = DASHBOARD_LABELS.encountersInPaymentPlan;
    expect(amountFields(name)).toHaveLength(ROWS_PER_PAGE);
    const button = showMoreButton('Show 1 more');
    expect(button).toHaveAccessibleName(`Show 1 more payment plans in ${name}`);
    await user.click(button);
    expect(amountFields(name)).toHaveLength(ROWS_PER_PAGE + 1);
    expect(document.activeElement).toHaveTextContent(`PP-${8000 + ROWS_PER_PAGE}-1`);
  });

  it('lists every bill in one page for an account the size of the largest demo guarantor', () => {
    renderPanel(mainTab(encounters(150), plans(25)));
    expect(amountFields(DASHBOARD_LABELS.pendingEncounters)).toHaveLength(150);
    expect(amountFields(DASHBOARD_LABELS.encountersInPaymentPlan)).toHaveLength(25);
    expect(anyShowMore()).not.toBeInTheDocument();
  });

  it('lists, when built again, every row that already holds an amount', () => {
    const list = encounters(ROWS_PER_PAGE + 20);
    const typed = encounterPayable(list[ROWS_PER_PAGE + 9] as Encounter).key;
    render(
      <PendingEncountersTable
        encounters={list}
        amounts={{ [typed]: '5' }}
        onAmountChange={vi.fn()}
      />,
    );
    const fields = amountFields(DASHBOARD_LABELS.pendingEncounters);
    expect(fields).toHaveLength(ROWS_PER_PAGE + 10);
    expect(fields.at(-1)).toHaveValue('5');
  });

  it('pages an other-facility table too', () => {
    const rows = encounters(ROWS_PER_PAGE + 3).map((item) => {
      const external = { ...item, facilityId: '221', type: 'EXAR' as const };
      return { encounter: external, payable: encounterPayable(external) };
    });
    render(
      <FacilityEncountersTable
        title="Home Care"
        rows={rows}
        amounts={{}}
        onAmountChange={vi.fn()}
        refetching={false}
        onRefetch={vi.fn()}
      />,
    );
    expect(amountFields('Home Care encounters')).toHaveLength(ROWS_PER_PAGE);
    expect(showMoreButton('Show 3 more')).toHaveAccessibleName(
      'Show 3 more encounters in Home Care encounters',
    );
  });
});
