import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SESSION_STORAGE_KEYS } from '@/lib/session-storage.ts';
import { mariaEncounters, maria, tokenFor } from '@test/fixtures.ts';
import { fakeService, json, renderApp } from '@test/render-app.tsx';

// One token for the whole file: claims carry the second they were made in.
const pinToken = tokenFor();

const signInHandlers = {
  'POST /auth/login': () => json({ access_token: pinToken, expires_in: 900 }),
  'GET /auth/me': () => json(maria),
  'GET /encounters': () => json(mariaEncounters),
};

async function openPinPage(search = '') {
  const app = await renderApp(`/login/pin${search}`);
  await screen.findByLabelText('Account number');
  return app;
}

async function signIn(accountNumber = '100200300', pin = '48271936') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Account number'), accountNumber);
  await user.type(screen.getByLabelText('PIN'), pin);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('PIN sign-in', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('labels its fields as SPEC names them', async () => {
    fakeService(signInHandlers);
    await openPinPage();
    const account = screen.getByLabelText('Account number');
    const pin = screen.getByLabelText('PIN');
    expect(account).toHaveAttribute('autocomplete', 'username');
    expect(pin).toHaveAttribute('type', 'password');
    expect(pin).toHaveAttribute('inputmode', 'numeric');
    // The title takes the portal's name once the config has been read.
    await waitFor(() => expect(document.title).toBe('Canyon Pay Login'));
  });

  it('checks the fields with the shared schema before calling the service', async () => {
    const { calls } = fakeService(signInHandlers);
    await openPinPage();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Account number is required')).toBeInTheDocument();
    expect(screen.getByText('PIN is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Account number')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.path === '/auth/login')).toBe(false);
  });

  it('signs in, stores the session and goes to the dashboard without next', async () => {
    const { calls } = fakeService(signInHandlers);
    const { router } = await openPinPage();
    await signIn();

    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');

    const login = calls.find((call) => call.path === '/auth/login');
    expect(login?.body).toEqual({ accountNumber: '100200300', pin: '48271936' });
    expect(login?.headers.has('Authorization')).toBe(false);
    const me = calls.find((call) => call.path === '/auth/me');
    expect(me?.headers.get('Authorization')).toBe(`Bearer ${pinToken}`);

    expect(localStorage.getItem(SESSION_STORAGE_KEYS.token)).toBe(pinToken);
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEYS.user) ?? '')).toEqual(maria);
    expect(Number(localStorage.getItem(SESSION_STORAGE_KEYS.expiresAt))).toBeGreaterThan(
      Date.now(),
    );
  });

  it('follows a safe next after sign-in', async () => {
    fakeService(signInHandlers);
    const { router } = await openPinPage(`?next=${encodeURIComponent('/statements')}`);
    expect(screen.queryByText('Invalid redirect path')).not.toBeInTheDocument();
    await signIn();
    await screen.findByRole('heading', { name: 'Statements', level: 1 });
    expect(router.state.location.pathname).toBe('/statements');
  });

  it.each(['//evil.example', 'https://evil.example/', '/\\evil.example', '/ok?to=http://x'])(
    'refuses the unsafe next %s, says so and goes to the dashboard',
    async (next) => {
      fakeService(signInHandlers);
      const { router } = await openPinPage(`?next=${encodeURIComponent(next)}`);
      expect(screen.getByRole('alert')).toHaveTextContent('Invalid redirect path');
      await signIn();
      await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
      expect(router.state.location.pathname).toBe('/dashboard');
    },
  );

  it('says the account number or PIN is wrong without saying which', async () => {
    fakeService({
      ...signInHandlers,
      'POST /auth/login': () =>
        json({ title: 'Unauthorized', status: 401, code: 'INVALID_CREDENTIALS', details: [] }, 401),
    });
    await openPinPage();
    await signIn('100200300', '1111');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The account number or PIN is incorrect.',
    );
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.token)).toBeNull();
  });

  it("passes on the server's words for a locked account", async () => {
    fakeService({
      ...signInHandlers,
      'POST /auth/login': () =>
        json(
          {
            title: 'Locked',
            status: 423,
            code: 'ACCOUNT_LOCKED',
            details: ['Your account is locked for 15 minutes.'],
          },
          423,
        ),
    });
    await openPinPage();
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your account is locked for 15 minutes.',
    );
  });

  it('says how long to wait when throttled, from Retry-After', async () => {
    fakeService({
      ...signInHandlers,
      'POST /auth/login': () => new Response('', { status: 429, headers: { 'Retry-After': '30' } }),
    });
    await openPinPage();
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait 30 seconds and try again.',
    );
  });

  it("passes on the server's words when throttled", async () => {
    fakeService({
      ...signInHandlers,
      'POST /auth/login': () =>
        json(
          {
            title: 'Too many requests',
            status: 429,
            code: 'TOO_MANY_REQUESTS',
            details: ['Too many attempts from this device. Please wait 12 seconds and try again.'],
          },
          429,
        ),
    });
    await openPinPage();
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts from this device. Please wait 12 seconds and try again.',
    );
  });

  it('reports any other failure with the SPEC sign-in message', async () => {
    fakeService({
      ...signInHandlers,
      'POST /auth/login': () => new Response('oops', { status: 500 }),
    });
    await openPinPage();
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unexpected error during sign-in, please try again later.',
    );
  });

  it('does not keep a session when the user cannot be loaded', async () => {
    fakeService({ ...signInHandlers, 'GET /auth/me': () => new Response('', { status: 503 }) });
    await openPinPage();
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unexpected error during sign-in, please try again later.',
    );
    await waitFor(() => expect(localStorage.getItem(SESSION_STORAGE_KEYS.token)).toBeNull());
  });
});
