import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { writeStoredSession } from '@/lib/session-storage.ts';
import { claimsFor, maria, mariaEncounters, tokenFor } from '@test/fixtures.ts';
import { fakeService, json, renderApp } from '@test/render-app.tsx';

async function open(url: string) {
  const app = await renderApp(url);
  return app;
}

function storeSession(roles: string[] = ['historical-data']) {
  const claims = claimsFor({ roles });
  writeStoredSession({
    token: tokenFor(claims),
    expiresAt: Date.now() + 600_000,
    user: maria,
    claims,
  });
}

const service = () =>
  fakeService({
    'GET /auth/me': () => json(maria),
    'GET /encounters': () => json(mariaEncounters),
    'POST /auth/login/magic': ({ body }) =>
      (body as { abracadabra?: string }).abracadabra === 'good-token'
        ? json({
            access_token: tokenFor(claimsFor({ roles: [], loginType: 'magic' })),
            expires_in: 900,
          })
        : json(
            { title: 'Unauthorized', status: 401, code: 'INVALID_CREDENTIALS', details: [] },
            401,
          ),
  });

describe('routes', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('sends a signed-out visitor to PIN sign-in with next set to where they were going', async () => {
    service();
    const { router } = await open('/payments?page=2');
    await screen.findByLabelText('Account number');
    expect(router.state.location.pathname).toBe('/login/pin');
    expect(router.state.location.search).toEqual({ next: '/payments?page=2' });
  });

  it('leaves next out for the root', async () => {
    service();
    const { router } = await open('/');
    await screen.findByLabelText('Account number');
    expect(router.state.location.pathname).toBe('/login/pin');
    expect(router.state.location.search).toEqual({});
  });

  it('sends unknown paths to the root, replacing the history entry', async () => {
    service();
    storeSession();
    const { router, history } = await open('/no/such/page');
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(history.length).toBe(1);
  });

  it('opens the dashboard from the root for a signed-in guarantor', async () => {
    service();
    storeSession();
    const { router } = await open('/');
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('shows Statements and Payments only with the historical-data role', async () => {
    service();
    storeSession(['historical-data']);
    await open('/statements');
    expect(
      await screen.findByRole('heading', { name: 'Statements', level: 1 }),
    ).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav).toHaveTextContent('Statements');
    expect(nav).toHaveTextContent('Payments');
  });

  it.each(['/statements', '/payments'])(
    'redirects %s to the dashboard without the role',
    async (path) => {
      service();
      storeSession([]);
      const { router } = await open(path);
      await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
      expect(router.state.location.pathname).toBe('/dashboard');
      const nav = screen.getByRole('navigation', { name: 'Main' });
      expect(nav).not.toHaveTextContent('Statements');
      expect(nav).not.toHaveTextContent('Payments');
    },
  );

  it('loads the contact page lazily', async () => {
    service();
    storeSession();
    await open('/contact');
    expect(
      await screen.findByRole('heading', { name: 'Contact us', level: 1 }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: '(801) 555-0142' }),
    ).toHaveAttribute('href', 'tel:8015550142');
    expect(
      within(screen.getByRole('contentinfo')).getByRole('link', { name: '(801) 555-0142' }),
    ).toBeInTheDocument();
  });

  it('logs out on entering the login area', async () => {
    const { calls } = service();
    storeSession();
    const { auth } = await open('/login');
    expect(await screen.findByRole('heading', { name: 'Sign in', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(auth.getSession()).toBeNull());
    expect(calls.some((call) => call.path === '/auth/logout')).toBe(true);
  });

  it('offers the sign-in methods on /login', async () => {
    service();
    await open('/login');
    expect(
      await screen.findByRole('link', { name: 'Sign in with account number and PIN' }),
    ).toHaveAttribute('href', '/webpay/login/pin');
    expect(screen.getByRole('link', { name: 'Sign in with email' })).toHaveAttribute(
      'href',
      '/webpay/login/email',
    );
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute(
      'href',
      '/webpay/login/signup',
    );
    expect(
      screen.getByRole('heading', { name: 'Secure Patient Payment Portal' }),
    ).toBeInTheDocument();
  });

  it('signs in with a magic link without logging out first', async () => {
    const { calls } = service();
    const { router } = await open('/login/magic?abracadabra=good-token');
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(calls.filter((call) => call.path === '/auth/login/magic')).toHaveLength(1);
    expect(calls.find((call) => call.path === '/auth/login/magic')?.body).toEqual({
      abracadabra: 'good-token',
    });
  });

  it('explains a failed magic link', async () => {
    service();
    await open('/login/magic?abracadabra=used-token');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unexpected error during sign-in with magic link',
    );
  });

  it('drops a magic token that is not a string', async () => {
    const { calls } = service();
    await open('/login/magic?abracadabra=%7B%22a%22%3A1%7D');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unexpected error during sign-in with magic link',
    );
    expect(calls.some((call) => call.path === '/auth/login/magic')).toBe(false);
  });

  it('drops a magic token that the address turns into a number', async () => {
    const { calls } = service();
    await open('/login/magic?abracadabra=12345');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unexpected error during sign-in with magic link',
    );
    expect(calls.some((call) => call.path === '/auth/login/magic')).toBe(false);
    expect(screen.getByRole('link', { name: 'Choose another way to sign in' })).toHaveAttribute(
      'href',
      '/webpay/login',
    );
  });

  it('keeps the session of a magic-link sign-in (the magic route does not log out)', async () => {
    const { calls } = service();
    const { auth } = await open('/login/magic?abracadabra=good-token');
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(auth.getSession()?.claims.loginType).toBe('magic');
    expect(calls.some((call) => call.path === '/auth/logout')).toBe(false);
  });

  it('logs out from the header and returns to the login page', async () => {
    const { calls } = service();
    storeSession();
    const { router, auth } = await open('/dashboard');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Log out' }));
    await screen.findByRole('heading', { name: 'Sign in', level: 1 });
    expect(router.state.location.pathname).toBe('/login');
    expect(auth.getSession()).toBeNull();
    expect(calls.some((call) => call.path === '/auth/logout')).toBe(true);
  });

  it('shows the guarantor, the portal name and the theme switch in the header', async () => {
    service();
    storeSession();
    await open('/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    expect(screen.getByRole('banner')).toHaveTextContent('Maria Garcia');
    expect(await screen.findByRole('img', { name: 'Canyon Pay' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Theme: Light' })).toBeInTheDocument();
  });
});
