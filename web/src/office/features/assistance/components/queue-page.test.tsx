import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeOfficeService, json, renderOffice } from '@test/office/office-service.tsx';
import { queueItem } from '../testing/fixtures.ts';

const overdue = queueItem({
  reference: 'FA-OVERDUE1',
  guarantorName: 'Lee Chen',
  accountNumber: '400500600',
  status: 'need_information',
  ageDays: 40,
  windowDaysLeft: -3,
  totalBalanceCents: 98_000,
  awaitingSecondReview: true,
});
const fresh = queueItem({ reference: 'FA-FRESH001', ageDays: 2, windowDaysLeft: 200 });

const referencesIn = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('link')[0]?.textContent);

describe('the "Financial assistance" queue', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('is in the navigation and lists the open applications, each opening its case', async () => {
    fakeOfficeService({
      'GET /financial-assistance?status=open': () => json({ items: [fresh, overdue] }),
    });
    await renderOffice('/', 'viewer');
    const user = userEvent.setup();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    await user.click(within(nav).getByRole('link', { name: 'Financial assistance' }));

    expect(
      await screen.findByRole('heading', { name: 'Financial assistance', level: 1 }),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Applications' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'Reference',
      'Guarantor',
      'Status',
      'Facility',
      'Days left',
      'Age',
      'Total balance',
      'Second review',
    ]);
    const [, first, second] = within(table).getAllByRole('row') as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(first).getByRole('link', { name: 'FA-FRESH001' })).toHaveAttribute(
      'href',
      '/office/financial-assistance/FA-FRESH001',
    );
    expect(first).toHaveTextContent('Submitted');
    expect(first).toHaveTextContent('200 days');
    expect(second).toHaveTextContent('Lee Chen');
    expect(second).toHaveTextContent('400500600');
    expect(second).toHaveTextContent('Need more information');
    expect(second).toHaveTextContent('Overdue by 3 days');
    expect(second).toHaveTextContent('40 days');
    expect(second).toHaveTextContent('$980.00');
    expect(second).toHaveTextContent('Waiting');
    expect(screen.getByRole('status')).toHaveTextContent('2 applications');
  });

  it('filters by status and facility, kept in the address', async () => {
    const { calls } = fakeOfficeService({
      'GET /financial-assistance?status=open': () => json({ items: [fresh] }),
      'GET /financial-assistance?status=approved': () => json({ items: [] }),
      'GET /financial-assistance?status=approved&facilityId=153': () =>
        json({ items: [queueItem({ reference: 'FA-LAB00001', status: 'approved' })] }),
    });
    const { router } = await renderOffice('/financial-assistance', 'viewer');
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Applications' });
    expect(screen.getByLabelText('Status')).toHaveValue('open');

    await user.selectOptions(screen.getByLabelText('Status'), 'Approved');
    expect(await screen.findByText('No application matches these filters.')).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ status: 'approved' });

    await user.selectOptions(screen.getByLabelText('Facility'), 'Central Lab');
    const table = await screen.findByRole('table', { name: 'Applications' });
    expect(referencesIn(table)).toEqual(['FA-LAB00001']);
    expect(router.state.location.search).toEqual({ status: 'approved', facility: '153' });
    expect(calls.map((call) => call.path)).toContain(
      '/financial-assistance?status=approved&facilityId=153',
    );
  });

  it('sorts by days left and by age from the column headers', async () => {
    const middle = queueItem({ reference: 'FA-MIDDLE01', ageDays: 1, windowDaysLeft: 30 });
    fakeOfficeService({
      'GET /financial-assistance?status=open': () => json({ items: [fresh, overdue, middle] }),
    });
    const { router } = await renderOffice('/financial-assistance', 'viewer');
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Applications' });
    const daysLeft = within(table).getByRole('columnheader', { name: 'Days left' });
    expect(daysLeft).toHaveAttribute('aria-sort', 'none');

    await user.click(within(daysLeft).getByRole('button'));
    await waitFor(() =>
      expect(referencesIn(table)).toEqual(['FA-OVERDUE1', 'FA-MIDDLE01', 'FA-FRESH001']),
    );
    expect(daysLeft).toHaveAttribute('aria-sort', 'ascending');
    expect(router.state.location.search).toEqual({ sort: 'days-left', order: 'asc' });

    const age = within(table).getByRole('columnheader', { name: 'Age' });
    await user.click(within(age).getByRole('button'));
    await waitFor(() =>
      expect(referencesIn(table)).toEqual(['FA-MIDDLE01', 'FA-FRESH001', 'FA-OVERDUE1']),
    );
    await user.click(within(age).getByRole('button'));
    await waitFor(() =>
      expect(referencesIn(table)).toEqual(['FA-OVERDUE1', 'FA-FRESH001', 'FA-MIDDLE01']),
    );
    expect(age).toHaveAttribute('aria-sort', 'descending');
    expect(daysLeft).toHaveAttribute('aria-sort', 'none');
  });

  it('says so when nothing waits for review', async () => {
    fakeOfficeService({ 'GET /financial-assistance?status=open': () => json({ items: [] }) });
    await renderOffice('/financial-assistance', 'viewer');
    expect(
      await screen.findByText('No open application: nothing waits for review.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
