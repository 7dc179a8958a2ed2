import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { chooseLanguage } from '@/lib/language.ts';
import { staffSession } from '@/office/lib/staff-session.ts';
import {
  fakeOfficeService,
  json,
  renderWithQueries,
  staffMe,
} from '@test/office/office-service.tsx';
import { SignInForm } from './sign-in-form.tsx';

const signedIn = {
  'POST /auth/sign-in': () =>
    json({ access_token: 'staff-token', expires_in: 43_200, idle_timeout: 900 }),
  'GET /auth/me': () => json(staffMe('agent')),
};

function renderForm() {
  const onSignedIn = vi.fn();
  renderWithQueries(<SignInForm onSignedIn={onSignedIn} />);
  return onSignedIn;
}

async function fillIn(email: string, password: string, code: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  if (code) await user.type(screen.getByLabelText('Authentication code'), code);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('the billing office sign-in form', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('names its fields and button as issue #23 does', () => {
    fakeOfficeService();
    renderForm();
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Authentication code')).toHaveAttribute(
      'autocomplete',
      'one-time-code',
    );
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('checks every field before calling the service, each error tied to its field', async () => {
    const { calls } = fakeOfficeService(signedIn);
    renderForm();
    await fillIn('', '', '');
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Email is required');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
    expect(screen.getByLabelText('Authentication code')).toHaveAccessibleDescription(
      expect.stringContaining('Authentication code is required'),
    );
    expect(calls).toEqual([]);
  });

  it('refuses a malformed address and code', async () => {
    const { calls } = fakeOfficeService(signedIn);
    renderForm();
    await fillIn('dana@', 'correct horse battery', '12ab');
    expect(
      await screen.findByText('Enter an email address like name@example.org'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Enter the 6-digit code from your app or a recovery code'),
    ).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('words the errors in Spanish when the console is read in Spanish', async () => {
    fakeOfficeService(signedIn);
    chooseLanguage('es');
    renderForm();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByText('El correo electrónico es obligatorio')).toBeInTheDocument();
    expect(screen.getByText('La contraseña es obligatoria')).toBeInTheDocument();
  });

  it('signs in with the staff credentials alone: no portal API key, then learns who it is', async () => {
    const { calls } = fakeOfficeService(signedIn);
    const onSignedIn = renderForm();
    await fillIn('  Dana@Office.example ', 'correct horse battery', '123456');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    const [signIn, me] = calls;
    expect(signIn?.body).toEqual({
      email: 'dana@office.example',
      password: 'correct horse battery',
      code: '123456',
    });
    expect(signIn?.headers.has('Authorization')).toBe(false);
    expect(signIn?.headers.has('X-API-Key')).toBe(false);
    expect(me?.headers.get('Authorization')).toBe('Bearer staff-token');
    expect(staffSession.get()?.me?.staff.role).toBe('agent');
    expect(staffSession.get()?.idleTimeoutMs).toBe(900_000);
  });

  it("shows the service's refusal and clears the used code", async () => {
    fakeOfficeService({
      'POST /auth/sign-in': () =>
        json(
          {
            title: 'Unauthorized',
            status: 401,
            code: 'INVALID_CREDENTIALS',
            details: ['The email, password or code is not right.'],
          },
          401,
        ),
    });
    const onSignedIn = renderForm();
    await fillIn('dana@office.example', 'correct horse battery', '123456');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The email, password or code is not right.',
    );
    expect(screen.getByLabelText('Authentication code')).toHaveValue('');
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(staffSession.get()).toBeNull();
  });
});
