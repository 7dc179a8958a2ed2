import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Encounter } from '@webpay/contracts/encounters';
import type { GuarantorPage } from '@webpay/contracts/office';
import { fakeOfficeService, renderWithQueries } from '@test/office/office-service.tsx';
import { EncountersSection } from './billing-tables.tsx';

const encounter = (number: string, balance: number, pending: number[] = []): Encounter => ({
  facilityId: '107',
  accountNumber: number,
  type: 'ENT',
  patientName: 'Maria Garcia',
  status: 'SP',
  admitDate: '2026-06-02',
  balance,
  pendingPayments: pending.map((amount, index) => ({
    receiptId: `R-${number}-${index}`,
    date: '2026-11-20',
    amount,
  })),
});

describe('encounters on a guarantor’s page', () => {
  it('say what is paid and not yet applied, in the portal’s words', () => {
    const billing = {
      encounters: [encounter('40010001', 220, [120.1, 99.9]), encounter('40010002', 45.2)],
      paymentPlans: [],
    } as unknown as GuarantorPage['billing'];
    // Its dates are the hospital's, read from the console's configuration.
    fakeOfficeService();
    renderWithQueries(<EncountersSection billing={billing} />);
    const rows = within(screen.getByRole('table', { name: 'Encounters' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('$220.00 pending$220.00');
    expect(rows[2]).not.toHaveTextContent('pending');
  });
});
