import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { browserInTimeZone } from '@test/browser-time-zone.ts';
import { fakeOfficeService, json, renderOffice } from '@test/office/office-service.tsx';
import { assistanceCase } from '../testing/fixtures.ts';

const CASE_PATH = '/financial-assistance/FA-7K2M9QXD';

describe('requesting information', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  // Sonner keeps its toasts between tests and shows them again to the next one's page.
  afterEach(() => {
    toast.dismiss();
    vi.useRealTimers();
  });

  it('needs each item described and a due date after today, and leaves the date to the policy when empty', async () => {
    let application = assistanceCase();
    const { calls } = fakeOfficeService({
      [`GET ${CASE_PATH}`]: () => json(application),
      [`POST ${CASE_PATH}/request-information`]: () => {
        application = assistanceCase({
          status: 'need_information',
          requestedItems: ['Last two pay stubs', 'Proof of SNAP'],
          informationDueOn: '2026-12-27',
        });
        return json({});
      },
    });
    await renderOffice('/financial-assistance/FA-7K2M9QXD', 'supervisor');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Request information' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request information' });
    const send = within(dialog).getByRole('button', { name: 'Send request' });

    await user.click(send);
    expect(within(dialog).getByLabelText('Item 1')).toHaveAccessibleDescription(
      'Describe the item or remove it',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Remove item 1' }));
    expect(within(dialog).getByRole('button', { name: 'Add an item' })).toHaveFocus();
    await user.click(send);
    expect(dialog).toHaveTextContent('Add at least one item');

    await user.click(within(dialog).getByRole('button', { name: 'Add an item' }));
    expect(within(dialog).getByLabelText('Item 1')).toHaveFocus();
    await user.keyboard('Last two pay stubs');
    await user.click(within(dialog).getByRole('button', { name: 'Add an item' }));
    await user.keyboard('Proof of SNAP');
    await user.type(within(dialog).getByLabelText('Due date (optional)'), '2020-01-01');
    await user.click(send);
    expect(within(dialog).getByLabelText('Due date (optional)')).toHaveAccessibleDescription(
      expect.stringContaining('Choose a date after today'),
    );
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.clear(within(dialog).getByLabelText('Due date (optional)'));
    await user.type(within(dialog).getByLabelText('Message (optional)'), 'Photos are fine.');
    await user.click(send);
    expect(await screen.findByText('The request for information was sent.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      items: ['Last two pay stubs', 'Proof of SNAP'],
      message: 'Photos are fine.',
    });
    const summary = screen.getByRole('region', { name: 'Summary' });
    await waitFor(() => expect(summary).toHaveTextContent('Need more information'));
    expect(summary).toHaveTextContent('Proof of SNAP');
    // Asked once, it cannot be asked again until the guarantor answers.
    expect(screen.queryByRole('button', { name: 'Request information' })).toBeNull();
  });

  it("counts today as the hospital's day, not the reader's", async () => {
    browserInTimeZone('Asia/Tokyo');
    vi.useFakeTimers({ toFake: ['Date'] });
    // 05:00 UTC on Nov 30 is still 10 PM on Nov 29 in Denver, and Nov 30 in Tokyo already.
    vi.setSystemTime(new Date('2026-11-30T05:00:00.000Z'));
    const { calls } = fakeOfficeService({
      [`GET ${CASE_PATH}`]: () => json(assistanceCase()),
      [`POST ${CASE_PATH}/request-information`]: () => json({}),
    });
    await renderOffice(CASE_PATH, 'supervisor');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Request information' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request information' });
    await user.type(within(dialog).getByLabelText('Item 1'), 'Last two pay stubs');
    const dueOn = within(dialog).getByLabelText('Due date (optional)');

    await user.type(dueOn, '2026-11-29');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(dueOn).toHaveAccessibleDescription(expect.stringContaining('Choose a date after today'));

    await user.clear(dueOn);
    await user.type(dueOn, '2026-11-30');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      items: ['Last two pay stubs'],
      dueOn: '2026-11-30',
    });
  });
});
