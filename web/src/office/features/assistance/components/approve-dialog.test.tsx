import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import type { Case } from '@webpay/contracts/assistance-application';
import { fakeOfficeService, json, renderOffice } from '@test/office/office-service.tsx';
import { assistanceCase } from '../testing/fixtures.ts';

const CASE_PATH = '/financial-assistance/FA-7K2M9QXD';

/** 300% of the guideline: 75% off under the demo policy. */
const seventyFive = (overrides: Partial<Case> = {}) => {
  const application = assistanceCase(overrides);
  return {
    ...application,
    assessment: {
      ...application.assessment,
      percentOfPoverty: 290,
      tier: { upToPercentOfPoverty: 300, discountPercent: 75 },
      presumptive: [],
      discountPercent: 75,
    },
  };
};

const firstApproval = (staffId: string): NonNullable<Case['firstApproval']> => ({
  staffId,
  staffName: 'Dana Whitfield',
  discountPercent: 100,
  totalAdjustmentCents: 1_250_000,
  reason: 'Medical hardship',
  at: '2026-11-26T15:00:00.000Z',
});

/** The case, which the approval (answered by `then`) replaces. */
function serveApproval(application: Case, then: Case) {
  let current = application;
  return fakeOfficeService({
    [`GET ${CASE_PATH}`]: () => json(current),
    [`POST ${CASE_PATH}/approve`]: () => {
      current = then;
      return json({});
    },
  });
}

const posted = (calls: { method: string; body: unknown }[]) =>
  calls.filter((call) => call.method === 'POST').map((call) => call.body);

describe('approving a financial assistance application', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  // Sonner keeps its toasts between tests and shows them again to the next one's page.
  afterEach(() => {
    toast.dismiss();
  });

  it('approves at the policy’s discount as it is', async () => {
    const { calls } = serveApproval(seventyFive(), seventyFive({ status: 'approved' }));
    await renderOffice('/financial-assistance/FA-7K2M9QXD', 'supervisor');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve the application' });
    expect(dialog).toHaveTextContent('The policy gives 75% off.');
    expect(within(dialog).getByLabelText('Discount (%)')).toHaveValue('75');
    expect(within(dialog).queryByLabelText('Reason for the override')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Approve at 75% off' }));
    expect(await screen.findByText('The application is approved.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted(calls)).toEqual([{}]);
    expect(screen.queryByRole('group', { name: 'Actions on this application' })).toBeNull();
  });

  it('needs a reason for any other discount, and says when a second reviewer must confirm', async () => {
    const { calls } = serveApproval(
      seventyFive(),
      seventyFive({ firstApproval: firstApproval('staff-supervisor') }),
    );
    await renderOffice('/financial-assistance/FA-7K2M9QXD', 'supervisor');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve the application' });
    const discount = within(dialog).getByLabelText('Discount (%)');
    await user.clear(discount);
    await user.type(discount, '100');
    await user.click(within(dialog).getByRole('button', { name: 'Approve at 100% off' }));
    expect(within(dialog).getByLabelText('Reason for the override')).toHaveAccessibleDescription(
      "A discount other than the policy's needs a reason",
    );
    expect(posted(calls)).toEqual([]);

    await user.type(within(dialog).getByLabelText('Reason for the override'), 'Medical hardship');
    await user.click(within(dialog).getByRole('button', { name: 'Approve at 100% off' }));
    expect(
      await screen.findByText('Your approval is recorded; a second reviewer confirms it.'),
    ).toBeInTheDocument();
    expect(posted(calls)).toEqual([{ discountPercent: 100, reason: 'Medical hardship' }]);
    // One's own first approval waits for someone else.
    const approve = await screen.findByRole('button', { name: 'Approve' });
    expect(approve).toBeDisabled();
    expect(approve).toHaveAccessibleDescription(
      'You approved this application. Its amount needs a second reviewer, who confirms it.',
    );
  });

  it('refuses a discount outside 1 to 100%', async () => {
    const { calls } = serveApproval(seventyFive(), seventyFive());
    await renderOffice('/financial-assistance/FA-7K2M9QXD', 'supervisor');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve the application' });
    const discount = within(dialog).getByLabelText('Discount (%)');
    await user.clear(discount);
    await user.type(discount, '0');
    await user.type(within(dialog).getByLabelText('Reason for the override'), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Approve at 0% off' }));
    expect(discount).toHaveAccessibleDescription(
      expect.stringContaining('Enter a discount from 1 to 100%'),
    );
    expect(posted(calls)).toEqual([]);
  });

  it('lets another reviewer confirm the first approval, showing who approved and how much', async () => {
    const { calls } = serveApproval(
      assistanceCase({ firstApproval: firstApproval('staff-dana') }),
      assistanceCase({ status: 'approved' }),
    );
    await renderOffice('/financial-assistance/FA-7K2M9QXD', 'supervisor');
    const user = userEvent.setup();
    const notice = await screen.findByRole('note');
    expect(notice).toHaveTextContent(
      'Dana Whitfield approved 100% off ($12,500.00 in adjustments)',
    );
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Confirm approval' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the approval' });
    expect(dialog).toHaveTextContent(
      'Dana Whitfield approved 100% off ($12,500.00 in adjustments)',
    );
    expect(dialog).toHaveTextContent('Their reason: Medical hardship');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm approval' }));
    expect(await screen.findByText('The application is approved.')).toBeInTheDocument();
    expect(posted(calls)).toEqual([{}]);
  });

  it('shows the service’s refusal in the dialog, which stays open', async () => {
    fakeOfficeService({
      [`GET ${CASE_PATH}`]: () => json(seventyFive()),
      [`POST ${CASE_PATH}/approve`]: () =>
        json(
          {
            title: 'Conflict',
            status: 409,
            code: 'APPLICATION_DECIDED',
            details: ['Another reviewer decided this application.'],
          },
          409,
        ),
    });
    await renderOffice('/financial-assistance/FA-7K2M9QXD', 'supervisor');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve the application' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve at 75% off' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Another reviewer decided this application.',
    );
  });
});
