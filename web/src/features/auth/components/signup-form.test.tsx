import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeService, json, renderApp } from '@test/render-app.tsx';

async function openSignup() {
  const app = await renderApp('/login/signup');
  await screen.findByRole('heading', { name: 'Sign up', level: 1 });
  return app;
}

async function fillIn(paperless: 'Yes' | 'No' | null = 'No') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Account number'), '500600700');
  await user.type(screen.getByLabelText('First name'), 'Ana');
  await user.type(screen.getByLabelText('Last name'), 'Torres');
  await user.type(screen.getByLabelText('Date of birth'), '1995-12-08');
  await user.type(screen.getByLabelText('Email address'), 'ana.torres@example.com');
  if (paperless) await user.click(screen.getByRole('radio', { name: paperless }));
  await user.click(screen.getByRole('button', { name: 'Sign up' }));
  return user;
}

const problem = (status: number, code: string, detail: string) => () =>
  json({ title: 'Sign-up refused', status, code, details: [detail] }, status);

describe('sign-up (/login/signup)', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('asks the paperless question as a radio group', async () => {
    fakeService();
    await openSignup();
    const group = screen.getByRole('group', { name: 'Go paperless?' });
    expect(group).toHaveAccessibleDescription('Get your statements by email instead of by mail.');
    expect(screen.getByRole('radio', { name: 'Yes' })).toHaveAttribute('value', 'true');
    expect(screen.getByRole('radio', { name: 'No' })).toHaveAttribute('value', 'false');
    expect(screen.getByRole('radio', { name: 'Yes' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'No' })).not.toBeChecked();
  });

  it.each([
    ['Yes', true],
    ['No', false],
  ] as const)(
    'sends "%s" as enrollPaperless %s and confirms where the code went',
    async (answer, expected) => {
      const { calls } = fakeService({ 'POST /auth/signup/email': () => json(true) });
      await openSignup();
      await fillIn(answer);

      const heading = await screen.findByRole('heading', { name: 'Check your email', level: 1 });
      await waitFor(() => expect(heading).toHaveFocus());
      expect(screen.getByText('ana.torres@example.com')).toBeInTheDocument();
      expect(screen.getByText(/We emailed a 6-digit code and a link to/)).toBeInTheDocument();
      const request = calls.find((call) => call.path === '/auth/signup/email');
      expect(request?.body).toEqual({
        accountNumber: '500600700',
        firstName: 'Ana',
        lastName: 'Torres',
        birthdate: '1995-12-08',
        email: 'ana.torres@example.com',
        enrollPaperless: expected,
      });
      expect(request?.headers.has('Authorization')).toBe(false);
    },
  );

  it('lets the guarantor go back and change the details', async () => {
    fakeService({ 'POST /auth/signup/email': () => json(true) });
    await openSignup();
    const user = await fillIn('Yes');
    await user.click(await screen.findByRole('button', { name: 'Change my details' }));
    expect(screen.getByLabelText('Email address')).toHaveValue('ana.torres@example.com');
    expect(screen.getByRole('radio', { name: 'Yes' })).toBeChecked();
    await waitFor(() => expect(screen.getByLabelText('Account number')).toHaveFocus());
  });

  it('checks every field with the shared rules and ties the errors to the fields', async () => {
    const { calls } = fakeService();
    await openSignup();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign up' }));

    expect(await screen.findByText('Account number is required')).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription(
      'First name is required',
    );
    expect(screen.getByLabelText('Last name')).toHaveAccessibleDescription('Last name is required');
    expect(screen.getByLabelText('Date of birth')).toHaveAccessibleDescription(
      'Date of birth is required',
    );
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription('Email is required');
    expect(screen.getByRole('group', { name: 'Go paperless?' })).toHaveAccessibleDescription(
      'Get your statements by email instead of by mail. Choose whether to go paperless',
    );
    expect(screen.getByLabelText('Account number')).toHaveFocus();
    expect(calls.some((call) => call.path === '/auth/signup/email')).toBe(false);
  });

  it('wants the paperless question answered', async () => {
    const { calls } = fakeService();
    await openSignup();
    await fillIn(null);
    expect(await screen.findByText('Choose whether to go paperless')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Yes' })).toHaveFocus();
    expect(calls.some((call) => call.path === '/auth/signup/email')).toBe(false);
  });

  it.each([
    [400, 'SIGNUP_ACCOUNT_MISMATCH', 'These details do not match the account number.'],
    [409, 'SIGNUP_ALREADY_REGISTERED', 'This account is already signed up. Sign in instead.'],
  ])("shows the service's words for %i %s beside the form", async (status, code, detail) => {
    fakeService({ 'POST /auth/signup/email': problem(status, code, detail) });
    await openSignup();
    await fillIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(detail);
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Check your email' })).not.toBeInTheDocument();
  });

  it('reports other failures plainly', async () => {
    fakeService({ 'POST /auth/signup/email': () => new Response('', { status: 500 }) });
    await openSignup();
    await fillIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unexpected error during sign-up, please try again later.',
    );
  });
});
