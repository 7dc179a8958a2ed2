import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeService, json, renderApp } from '@test/render-app.tsx';

const started = {
  guarantorId: 'g-100',
  verificationId: 'v-200',
  email: 'maria.garcia@example.com',
};

async function openEmailPage(search = '') {
  const app = await renderApp(`/login/email${search}`);
  await screen.findByRole('heading', { name: 'Sign in with email', level: 1 });
  return app;
}

async function fillAndSend(email = 'maria.garcia@example.com', birthdate = '1984-03-17') {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('Email address'), email);
  if (birthdate) await user.type(screen.getByLabelText('Date of birth'), birthdate);
  await user.click(screen.getByRole('button', { name: 'Send code' }));
}

describe('sign in with e-mail and date of birth (/login/email)', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('has an e-mail field and a real date field for the date of birth', async () => {
    fakeService();
    await openEmailPage();
    const email = screen.getByLabelText('Email address');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAttribute('autocomplete', 'email');
    const birthdate = screen.getByLabelText('Date of birth');
    expect(birthdate).toHaveAttribute('type', 'date');
    expect(birthdate).toHaveAttribute('autocomplete', 'bday');
    expect(birthdate).toHaveAttribute('min', '1900-01-01');
  });

  it('sends the date as YYYY-MM-DD and goes on to the code page with the verification', async () => {
    const { calls } = fakeService({ 'POST /auth/login/email': () => json(started) });
    const { router } = await openEmailPage();
    await fillAndSend();

    await screen.findByRole('heading', { name: 'Enter your verification code', level: 1 });
    const request = calls.find((call) => call.path === '/auth/login/email');
    expect(request?.body).toEqual({ email: 'maria.garcia@example.com', birthdate: '1984-03-17' });
    expect(request?.headers.has('Authorization')).toBe(false);
    expect(router.state.location.pathname).toBe('/verify/code');
    expect(router.state.location.search).toEqual(started);
    expect(screen.getByText('maria.garcia@example.com')).toBeInTheDocument();
  });

  it('hands a safe next on to the code page', async () => {
    fakeService({ 'POST /auth/login/email': () => json(started) });
    const { router } = await openEmailPage(`?next=${encodeURIComponent('/statements')}`);
    await fillAndSend();
    await screen.findByRole('heading', { name: 'Enter your verification code', level: 1 });
    expect(router.state.location.search).toEqual({ ...started, next: '/statements' });
  });

  it('drops an unsafe next and says so', async () => {
    fakeService({ 'POST /auth/login/email': () => json(started) });
    const { router } = await openEmailPage(`?next=${encodeURIComponent('//evil.example')}`);
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid redirect path');
    await fillAndSend();
    await screen.findByRole('heading', { name: 'Enter your verification code', level: 1 });
    expect(router.state.location.search).toEqual(started);
  });

  it('checks both fields first and ties each error to its field', async () => {
    const { calls } = fakeService();
    await openEmailPage();
    await fillAndSend('', '');
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription('Email is required');
    expect(screen.getByLabelText('Date of birth')).toHaveAccessibleDescription(
      'Date of birth is required',
    );
    expect(screen.getByLabelText('Email address')).toHaveFocus();
    expect(calls.some((call) => call.path === '/auth/login/email')).toBe(false);
  });

  it('refuses a date of birth in the future', async () => {
    fakeService();
    await openEmailPage();
    await fillAndSend('maria.garcia@example.com', '2999-01-01');
    expect(
      await screen.findByText('The date of birth cannot be in the future'),
    ).toBeInTheDocument();
  });

  it('passes on throttling in the service words', async () => {
    fakeService({
      'POST /auth/login/email': () =>
        json(
          {
            title: 'Too many requests',
            status: 429,
            code: 'TOO_MANY_REQUESTS',
            details: ['Too many attempts from this device. Please wait 60 seconds and try again.'],
          },
          429,
        ),
    });
    const { router } = await openEmailPage();
    await fillAndSend();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts from this device. Please wait 60 seconds and try again.',
    );
    expect(router.state.location.pathname).toBe('/login/email');
  });

  it('reports other failures with the SPEC sign-in message', async () => {
    fakeService({ 'POST /auth/login/email': () => new Response('', { status: 502 }) });
    await openEmailPage();
    await fillAndSend();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unexpected error during sign-in, please try again later.',
    );
  });
});
