import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { fallbackError } from '@webpay/contracts/errors';
import { ERROR_SCREEN } from '@webpay/contracts/messages';
import { ApiError } from '@/lib/api-client.ts';
import { browser } from '@/lib/browser.ts';
import { ErrorScreen, type ErrorScreenProps } from './error-screen.tsx';

/** Renders `ui` on a page of a small router that also has /login. */
async function renderRouted(ui: ReactNode) {
  const root = createRootRoute({ component: Outlet });
  const page = createRoute({ getParentRoute: () => root, path: '/', component: () => ui });
  const login = createRoute({
    getParentRoute: () => root,
    path: '/login',
    component: () => <h1>Sign in</h1>,
  });
  const router = createRouter({
    routeTree: root.addChildren([page, login]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(<RouterProvider router={router} />);
  await screen.findByRole('heading', { level: 2 });
  return router;
}

const screenFor = (error: unknown, props: Partial<ErrorScreenProps> = {}) =>
  renderRouted(
    <ErrorScreen
      error={error}
      onRetry={() => undefined}
      supportPhone="(801) 555-0142"
      supportEmail="billing@example.com"
      {...props}
    />,
  );

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

describe('ErrorScreen (SPEC §2, §8)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it.each([
    ['connection', new ApiError(fallbackError(undefined), 'network')],
    ['timeout', new ApiError(fallbackError(undefined), 'timeout')],
    ['generic', new ApiError(fallbackError(500))],
  ] as const)('words a %s failure as SPEC says, with Try Again', async (kind, error) => {
    await screenFor(error);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(ERROR_SCREEN[kind].title);
    expect(screen.getByText(ERROR_SCREEN[kind].message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: ERROR_SCREEN.retry })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: ERROR_SCREEN.refresh })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: ERROR_SCREEN.authentication.action })).toBeNull();
  });

  it("says the session expired and offers 'Log In Again', which goes to /login", async () => {
    const router = await screenFor(new Error('Unauthorized'));
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Authentication Error');
    expect(screen.getByText('Your session has expired. Please log in again.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: ERROR_SCREEN.retry })).toBeNull();

    const logIn = screen.getByRole('link', { name: 'Log In Again' });
    expect(logIn).toHaveAttribute('href', '/login');
    await userEvent.setup().click(logIn);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it("reads 'Retrying...' while the retry runs, and cannot be pressed twice meanwhile", async () => {
    let finish: () => void = () => undefined;
    const onRetry = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    await screenFor(new ApiError(fallbackError(500)), { onRetry });
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    const busy = screen.getByRole('button', { name: 'Retrying...' });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    // Focus stays on the button, so a keyboard user is not thrown back to the top.
    expect(busy).toHaveFocus();
    await user.click(busy);
    expect(onRetry).toHaveBeenCalledTimes(1);

    await act(async () => finish());
    expect(screen.getByRole('button', { name: 'Try Again' })).not.toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('returns to Try Again when the retry fails', async () => {
    const onRetry = vi.fn(() => Promise.reject(new Error('still down')));
    await screenFor(new ApiError(fallbackError(500)), { onRetry });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it("'Refresh Page' reloads the page", async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    await screenFor(new ApiError(fallbackError(500)));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh Page' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('says in words whether the browser is online, and follows it as it changes', async () => {
    await screenFor(new ApiError(fallbackError(undefined), 'network'));
    const indicator = screen.getByRole('status');
    expect(indicator).toHaveTextContent('You are online');

    setOnline(false);
    expect(indicator).toHaveTextContent('You are offline');
    setOnline(true);
    expect(indicator).toHaveTextContent('You are online');
  });

  it('gives the support phone and e-mail as links', async () => {
    await screenFor(new ApiError(fallbackError(500)));
    expect(screen.getByRole('link', { name: '(801) 555-0142' })).toHaveAttribute(
      'href',
      'tel:8015550142',
    );
    expect(screen.getByRole('link', { name: 'billing@example.com' })).toHaveAttribute(
      'href',
      'mailto:billing@example.com',
    );
  });

  it('keeps the technical details folded until asked, each value copyable', async () => {
    const user = userEvent.setup();
    await screenFor(
      new ApiError({
        title: 'An unexpected error occurred',
        status: 500,
        code: 'INTERNAL',
        details: ['Simulated outage'],
        requestId: 'req-1',
        correlationId: 'corr-1',
      }),
    );
    const toggle = screen.getByRole('button', { name: 'Technical details' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('req-1')).not.toBeVisible();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const details = screen.getByText('req-1').closest('dl');
    expect(details).not.toBeNull();
    expect(within(details as HTMLElement).getByText('corr-1')).toBeVisible();
    expect(within(details as HTMLElement).getByText('Simulated outage')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Copy Request ID' }));
    expect(await navigator.clipboard.readText()).toBe('req-1');
    expect(await screen.findByText('Copied!')).toBeInTheDocument();
  });

  it('shows the message of an error that is not an answer of the service', async () => {
    await screenFor(new TypeError("Cannot read properties of undefined (reading 'map')"));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Technical details' }));
    expect(
      screen.getByText("TypeError: Cannot read properties of undefined (reading 'map')"),
    ).toBeVisible();
  });
});
