import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { showApiError } from '@/lib/api-error-events.ts';
import { browser } from '@/lib/browser.ts';
import { fakeService, renderApp } from '@test/render-app.tsx';

async function openPage() {
  fakeService();
  const app = await renderApp('/login/signup');
  await screen.findByRole('heading', { name: 'Sign up', level: 1 });
  return app;
}

function show(options: Parameters<typeof showApiError>[0]) {
  act(() => showApiError(options));
}

const dialog = () => screen.findByRole('alertdialog');

describe("the generic error modal ('api-error' events)", () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it("uses SPEC's defaults: 'Error', 'An error occurred' and a Close button", async () => {
    await openPage();
    show({});
    const modal = await dialog();
    expect(modal).toHaveAccessibleName('Error');
    expect(modal).toHaveAccessibleDescription('An error occurred');
    const close = within(modal).getByRole('button', { name: 'Close' });
    await waitFor(() => expect(close).toHaveFocus());
    await userEvent.setup().click(close);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('closes with Escape and gives focus back', async () => {
    await openPage();
    const field = screen.getByLabelText('First name');
    field.focus();
    show({ title: 'Oops', message: 'Something broke.' });
    await dialog();
    await userEvent.setup().keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(field).toHaveFocus());
  });

  it("shows an error object's title and first detail", async () => {
    await openPage();
    show({
      error: {
        title: 'Payment declined',
        status: 402,
        code: 'PAYMENT_DECLINED',
        details: ['Card declined.', 'x'],
      },
    });
    const modal = await dialog();
    expect(modal).toHaveAccessibleName('Payment declined');
    expect(modal).toHaveAccessibleDescription('Card declined.');
  });

  it("says 'You do not currently have access.' for a 403 unless told otherwise", async () => {
    await openPage();
    show({
      error: { title: 'Forbidden', status: 403, code: 'FORBIDDEN', details: ['Role missing'] },
    });
    expect(await dialog()).toHaveAccessibleDescription('You do not currently have access.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

    show({
      message: 'Statements are for account holders.',
      error: { title: 'Forbidden', status: 403, code: 'FORBIDDEN', details: [] },
    });
    expect(await dialog()).toHaveAccessibleDescription('Statements are for account holders.');
  });

  it('retry reloads the page', async () => {
    await openPage();
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    show({ buttons: [{ label: 'Try again', action: 'retry' }] });
    await userEvent
      .setup()
      .click(within(await dialog()).getByRole('button', { name: 'Try again' }));
    expect(reload).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('redirect opens a portal address inside the portal', async () => {
    const { router } = await openPage();
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    show({
      buttons: [
        { label: 'Sign in', action: 'redirect', url: '/webpay/login/pin?next=%2Fdashboard' },
      ],
    });
    await userEvent.setup().click(within(await dialog()).getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/pin'));
    expect(router.state.location.search).toEqual({ next: '/dashboard' });
    expect(assign).not.toHaveBeenCalled();
  });

  it('redirect loads other addresses of this site as a page, and refuses other sites', async () => {
    await openPage();
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const user = userEvent.setup();
    show({ buttons: [{ label: 'API docs', action: 'redirect', url: '/api/docs' }] });
    await user.click(within(await dialog()).getByRole('button', { name: 'API docs' }));
    expect(assign).toHaveBeenCalledWith(`${window.location.origin}/api/docs`);

    show({ buttons: [{ label: 'Elsewhere', action: 'redirect', url: 'https://evil.example/' }] });
    await user.click(within(await dialog()).getByRole('button', { name: 'Elsewhere' }));
    expect(assign).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it("custom runs the caller's callback; several buttons keep their order", async () => {
    await openPage();
    const onClick = vi.fn();
    show({
      title: 'Payment not finished',
      buttons: [
        { label: 'Cancel', action: 'close' },
        { label: 'Start over', action: 'custom', onClick },
      ],
    });
    const modal = await dialog();
    expect(
      within(modal)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Cancel', 'Start over']);
    await userEvent.setup().click(within(modal).getByRole('button', { name: 'Start over' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('shows errors one after another, and the same error twice in a row once', async () => {
    await openPage();
    show({ title: 'First', message: 'One' });
    show({ title: 'First', message: 'One' });
    show({ title: 'Second', message: 'Two' });
    const user = userEvent.setup();
    expect(await dialog()).toHaveAccessibleName('First');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getByRole('alertdialog')).toHaveAccessibleName('Second'));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });
});
