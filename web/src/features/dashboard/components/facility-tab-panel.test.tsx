import { useCallback, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Encounter } from '@webpay/contracts/encounters';
import { DASHBOARD_MESSAGES, DASHBOARD_NOTES } from '@webpay/contracts/messages';
import type { EnteredAmounts, PaymentRequest } from '@/lib/payments/payment-items.ts';
import { encounter } from '@test/fixtures.ts';
import type { FacilityTab } from '../utils/dashboard-tabs.ts';
import { alertStorageKey } from '../utils/dismissed-alerts.ts';
import { FacilityTabPanel } from './facility-tab-panel.tsx';

const JAMES = 'guarantor-james';
const DISMISS = 'Dismiss notice about payment delays';

function external(overrides: Partial<Encounter>): Encounter {
  return encounter({
    type: 'EXAR',
    patientName: 'James Wilson',
    admitDate: null,
    ...overrides,
  });
}

function facilityTab(value: string, title: string, encounters: Encounter[]): FacilityTab {
  return { kind: 'facility', value, title, encounters, count: encounters.length };
}

const homeCare = facilityTab('221', 'Home Care', [
  external({ facilityId: '221', accountNumber: '60001', balance: 89.99 }),
]);

const clinicLab = facilityTab('753', 'Salt Lake Clinic Lab', [
  external({ facilityId: '753', accountNumber: '70001', balance: 150 }),
  external({
    facilityId: '753',
    accountNumber: '70002',
    patientName: 'Emma Wilson',
    balance: 35.5,
  }),
  external({ facilityId: '753', accountNumber: '70003', balance: 0 }),
]);

interface HarnessProps {
  tab: FacilityTab;
  guarantorId?: string;
  supportPhone?: string;
  onPay?: (request: PaymentRequest) => void;
  onAmountsFill?: (values: Record<string, string>) => void;
  refetching?: boolean;
  onRefetch?: () => void;
}

/** Plays the container's part: it owns the amounts, as the dashboard does. */
function Harness({
  tab,
  guarantorId = JAMES,
  supportPhone = '(801) 555-0221',
  onPay = () => undefined,
  onAmountsFill,
  refetching = false,
  onRefetch = () => undefined,
}: HarnessProps) {
  const [amounts, setAmounts] = useState<EnteredAmounts>({});
  const change = useCallback(
    (key: string, value: string) => setAmounts((current) => ({ ...current, [key]: value })),
    [],
  );
  const fill = useCallback(
    (values: Record<string, string>) => {
      onAmountsFill?.(values);
      setAmounts((current) => ({ ...current, ...values }));
    },
    [onAmountsFill],
  );
  return (
    <FacilityTabPanel
      tab={tab}
      guarantorId={guarantorId}
      supportPhone={supportPhone}
      amounts={amounts}
      onAmountChange={change}
      onAmountsFill={fill}
      onPay={onPay}
      refetching={refetching}
      onRefetch={onRefetch}
    />
  );
}

const amountField = (number: string) =>
  screen.getByRole('textbox', { name: `Payment amount for ${number}` });

describe('other-facility tab: payment delay warning (SPEC §2, dismissal remembered per facility)', () => {
  it('warns that payments may take up to 24 hours to be reflected', () => {
    render(<Harness tab={homeCare} />);
    expect(screen.getByRole('note')).toHaveTextContent(DASHBOARD_NOTES.otherFacilityDelay);
    expect(screen.getByRole('button', { name: DISMISS })).toBeEnabled();
  });

  it('goes away when dismissed, keeps keyboard focus in the panel, and stays away after a reload', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Harness tab={homeCare} />);
    await user.click(screen.getByRole('button', { name: DISMISS }));

    expect(screen.queryByText(DASHBOARD_NOTES.otherFacilityDelay)).not.toBeInTheDocument();
    expect(document.activeElement).not.toBe(document.body);
    expect(localStorage.getItem(alertStorageKey(JAMES, 'payment-delay-221'))).not.toBeNull();

    unmount();
    render(<Harness tab={homeCare} />);
    expect(screen.queryByText(DASHBOARD_NOTES.otherFacilityDelay)).not.toBeInTheDocument();
  });

  it('still warns another guarantor, and the same guarantor at another facility', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Harness tab={homeCare} />);
    await user.click(screen.getByRole('button', { name: DISMISS }));
    unmount();

    const other = render(<Harness tab={homeCare} guarantorId="guarantor-maria" />);
    expect(screen.getByText(DASHBOARD_NOTES.otherFacilityDelay)).toBeInTheDocument();
    other.unmount();

    render(<Harness tab={clinicLab} />);
    expect(screen.getByText(DASHBOARD_NOTES.otherFacilityDelay)).toBeInTheDocument();
  });

  it('shows the warning and can still dismiss it when the browser storage throws', async () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const user = userEvent.setup();
    render(<Harness tab={homeCare} />);
    expect(screen.getByText(DASHBOARD_NOTES.otherFacilityDelay)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: DISMISS }));
    expect(screen.queryByText(DASHBOARD_NOTES.otherFacilityDelay)).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Home Care encounters' })).toBeInTheDocument();
  });
});

describe('other-facility tab: summary cards (SPEC §2 cards, §4 Payment mode, Pay Total)', () => {
  it('shows Total Outstanding as the sum of the balances with the item count', () => {
    render(<Harness tab={clinicLab} />);
    const card = screen.getByRole('region', { name: 'Total Outstanding' });
    expect(within(card).getByText('$185.50')).toBeInTheDocument();
    expect(within(card).getByText('3 items')).toBeInTheDocument();
  });

  it('says 1 item for a single encounter', () => {
    render(<Harness tab={homeCare} />);
    const card = screen.getByRole('region', { name: 'Total Outstanding' });
    expect(within(card).getByText('$89.99')).toBeInTheDocument();
    expect(within(card).getByText('1 item')).toBeInTheDocument();
  });

  it('Pay Total fills each balance above zero with two decimals and pays in encounter mode with external items', async () => {
    const onPay = vi.fn();
    const onAmountsFill = vi.fn();
    const user = userEvent.setup();
    render(<Harness tab={clinicLab} onPay={onPay} onAmountsFill={onAmountsFill} />);

    await user.click(screen.getByRole('button', { name: 'Pay Total' }));

    expect(onAmountsFill).toHaveBeenCalledExactlyOnceWith({
      '753-70001': '150.00',
      '753-70002': '35.50',
    });
    expect(amountField('753-70001')).toHaveValue('150.00');
    expect(amountField('753-70002')).toHaveValue('35.50');
    expect(amountField('753-70003')).toHaveValue('');
    expect(onPay).toHaveBeenCalledExactlyOnceWith({
      mode: 'encounter',
      items: [
        {
          type: 'external',
          facilityId: '753',
          accountNumber: '70001',
          description: '753-70001 | James Wilson',
          amount: 150,
        },
        {
          type: 'external',
          facilityId: '753',
          accountNumber: '70002',
          description: '753-70002 | Emma Wilson',
          amount: 35.5,
        },
      ],
    });
  });

  it('disables Pay Total when nothing is outstanding', () => {
    render(
      <Harness
        tab={facilityTab('990', 'Medical Equipment', [
          external({ facilityId: '990', accountNumber: '91001', balance: 0 }),
        ])}
      />,
    );
    expect(screen.getByRole('button', { name: 'Pay Total' })).toBeDisabled();
  });

  it('Need Assistance shows the facility and its support phone as a call link', () => {
    render(<Harness tab={homeCare} />);
    const card = screen.getByRole('region', { name: 'Need Assistance' });
    expect(within(card).getByText('Home Care')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: '(801) 555-0221' })).toHaveAttribute(
      'href',
      'tel:8015550221',
    );
  });

  it('Need Assistance points to the statement when no support phone is configured', () => {
    render(<FacilityTabPanel {...panelProps(homeCare)} supportPhone={undefined} />);
    const card = screen.getByRole('region', { name: 'Need Assistance' });
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
    expect(card).toHaveTextContent(/statement/);
  });
});

function panelProps(tab: FacilityTab) {
  return {
    tab,
    guarantorId: JAMES,
    supportPhone: '(801) 555-0221',
    amounts: {},
    onAmountChange: () => undefined,
    onAmountsFill: () => undefined,
    onPay: () => undefined,
    refetching: false,
    onRefetch: () => undefined,
  };
}

describe('other-facility tab: encounters table (SPEC §2 columns, §5 Amount inputs, amount exceeds balance)', () => {
  it('has the SPEC columns, the encounter number, Self Pay and the balance', () => {
    render(<Harness tab={homeCare} />);
    const table = screen.getByRole('table', { name: 'Home Care encounters' });
    expect(screen.getByRole('heading', { level: 2, name: 'Home Care encounters' })).toBeVisible();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Account Number', 'Patient Name', 'Status', 'Balance', 'Payment Amount']);

    const row = within(within(table).getAllByRole('row')[1] as HTMLElement);
    expect(row.getByText('221-60001')).toBeInTheDocument();
    expect(row.getByText('James Wilson')).toBeInTheDocument();
    expect(row.getByText('Self Pay')).toBeInTheDocument();
    expect(row.getByText('$89.99')).toBeInTheDocument();
    expect(amountField('221-60001')).toBeEnabled();
  });

  it('shows Self Pay whatever status the feed carries', () => {
    render(
      <Harness
        tab={facilityTab('221', 'Home Care', [
          external({ facilityId: '221', accountNumber: '60001', status: 'payment_plan' }),
        ])}
      />,
    );
    expect(screen.getByText('Self Pay')).toBeInTheDocument();
  });

  it('shows pending payments beside the balance', () => {
    render(
      <Harness
        tab={facilityTab('221', 'Home Care', [
          external({
            facilityId: '221',
            accountNumber: '60001',
            balance: 89.99,
            pendingPayments: [{ receiptId: 'R-1', date: '2026-11-01', amount: 10 }],
          }),
        ])}
      />,
    );
    expect(
      screen.getByRole('button', { name: '$10.00 pending for 221-60001' }),
    ).toBeInTheDocument();
  });

  it("flags 'Amount exceeds balance' only while the amount is above the balance", async () => {
    const user = userEvent.setup();
    render(<Harness tab={homeCare} />);
    const field = amountField('221-60001');

    await user.type(field, '89.99');
    expect(screen.queryByText(DASHBOARD_MESSAGES.amountExceedsBalance)).not.toBeInTheDocument();
    expect(field).not.toHaveAttribute('aria-invalid');

    await user.clear(field);
    await user.type(field, '90');
    expect(screen.getByText(DASHBOARD_MESSAGES.amountExceedsBalance)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(DASHBOARD_MESSAGES.amountExceedsBalance);

    await user.clear(field);
    await user.type(field, '89');
    expect(screen.queryByText(DASHBOARD_MESSAGES.amountExceedsBalance)).not.toBeInTheDocument();
  });

  it("says 'No encounters found' followed by the facility title when there are none", () => {
    render(<Harness tab={facilityTab('221', 'Home Care', [])} />);
    const table = screen.getByRole('table', { name: 'Home Care encounters' });
    const cell = within(table).getByRole('cell');
    expect(cell.textContent).toMatch(/^No encounters found\s*Home Care$/);
    expect(cell.textContent?.startsWith(DASHBOARD_MESSAGES.noFacilityEncounters)).toBe(true);
  });

  it('notes that these encounters are not eligible for payment plans', () => {
    render(<Harness tab={homeCare} />);
    expect(screen.getByText(DASHBOARD_NOTES.notEligibleForPlans)).toBeInTheDocument();
  });
});

describe('other-facility tab: Pay Now (SPEC §2 Selected for Payment and bottom bar, §5 Amount inputs, Pay Now disabled)', () => {
  it('disables both Pay Now buttons and says no items are selected while nothing is entered', () => {
    render(<Harness tab={clinicLab} />);
    const card = screen.getByRole('region', { name: 'Selected for Payment' });
    const bar = screen.getByRole('region', { name: 'Payment for Salt Lake Clinic Lab' });
    expect(within(card).getByRole('button', { name: 'Pay Now' })).toBeDisabled();
    expect(within(bar).getByRole('button', { name: 'Pay Now $0.00' })).toBeDisabled();
    expect(within(card).getByText(DASHBOARD_MESSAGES.noItemsSelected)).toBeInTheDocument();
    expect(within(bar).getByText(DASHBOARD_MESSAGES.noItemsSelected)).toBeInTheDocument();
  });

  it('pays the entered amounts in encounter mode from the card and the bottom bar', async () => {
    const onPay = vi.fn();
    const user = userEvent.setup();
    render(<Harness tab={clinicLab} onPay={onPay} />);
    await user.type(amountField('753-70002'), '20');

    const card = screen.getByRole('region', { name: 'Selected for Payment' });
    expect(within(card).getByText('$20.00')).toBeInTheDocument();
    expect(within(card).getByText('1 item selected')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Pay Now' }));

    const bar = screen.getByRole('region', { name: 'Payment for Salt Lake Clinic Lab' });
    await user.click(within(bar).getByRole('button', { name: 'Pay Now $20.00' }));

    const expected = {
      mode: 'encounter',
      items: [
        {
          type: 'external',
          facilityId: '753',
          accountNumber: '70002',
          description: '753-70002 | Emma Wilson',
          amount: 20,
        },
      ],
    };
    expect(onPay).toHaveBeenCalledTimes(2);
    expect(onPay).toHaveBeenNthCalledWith(1, expected);
    expect(onPay).toHaveBeenNthCalledWith(2, expected);
  });

  it('keeps Pay Now enabled and pays an amount above a balance, which stays flagged (SPEC §2, §5)', async () => {
    const onPay = vi.fn();
    const user = userEvent.setup();
    render(<Harness tab={clinicLab} onPay={onPay} />);
    await user.type(amountField('753-70001'), '10');
    await user.type(amountField('753-70002'), '40');
    expect(amountField('753-70002')).toHaveAccessibleDescription(
      DASHBOARD_MESSAGES.amountExceedsBalance,
    );

    const card = screen.getByRole('region', { name: 'Selected for Payment' });
    expect(within(card).getByRole('button', { name: 'Pay Now' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Pay Now $50.00' }));
    expect(onPay).toHaveBeenCalledExactlyOnceWith({
      mode: 'encounter',
      items: [
        expect.objectContaining({ accountNumber: '70001', amount: 10 }),
        expect.objectContaining({ accountNumber: '70002', amount: 40 }),
      ],
    });
  });
});

describe('other-facility tab: refetch (SPEC §2 Account/encounter panel per facility)', () => {
  const REFRESH = 'Refresh Home Care encounters';

  it("has a Refresh button beside the panel's title that loads the bills again", async () => {
    const onRefetch = vi.fn();
    const user = userEvent.setup();
    render(<Harness tab={homeCare} onRefetch={onRefetch} />);
    const heading = screen.getByRole('heading', { level: 2, name: 'Home Care encounters' });
    const refresh = screen.getByRole('button', { name: REFRESH });
    expect(refresh).toHaveTextContent('Refresh');
    expect(heading.parentElement).toContainElement(refresh);
    expect(heading.querySelector('svg[aria-hidden="true"]')).not.toBeNull();

    await user.click(refresh);
    expect(onRefetch).toHaveBeenCalledOnce();
    expect(screen.getByRole('status')).toHaveTextContent('Home Care encounters are up to date.');
  });

  it('keeps what was typed, stays focusable while loading and does not ask twice', async () => {
    const onRefetch = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(<Harness tab={homeCare} onRefetch={onRefetch} />);
    await user.type(amountField('221-60001'), '12');
    rerender(<Harness tab={homeCare} onRefetch={onRefetch} refetching />);

    const refresh = screen.getByRole('button', { name: REFRESH });
    expect(refresh).toBeEnabled();
    expect(refresh).toHaveAttribute('aria-busy', 'true');
    await user.click(refresh);
    expect(onRefetch).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('Refreshing Home Care encounters…');
    expect(amountField('221-60001')).toHaveValue('12');
  });
});
