import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { staffSession } from '@/office/lib/staff-session.ts';
import { fakeOfficeService, json, renderWithQueries } from '@test/office/office-service.tsx';
import { SupportActions } from './support-actions.tsx';

const BUTTONS = [
  'Unlock sign-in',
  'Sign out all sessions',
  'Send sign-in link',
  'Issue new PIN',
  'Correct email',
];

const NEW_PIN_ROUTE = 'POST /guarantors/g-1/actions/issue-new-pin';
const newPinAnswer = () =>
  json({ action: 'issue-new-pin', message: 'A new PIN was issued.', pinLetterId: 'letter-7' });

/** Someone of `role` runs a support action with a reason; the dialog stays open on the answer. */
async function runAction(role: 'agent' | 'supervisor', name: string, reason: string) {
  renderWithQueries(<SupportActions guarantorId="g-1" role={role} />);
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name }));
  const dialog = await screen.findByRole('dialog', { name });
  await user.type(within(dialog).getByLabelText('Reason'), reason);
  await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
  return { user, dialog };
}

const issueNewPin = () =>
  runAction('supervisor', 'Issue new PIN', 'Letter returned by the post office');

describe('support actions by role', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    staffSession.start({
      token: 'staff-token',
      expiresAt: Date.now() + 3_600_000,
      idleTimeoutMs: 900_000,
    });
  });

  it('are hidden from viewers, who may only read, and from reviewers', () => {
    fakeOfficeService();
    for (const role of ['viewer', 'reviewer'] as const) {
      const { unmount } = renderWithQueries(<SupportActions guarantorId="g-1" role={role} />);
      expect(screen.queryByRole('group', { name: 'Support actions' })).toBeNull();
      for (const name of BUTTONS) expect(screen.queryByRole('button', { name })).toBeNull();
      unmount();
    }
  });

  it('are offered, by their exact names, to agents, supervisors and admins', () => {
    fakeOfficeService();
    for (const role of ['agent', 'supervisor', 'admin'] as const) {
      const { unmount } = renderWithQueries(<SupportActions guarantorId="g-1" role={role} />);
      const group = screen.getByRole('group', { name: 'Support actions' });
      expect(
        within(group)
          .getAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual(BUTTONS);
      unmount();
    }
  });

  it('ask for a reason, labelled "Reason", before anything is sent', async () => {
    const { calls } = fakeOfficeService();
    renderWithQueries(<SupportActions guarantorId="g-1" role="agent" />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Unlock sign-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlock sign-in' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription(
      expect.stringContaining('Reason is required'),
    );
    expect(calls).toEqual([]);
  });

  it('send the reason with the staff session and say what was done; a new PIN offers its letter', async () => {
    const { calls } = fakeOfficeService({
      [NEW_PIN_ROUTE]: newPinAnswer,
    });
    const { dialog } = await issueNewPin();
    expect(await within(dialog).findByText('A new PIN was issued.')).toBeInTheDocument();
    expect(
      within(dialog).getByRole('button', { name: 'Print the PIN letter' }),
    ).toBeInTheDocument();
    const sent = calls.find((call) => call.method === 'POST');
    expect(sent?.body).toEqual({ reason: 'Letter returned by the post office' });
    expect(sent?.headers.get('Authorization')).toBe('Bearer staff-token');
  });

  it('keep an unprinted PIN letter open until it is printed or the clerk closes it knowingly', async () => {
    fakeOfficeService({
      [NEW_PIN_ROUTE]: newPinAnswer,
    });
    const { user, dialog } = await issueNewPin();
    await within(dialog).findByText('A new PIN was issued.');
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();

    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Issue new PIN' })).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'The PIN letter is not printed. Once this closes it cannot be opened again',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close without printing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('close with Done once the PIN letter is printed', async () => {
    fakeOfficeService({
      [NEW_PIN_ROUTE]: newPinAnswer,
      'GET /guarantors/g-1/pin-letters/letter-7': () =>
        new Response(new Blob(['%PDF-1.7']), { headers: { 'Content-Type': 'application/pdf' } }),
    });
    vi.spyOn(window, 'open').mockReturnValue({} as Window);
    URL.createObjectURL = vi.fn(() => 'blob:letter');
    URL.revokeObjectURL = vi.fn();
    const { user, dialog } = await issueNewPin();
    await user.click(await within(dialog).findByRole('button', { name: 'Print the PIN letter' }));
    await waitFor(() => expect(window.open).toHaveBeenCalledWith('blob:letter', '_blank'));
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(document.body).queryByRole('alert')).toBeNull();
  });

  it('end the session when the service refuses the staff token (401)', async () => {
    fakeOfficeService({
      'POST /guarantors/g-1/actions/send-sign-in-link': () =>
        json({ title: 'Unauthorized', status: 401, code: 'UNAUTHORIZED', details: [] }, 401),
    });
    await runAction('agent', 'Send sign-in link', 'Asked on the phone');
    await waitFor(() => expect(staffSession.get()).toBeNull());
    expect(staffSession.ended()).toBe('unauthorized');
  });
});
