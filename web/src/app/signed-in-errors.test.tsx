import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_SCREEN } from '@webpay/contracts/messages';
import { browser } from '@/lib/browser.ts';
import { maria, storeMariasSession } from '@test/fixtures.ts';
import { fakeService, json, renderApp } from '@test/render-app.tsx';

/** What the dashboard page throws while rendering, if anything. */
const failure = vi.hoisted(() => ({ error: undefined as unknown }));

vi.mock('@/features/dashboard/components/dashboard.tsx', () => ({
  Dashboard: () => {
    if (failure.error) throw failure.error;
    return <h1>Dashboard</h1>;
  },
}));

async function openDashboardFailingWith(error: unknown) {
  failure.error = error;
  fakeService({ 'GET /auth/me': () => json(maria) });
  storeMariasSession();
  return renderApp('/dashboard');
}

describe('a signed-in page that fails (route error boundary)', () => {
  beforeEach(() => {
    // React reports every error a boundary catches.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it('shows the error screen inside the shell, whose header still works', async () => {
    const { router } = await openDashboardFailingWith(new Error('Something broke'));
    expect(
      await screen.findByRole('heading', { name: ERROR_SCREEN.generic.title, level: 1 }),
    ).toBeInTheDocument();
    const header = screen.getByRole('banner');
    expect(header).toHaveTextContent('Signed in as Maria Garcia');
    expect(screen.getByRole('main')).toHaveTextContent(ERROR_SCREEN.generic.message);

    const nav = within(header).getByRole('navigation', { name: 'Main' });
    await userEvent.setup().click(within(nav).getByRole('link', { name: 'Contact' }));
    expect(
      await screen.findByRole('heading', { name: 'Contact us', level: 1 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/contact');
    expect(screen.queryByText(ERROR_SCREEN.generic.title)).not.toBeInTheDocument();
  });

  it('offers Log In Again for an Unauthorized failure', async () => {
    await openDashboardFailingWith(new Error('Unauthorized'));
    expect(
      await screen.findByRole('heading', { name: 'Authentication Error', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log In Again' })).toHaveAttribute(
      'href',
      '/webpay/login',
    );
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it('Try Again renders the page again once the fault is gone', async () => {
    await openDashboardFailingWith(
      new TypeError('NetworkError when attempting to fetch resource.'),
    );
    expect(
      await screen.findByRole('heading', { name: 'Connection Error', level: 1 }),
    ).toBeInTheDocument();

    failure.error = undefined;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(screen.queryByText('Connection Error')).not.toBeInTheDocument();
  });

  it("reloads the whole page to fetch a page's code that failed to download", async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    await openDashboardFailingWith(
      new TypeError(
        'Failed to fetch dynamically imported module: https://pay.example/webpay/assets/dashboard-1a2b.js',
      ),
    );
    expect(
      await screen.findByRole('heading', { name: 'Connection Error', level: 1 }),
    ).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(reload).toHaveBeenCalledTimes(1);
    // Nothing here can finish the retry; the fresh page will.
    expect(screen.getByRole('button', { name: 'Retrying...' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  });

  it('keeps the technical details of what failed', async () => {
    await openDashboardFailingWith(new Error('Request timeout while loading the page'));
    await screen.findByRole('heading', { name: 'Request Timeout', level: 1 });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Technical details' }));
    expect(screen.getByText('Error: Request timeout while loading the page')).toBeVisible();
  });
});
