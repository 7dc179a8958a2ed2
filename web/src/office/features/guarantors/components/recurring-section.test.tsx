import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRouter,
} from '@tanstack/react-router';
import type { StaffRole } from '@webpay/contracts/office';
import type { GuarantorRecurring } from '@webpay/contracts/office-recurring';
import { staffSession } from '@/office/lib/staff-session.ts';
import { fakeOfficeService, json, renderWithQueries } from '@test/office/office-service.tsx';
import { RecurringSection } from './recurring-section.tsx';

const AUTHORIZATION_TEXT =
  'I agree to pay Wasatch Valley Health $600.00 for account 107-40010001 in 6 monthly payments of $100.00, interest-free.';

const recurring: GuarantorRecurring = {
  methods: [
    {
      id: 'm-card',
      kind: 'card',
      brand: 'VISA',
      last4: '4421',
      expiry: '12/30',
      expiresOn: '2030-12-31',
      expiringSoon: false,
      expired: false,
      holderName: 'Maria Garcia',
      isDefault: true,
      usedBy: [{ kind: 'plan', planNumber: 'PP-7K2M9QXD', planVersion: 1 }],
      createdAt: '2026-08-20T16:00:00.000Z',
      removedAt: null,
    },
    {
      id: 'm-bank',
      kind: 'bank',
      brand: 'CHECKING',
      last4: '6789',
      expiry: null,
      expiresOn: null,
      expiringSoon: false,
      expired: false,
      holderName: 'Maria Garcia',
      isDefault: false,
      usedBy: [],
      createdAt: '2026-08-21T16:00:00.000Z',
      removedAt: '2026-11-10T15:00:00.000Z',
    },
  ],
  plans: [
    {
      planNumber: 'PP-7K2M9QXD',
      version: 1,
      status: 'Active',
      createdAt: '2026-08-20T16:00:00.000Z',
      totalCents: 60_000,
      autopay: true,
      paymentMethodId: 'm-card',
      matchedAt: null,
      exportedAt: '2026-08-21T03:00:00.000Z',
      needsAttention: true,
      instalments: [
        { number: 1, dueDate: '2026-09-05', amountCents: 10_000, status: 'paid' },
        { number: 2, dueDate: '2026-10-05', amountCents: 10_000, status: 'overdue' },
        { number: 3, dueDate: '2026-12-05', amountCents: 10_000, status: 'due' },
      ],
    },
  ],
  statementAutopay: null,
  authorizations: [
    {
      id: 'a-1',
      kind: 'plan',
      planNumber: 'PP-7K2M9QXD',
      paymentMethodId: 'm-card',
      text: AUTHORIZATION_TEXT,
      language: 'en',
      acceptedAt: '2026-08-20T16:00:00.000Z',
      ipAddress: '203.0.113.7',
      revokedAt: null,
      revokedBy: null,
      revokeReason: null,
    },
  ],
  upcoming: [],
  history: [
    {
      kind: 'instalment',
      planNumber: 'PP-7K2M9QXD',
      instalmentNumber: 1,
      date: '2026-09-05',
      amountCents: 10_000,
      attempt: 1,
      status: 'paid',
      receiptId: 'R-9001',
      failure: null,
      paymentMethodId: 'm-card',
    },
    {
      kind: 'instalment',
      planNumber: 'PP-7K2M9QXD',
      instalmentNumber: 2,
      date: '2026-10-08',
      amountCents: 10_000,
      attempt: 2,
      status: 'declined',
      receiptId: null,
      failure: 'DECLINED',
      paymentMethodId: 'm-card',
    },
  ],
};

/** The section inside a router of its own, so its receipt links have somewhere to point. */
function renderSection(role: StaffRole) {
  const root = createRootRoute({
    component: () => <RecurringSection guarantorId="g-1" role={role} />,
  });
  const router = createRouter({
    routeTree: root,
    basepath: '/office',
    history: createMemoryHistory({ initialEntries: ['/office/guarantors/g-1'] }),
  });
  return renderWithQueries(<RouterProvider router={router} />);
}

describe('recurring payments on a guarantor’s page', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    staffSession.start({
      token: 'staff-token',
      expiresAt: Date.now() + 3_600_000,
      idleTimeoutMs: 900_000,
    });
  });

  it('shows methods masked, plans with instalments, authorizations word for word and receipts', async () => {
    fakeOfficeService({ 'GET /guarantors/g-1/recurring': () => json(recurring) });
    renderSection('viewer');
    const section = await screen.findByRole('region', { name: 'Recurring payments' });

    const methods = await within(section).findByRole('table', { name: 'Saved payment methods' });
    const [, card, bank] = within(methods).getAllByRole('row');
    expect(card).toHaveTextContent('Visa card ending in 4421');
    expect(card).toHaveTextContent('12/30');
    expect(card).toHaveTextContent('Plan PP-7K2M9QXD');
    expect(card).toHaveTextContent('Default');
    expect(bank).toHaveTextContent('Checking account ending in 6789');
    expect(bank).toHaveTextContent('Removed');

    expect(within(section).getByText('Needs attention')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(section).getByText('Instalments of plan PP-7K2M9QXD'));
    const instalments = within(section).getByRole('table', {
      name: 'Instalments of plan PP-7K2M9QXD',
    });
    expect(
      within(instalments)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell').at(-1)?.textContent),
    ).toEqual(['StatusPaid', 'StatusOverdue', 'StatusDue']);

    const authorizations = within(section).getByRole('list', { name: 'Authorizations' });
    expect(authorizations).toHaveTextContent('203.0.113.7');
    expect(authorizations).toHaveTextContent('English');
    await user.click(within(authorizations).getByText('Full text'));
    expect(within(authorizations).getByText(AUTHORIZATION_TEXT)).toBeVisible();

    const history = within(section).getByRole('table', { name: 'Autopay history' });
    expect(within(history).getByRole('link', { name: 'R-9001' })).toHaveAttribute(
      'href',
      '/office/payments?receipt=R-9001',
    );
    expect(history).toHaveTextContent('DECLINED');
    expect(history).toHaveTextContent('Retry (attempt 2)');

    // Viewers read only.
    expect(within(section).queryByRole('button', { name: /Cancel autopay/ })).toBeNull();
  });

  it('asks an agent for a reason before cancelling, then sends it and says what was done', async () => {
    const { calls } = fakeOfficeService({
      'GET /guarantors/g-1/recurring': () => json(recurring),
      'POST /guarantors/g-1/plans/PP-7K2M9QXD/cancel-autopay': () =>
        json({ message: 'Autopay on plan PP-7K2M9QXD is cancelled.' }),
    });
    renderSection('agent');
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Cancel autopay on plan PP-7K2M9QXD' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Cancel autopay on plan PP-7K2M9QXD',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel autopay' }));
    expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription(
      expect.stringContaining('Reason is required'),
    );
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.type(within(dialog).getByLabelText('Reason'), 'Card lost, caller asked');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel autopay' }));
    expect(
      await within(dialog).findByText('Autopay on plan PP-7K2M9QXD is cancelled.'),
    ).toBeInTheDocument();
    const sent = calls.find((call) => call.method === 'POST');
    expect(sent?.body).toEqual({ reason: 'Card lost, caller asked' });
    expect(sent?.headers.get('Authorization')).toBe('Bearer staff-token');
  });

  it('shows the service’s refusal in the section', { timeout: 10_000 }, async () => {
    fakeOfficeService({
      'GET /guarantors/g-1/recurring': () =>
        json(
          {
            title: 'Not found',
            status: 404,
            code: 'NOT_FOUND',
            details: ['No guarantor has this id.'],
          },
          404,
        ),
    });
    renderSection('viewer');
    // The console tries a failed read twice more before it shows the refusal.
    expect(
      await screen.findByText('No guarantor has this id.', {}, { timeout: 6000 }),
    ).toBeInTheDocument();
  });
});
