import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Claims } from '@webpay/contracts/auth';
import { SESSION_STORAGE_KEYS, writeStoredSession } from '@/lib/session-storage.ts';
import { claimsFor, maria, mariaEncounters, tokenFor } from '@test/fixtures.ts';
import { fakeService, json, renderApp, type FakeCall } from '@test/render-app.tsx';

const totpClaims = claimsFor({ loginType: 'totp', sid: 'session-totp' });
const totpToken = tokenFor(totpClaims);
const GOOD_CODE = '123456';

const invalidCode = () =>
  json(
    {
      title: 'Invalid code',
      status: 401,
      code: 'INVALID_CODE',
      details: ['The code is wrong or has expired.'],
    },
    401,
  );

const started = (verificationId: string) => ({
  guarantorId: 'g-100',
  verificationId,
  email: 'maria.garcia@example.com',
});

function handlers(overrides: Record<string, (call: FakeCall) => Response> = {}) {
  return {
    'POST /auth/login/code': ({ body }: FakeCall) =>
      (body as { code?: string }).code === GOOD_CODE
        ? json({ access_token: totpToken, expires_in: 900 })
        : invalidCode(),
    'GET /auth/me': () => json(maria),
    'GET /encounters': () => json(mariaEncounters),
    'POST /auth/signup/email/send-code': () => json(started('v-201')),
    'POST /auth/mfa/email': () => json(started('v-300')),
    ...overrides,
  };
}

const verifyUrl = (search: Record<string, string> = {}) =>
  `/verify/code?${new URLSearchParams({
    guarantorId: 'g-100',
    verificationId: 'v-200',
    email: 'maria.garcia@example.com',
    ...search,
  }).toString()}`;

async function openVerifyPage(url = verifyUrl()) {
  const app = await renderApp(url);
  await screen.findByRole('heading', { name: 'Enter your verification code', level: 1 });
  return app;
}

function storeSession(claims: Claims) {
  writeStoredSession({
    token: tokenFor(claims),
    expiresAt: Date.now() + 600_000,
    user: maria,
    claims,
  });
}

async function enterCode(code: string) {
  const user = userEvent.setup();
  const field = screen.getByLabelText('Verification code');
  await user.clear(field);
  await user.type(field, code);
  await user.click(screen.getByRole('button', { name: 'Verify' }));
  return user;
}

describe('the code page (/verify/code)', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('says where the code went and asks for it in a one-time-code field', async () => {
    fakeService(handlers());
    await openVerifyPage();
    expect(screen.getByText('maria.garcia@example.com')).toBeInTheDocument();
    const field = screen.getByLabelText('Verification code');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAccessibleDescription('The 6 digits from the email');
    // The title takes the portal's name once the config has been read.
    await waitFor(() => expect(document.title).toBe('Canyon Pay Verification'));
  });

  it('keeps only the digits of what is typed or pasted', async () => {
    fakeService(handlers());
    await openVerifyPage();
    const user = userEvent.setup();
    const field = screen.getByLabelText('Verification code');
    await user.click(field);
    await user.paste('Code: 12 34-567');
    expect(field).toHaveValue('123456');
  });

  it('asks for six digits before calling the service', async () => {
    const { calls } = fakeService(handlers());
    await openVerifyPage();
    await enterCode('123');
    expect(await screen.findByText('Enter the 6-digit code')).toBeInTheDocument();
    expect(screen.getByLabelText('Verification code')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.path === '/auth/login/code')).toBe(false);
  });

  it('signs in with the right code, storing the session like a PIN sign-in', async () => {
    const { calls } = fakeService(handlers());
    const { router, auth } = await openVerifyPage();
    await enterCode(GOOD_CODE);

    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    expect(router.state.location.pathname).toBe('/dashboard');
    const login = calls.find((call) => call.path === '/auth/login/code');
    expect(login?.body).toEqual({ guarantorId: 'g-100', verificationId: 'v-200', code: GOOD_CODE });
    expect(login?.headers.has('Authorization')).toBe(false);

    expect(localStorage.getItem(SESSION_STORAGE_KEYS.token)).toBe(totpToken);
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEYS.claims) ?? '')).toEqual(totpClaims);
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEYS.user) ?? '')).toEqual(maria);
    expect(Number(localStorage.getItem(SESSION_STORAGE_KEYS.expiresAt))).toBeGreaterThan(
      Date.now(),
    );
    expect(auth.getSession()?.claims.loginType).toBe('totp');
  });

  it('goes to a safe next afterwards', async () => {
    fakeService(handlers());
    const { router } = await openVerifyPage(verifyUrl({ next: '/statements' }));
    await enterCode(GOOD_CODE);
    await screen.findByRole('heading', { name: 'Statements', level: 1 });
    expect(router.state.location.pathname).toBe('/statements');
  });

  it('ignores an unsafe next', async () => {
    fakeService(handlers());
    const { router } = await openVerifyPage(verifyUrl({ next: 'https://evil.example/' }));
    expect(router.state.location.search).not.toHaveProperty('next');
    await enterCode(GOOD_CODE);
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
  });

  it('shows the Invalid Code modal for a wrong code; Cancel closes it and returns to the field', async () => {
    fakeService(handlers());
    const { auth } = await openVerifyPage();
    const user = await enterCode('999999');

    const dialog = await screen.findByRole('alertdialog', { name: 'Invalid Code' });
    expect(dialog).toHaveAccessibleDescription(
      'The verification code you entered is invalid or has expired.',
    );
    expect(within(dialog).getByRole('button', { name: 'Send New Code' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByLabelText('Verification code')).toHaveFocus());
    expect(auth.getSession()).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.token)).toBeNull();
  });

  it('Send New Code, signed out: a new code for the same verification, and the new ids in the URL', async () => {
    const { calls } = fakeService(handlers());
    const { router } = await openVerifyPage(verifyUrl({ next: '/statements' }));
    const user = await enterCode('999999');
    const dialog = await screen.findByRole('alertdialog', { name: 'Invalid Code' });
    await user.click(within(dialog).getByRole('button', { name: 'Send New Code' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'We sent a new code to maria.garcia@example.com.',
    );
    const resend = calls.find((call) => call.path === '/auth/signup/email/send-code');
    expect(resend?.body).toEqual({ guarantorId: 'g-100', verificationId: 'v-200' });
    expect(resend?.headers.has('Authorization')).toBe(false);
    expect(calls.some((call) => call.path === '/auth/mfa/email')).toBe(false);
    expect(router.state.location.search).toEqual({
      guarantorId: 'g-100',
      verificationId: 'v-201',
      email: 'maria.garcia@example.com',
      next: '/statements',
    });
    expect(screen.getByLabelText('Verification code')).toHaveValue('');
    await waitFor(() => expect(screen.getByLabelText('Verification code')).toHaveFocus());

    await enterCode(GOOD_CODE);
    await screen.findByRole('heading', { name: 'Statements', level: 1 });
    expect(calls.filter((call) => call.path === '/auth/login/code').at(-1)?.body).toEqual({
      guarantorId: 'g-100',
      verificationId: 'v-201',
      code: GOOD_CODE,
    });
  });

  it('Send New Code, in e-mail multi-factor: starts a new verification for the session', async () => {
    const pinClaims = claimsFor({ loginType: 'pin' });
    storeSession(pinClaims);
    const { calls } = fakeService(handlers());
    const { router } = await openVerifyPage(verifyUrl({ next: '/dashboard' }));
    const user = await enterCode('999999');
    const dialog = await screen.findByRole('alertdialog', { name: 'Invalid Code' });
    await user.click(within(dialog).getByRole('button', { name: 'Send New Code' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'We sent a new code to maria.garcia@example.com.',
    );
    const mfa = calls.find((call) => call.path === '/auth/mfa/email');
    expect(mfa?.method).toBe('POST');
    expect(mfa?.body).toBeUndefined();
    expect(mfa?.headers.get('Authorization')).toBe(`Bearer ${tokenFor(pinClaims)}`);
    expect(calls.some((call) => call.path === '/auth/signup/email/send-code')).toBe(false);
    expect(router.state.location.search).toMatchObject({
      guarantorId: 'g-100',
      verificationId: 'v-300',
      next: '/dashboard',
    });
  });

  it('a magic-link session also counts as multi-factor', async () => {
    storeSession(claimsFor({ loginType: 'magic' }));
    const { calls } = fakeService(handlers());
    await openVerifyPage();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send a new code' }));
    await screen.findByText(/We sent a new code/);
    expect(calls.some((call) => call.path === '/auth/mfa/email')).toBe(true);
  });

  it('offers a plain "Send a new code" button on the page too', async () => {
    const { calls } = fakeService(handlers());
    await openVerifyPage();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'We sent a new code to maria.garcia@example.com.',
    );
    expect(calls.some((call) => call.path === '/auth/signup/email/send-code')).toBe(true);
  });

  it("shows 'Failed to Send Code' with the service's words when a new code cannot be sent", async () => {
    fakeService(
      handlers({
        'POST /auth/signup/email/send-code': () =>
          json(
            {
              title: 'Too many requests',
              status: 429,
              code: 'TOO_MANY_REQUESTS',
              details: ['You have asked for too many codes. Please wait 10 minutes.'],
            },
            429,
          ),
      }),
    );
    await openVerifyPage();
    const user = await enterCode('999999');
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Invalid Code' })).getByRole('button', {
        name: 'Send New Code',
      }),
    );

    const failure = await screen.findByRole('alertdialog', { name: 'Failed to Send Code' });
    expect(failure).toHaveAccessibleDescription(
      'You have asked for too many codes. Please wait 10 minutes.',
    );
    expect(screen.queryByRole('alertdialog', { name: 'Invalid Code' })).not.toBeInTheDocument();
    await user.click(within(failure).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it("falls back to SPEC's resend words when the failure has none", async () => {
    storeSession(claimsFor({ loginType: 'pin' }));
    fakeService(handlers({ 'POST /auth/mfa/email': () => new Response('', { status: 500 }) }));
    await openVerifyPage();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send a new code' }));
    const failure = await screen.findByRole('alertdialog', { name: 'Failed to Send Code' });
    expect(failure).toHaveAccessibleDescription(
      'Could not send verification code. Please try again.',
    );
  });

  it('passes on a lockout or throttling in the service words, without the modal', async () => {
    fakeService(
      handlers({
        'POST /auth/login/code': () =>
          json(
            {
              title: 'Account locked',
              status: 423,
              code: 'ACCOUNT_LOCKED',
              details: ['Sign-in to this account is paused for 15 minutes.'],
            },
            423,
          ),
      }),
    );
    await openVerifyPage();
    await enterCode(GOOD_CODE);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sign-in to this account is paused for 15 minutes.',
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('reports other failures with the SPEC sign-in message', async () => {
    fakeService(handlers({ 'POST /auth/login/code': () => new Response('', { status: 500 }) }));
    await openVerifyPage();
    await enterCode(GOOD_CODE);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unexpected error during sign-in, please try again later.',
    );
  });

  it('explains a page opened without its verification and leads back to e-mail sign-in', async () => {
    fakeService(handlers());
    await renderApp('/verify/code?email=maria.garcia%40example.com&next=%2Fstatements');
    expect(
      await screen.findByRole('heading', {
        name: 'This code page is missing some details',
        level: 1,
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in with email' })).toHaveAttribute(
      'href',
      '/webpay/login/email?next=%2Fstatements',
    );
    expect(screen.queryByLabelText('Verification code')).not.toBeInTheDocument();
  });

  it('reads numeric-looking ids as text', async () => {
    const { calls } = fakeService(handlers());
    await openVerifyPage('/verify/code?guarantorId=100&verificationId=200');
    expect(screen.getByText(/We emailed you a 6-digit code/)).toBeInTheDocument();
    await enterCode(GOOD_CODE);
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    expect(calls.find((call) => call.path === '/auth/login/code')?.body).toEqual({
      guarantorId: '100',
      verificationId: '200',
      code: GOOD_CODE,
    });
  });
});
