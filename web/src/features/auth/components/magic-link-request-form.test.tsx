import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeService, json, renderApp } from '@test/render-app.tsx';

const SENT =
  'If that address belongs to an account, we sent a sign-in link to it. The link works once, for 15 minutes.';

async function openLoginPage() {
  const app = await renderApp('/login');
  const section = await screen.findByRole('region', { name: 'Sign in with a link' });
  return { ...app, section: within(section) };
}

async function requestLink(section: ReturnType<typeof within>, email: string) {
  const user = userEvent.setup();
  await user.type(section.getByLabelText('Email address'), email);
  await user.click(section.getByRole('button', { name: 'Email me a sign-in link' }));
}

describe('email me a sign-in link (/login)', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('asks for the link without a session and confirms in words that reveal nothing', async () => {
    const { calls } = fakeService({
      'POST /auth/login/magic/request': () => json({ accepted: true }, 202),
    });
    const { section } = await openLoginPage();
    await requestLink(section, '  maria.garcia@example.com ');

    const confirmation = await section.findByText(SENT);
    expect(confirmation.closest('p')).toHaveFocus();
    expect(section.getByRole('status')).toHaveTextContent(SENT);
    const request = calls.find((call) => call.path === '/auth/login/magic/request');
    expect(request?.body).toEqual({ email: 'maria.garcia@example.com' });
    expect(request?.headers.has('Authorization')).toBe(false);
    expect(section.queryByLabelText('Email address')).not.toBeInTheDocument();
  });

  it('offers to send a link to another address', async () => {
    fakeService({ 'POST /auth/login/magic/request': () => json({ accepted: true }, 202) });
    const { section } = await openLoginPage();
    await requestLink(section, 'maria.garcia@example.com');
    await userEvent
      .setup()
      .click(await section.findByRole('button', { name: 'Send a link to another address' }));
    const field = section.getByLabelText('Email address');
    expect(field).toHaveValue('');
    await vi.waitFor(() => expect(field).toHaveFocus());
  });

  it('checks the address before calling the service, and links the error to the field', async () => {
    const { calls } = fakeService();
    const { section } = await openLoginPage();
    await requestLink(section, 'maria');
    const field = section.getByLabelText('Email address');
    expect(await section.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Please enter a valid email address');
    expect(calls.some((call) => call.path === '/auth/login/magic/request')).toBe(false);
  });

  it('passes on throttling with the wait from Retry-After', async () => {
    fakeService({
      'POST /auth/login/magic/request': () =>
        new Response('', { status: 429, headers: { 'Retry-After': '30' } }),
    });
    const { section } = await openLoginPage();
    await requestLink(section, 'maria.garcia@example.com');
    expect(await section.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait 30 seconds and try again.',
    );
    expect(section.queryByText(SENT)).not.toBeInTheDocument();
  });

  it('says the link could not be sent when the mail server cannot take it', async () => {
    fakeService({
      'POST /auth/login/magic/request': () =>
        json(
          {
            title: 'Email not sent',
            status: 503,
            code: 'MAIL_UNAVAILABLE',
            details: ['We could not send email right now. Please try again in a few minutes.'],
          },
          503,
        ),
    });
    const { section } = await openLoginPage();
    await requestLink(section, 'maria.garcia@example.com');
    expect(await section.findByRole('alert')).toHaveTextContent(
      'We could not send the email right now. Please try again in a few minutes.',
    );
    expect(section.queryByText(SENT)).not.toBeInTheDocument();
  });

  it('says the link could not be sent on any other failure', async () => {
    fakeService({ 'POST /auth/login/magic/request': () => new Response('', { status: 500 }) });
    const { section } = await openLoginPage();
    await requestLink(section, 'maria.garcia@example.com');
    expect(await section.findByRole('alert')).toHaveTextContent(
      'We could not send a sign-in link just now. Please try again later.',
    );
  });
});
