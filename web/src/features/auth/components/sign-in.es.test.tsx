import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Claims } from '@webpay/contracts/auth';
import { chooseLanguage } from '@/lib/language.ts';
import { writeStoredSession } from '@/lib/session-storage.ts';
import { claimsFor, maria, mariaEncounters, tokenFor } from '@test/fixtures.ts';
import { fakeService, json, renderApp, type FakeCall } from '@test/render-app.tsx';

/*
 * The sign-in and sign-up screens read in Spanish (decision 0013): the
 * portal's own words, the shared schemas' errors and the document titles.
 */

const started = (verificationId: string) => ({
  guarantorId: 'g-100',
  verificationId,
  email: 'maria.garcia@example.com',
});

const verifyUrl = `/verify/code?${new URLSearchParams(started('v-200')).toString()}`;

function storeSession(claims: Claims) {
  writeStoredSession({
    token: tokenFor(claims),
    expiresAt: Date.now() + 600_000,
    user: maria,
    claims,
  });
}

describe('signing in and signing up in Spanish', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    chooseLanguage('es');
  });

  it('offers the ways to sign in', async () => {
    fakeService();
    await renderApp('/login');
    expect(
      await screen.findByRole('heading', { name: 'Iniciar sesión', level: 1 }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Iniciar sesión con número de cuenta y PIN' }),
    ).toHaveAccessibleDescription('Ambos aparecen en su estado de cuenta.');
    expect(screen.getByRole('link', { name: 'Registrarse' })).toBeInTheDocument();
    expect(
      screen.getByRole('region', { name: 'Iniciar sesión con un enlace' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Iniciar sesión en Canyon Pay'));
  });

  it('asks for a sign-in link and confirms it in Spanish', async () => {
    fakeService({ 'POST /auth/login/magic/request': () => json({ accepted: true }, 202) });
    await renderApp('/login');
    const section = within(
      await screen.findByRole('region', { name: 'Iniciar sesión con un enlace' }),
    );
    const user = userEvent.setup();
    await user.type(section.getByLabelText('Dirección de correo electrónico'), 'maria');
    await user.click(
      section.getByRole('button', { name: 'Enviarme un enlace para iniciar sesión' }),
    );
    expect(section.getByLabelText('Dirección de correo electrónico')).toHaveAccessibleDescription(
      'Ingrese una dirección de correo electrónico válida',
    );

    await user.type(
      section.getByLabelText('Dirección de correo electrónico'),
      '.garcia@example.com',
    );
    await user.click(
      section.getByRole('button', { name: 'Enviarme un enlace para iniciar sesión' }),
    );
    expect(await section.findByRole('status')).toHaveTextContent(
      'Si esa dirección pertenece a una cuenta, le enviamos un enlace para iniciar sesión.',
    );
    expect(
      section.getByRole('button', { name: 'Enviar un enlace a otra dirección' }),
    ).toBeInTheDocument();
  });

  it('checks the PIN form with Spanish errors and says how long to wait when throttled', async () => {
    fakeService({
      'POST /auth/login': () => new Response('', { status: 429, headers: { 'Retry-After': '30' } }),
    });
    await renderApp('/login/pin?next=%2F%2Fevil.example');
    expect(
      await screen.findByRole('heading', { name: 'Iniciar sesión con su PIN', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Ruta de redirección no válida');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByText('El número de cuenta es obligatorio')).toBeInTheDocument();
    expect(screen.getByText('El PIN es obligatorio')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Número de cuenta'), '100200300');
    await user.type(screen.getByLabelText('PIN'), '48271936');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').at(-1)).toHaveTextContent(
        'Demasiados intentos. Espere 30 segundos e inténtelo de nuevo.',
      ),
    );
    expect(
      screen.getByRole('link', { name: 'Otras formas de iniciar sesión' }),
    ).toBeInTheDocument();
  });

  it('rewords errors already shown when the guarantor switches language, keeping what was typed', async () => {
    chooseLanguage('en');
    fakeService();
    await renderApp('/login/email');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email address'), 'maria');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Español' }));
    expect(
      screen.getByRole('heading', { name: 'Iniciar sesión con correo electrónico', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Dirección de correo electrónico')).toHaveValue('maria');
    expect(screen.getByLabelText('Dirección de correo electrónico')).toHaveAccessibleDescription(
      'Ingrese una dirección de correo electrónico válida',
    );
    expect(screen.getByLabelText('Fecha de nacimiento')).toHaveAccessibleDescription(
      'La fecha de nacimiento es obligatoria',
    );
    expect(
      screen.getByRole('link', { name: 'Regístrese con su correo electrónico' }),
    ).toBeInTheDocument();
  });

  it('asks the sign-up questions and confirms where the code went', async () => {
    fakeService({ 'POST /auth/signup/email': () => json(true) });
    await renderApp('/login/signup');
    expect(
      await screen.findByRole('heading', { name: 'Registrarse', level: 1 }),
    ).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Registrarse' }));
    expect(screen.getByLabelText('Nombre')).toHaveAccessibleDescription('El nombre es obligatorio');
    expect(
      screen.getByRole('group', { name: '¿Desea recibir sus estados de cuenta solo en línea?' }),
    ).toHaveAccessibleDescription(
      'Reciba sus estados de cuenta por correo electrónico en lugar de por correo postal. Indique si desea recibir sus estados de cuenta solo en línea',
    );

    await user.type(screen.getByLabelText('Número de cuenta'), '500600700');
    await user.type(screen.getByLabelText('Nombre'), 'Ana');
    await user.type(screen.getByLabelText('Apellido'), 'Torres');
    await user.type(screen.getByLabelText('Fecha de nacimiento'), '1995-12-08');
    await user.type(
      screen.getByLabelText('Dirección de correo electrónico'),
      'ana.torres@example.com',
    );
    await user.click(screen.getByRole('radio', { name: 'Sí' }));
    await user.click(screen.getByRole('button', { name: 'Registrarse' }));

    expect(
      await screen.findByRole('heading', { name: 'Revise su correo electrónico', level: 1 }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/Enviamos un código de 6 dígitos y un enlace a/).closest('p'),
    ).toHaveTextContent('Enviamos un código de 6 dígitos y un enlace a ana.torres@example.com.');
    expect(screen.getByText(/El código funciona durante 10 minutos\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cambiar mis datos' })).toBeInTheDocument();
  });

  it('refuses a tab in a name and a display name in the address at the field, sending nothing', async () => {
    const { calls } = fakeService();
    await renderApp('/login/signup');
    await screen.findByRole('heading', { name: 'Registrarse', level: 1 });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Número de cuenta'), '500600700');
    await user.type(screen.getByLabelText('Nombre'), 'Ana');
    await user.click(screen.getByLabelText('Apellido'));
    await user.paste('Torres\tX');
    await user.type(screen.getByLabelText('Fecha de nacimiento'), '1995-12-08');
    await user.click(screen.getByLabelText('Dirección de correo electrónico'));
    await user.paste('Ana<ana.torres@example.com>');
    await user.click(screen.getByRole('radio', { name: 'Sí' }));
    await user.click(screen.getByRole('button', { name: 'Registrarse' }));

    expect(screen.getByLabelText('Apellido')).toHaveAccessibleDescription(
      'No se permiten saltos de línea, tabulaciones ni otros caracteres de control',
    );
    expect(screen.getByLabelText('Dirección de correo electrónico')).toHaveAccessibleDescription(
      'Ingrese una dirección de correo electrónico válida',
    );
    expect(calls.some((call) => call.path === '/auth/signup/email')).toBe(false);
  });

  it('words a refused sign-up the portal has no service words for', async () => {
    fakeService({ 'POST /auth/signup/email': () => new Response('', { status: 500 }) });
    await renderApp('/login/signup');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Número de cuenta'), '500600700');
    await user.type(screen.getByLabelText('Nombre'), 'Ana');
    await user.type(screen.getByLabelText('Apellido'), 'Torres');
    await user.type(screen.getByLabelText('Fecha de nacimiento'), '1995-12-08');
    await user.type(
      screen.getByLabelText('Dirección de correo electrónico'),
      'ana.torres@example.com',
    );
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: 'Registrarse' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Se produjo un error inesperado al registrarse. Inténtelo de nuevo más tarde.',
    );
  });

  it('asks for the code, opens the Invalid Code modal and says a new code was sent', async () => {
    fakeService({
      'POST /auth/login/code': () =>
        json({ title: 'Código no válido', status: 401, code: 'INVALID_CODE', details: [] }, 401),
      'POST /auth/signup/email/send-code': () => json(started('v-201')),
    });
    await renderApp(verifyUrl);
    expect(
      await screen.findByRole('heading', { name: 'Ingrese su código de verificación', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Le enviamos un código de 6 dígitos a/).closest('p')).toHaveTextContent(
      'Le enviamos un código de 6 dígitos a maria.garcia@example.com. El código funciona durante 10 minutos.',
    );
    const field = screen.getByLabelText('Código de verificación');
    expect(field).toHaveAccessibleDescription('Los 6 dígitos del correo electrónico');
    await waitFor(() => expect(document.title).toBe('Verificación de Canyon Pay'));

    const user = userEvent.setup();
    await user.type(field, '123');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(field).toHaveAccessibleDescription(
      'Los 6 dígitos del correo electrónico Ingrese el código de 6 dígitos',
    );

    await user.type(field, '456');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Código no válido' });
    expect(dialog).toHaveAccessibleDescription(
      'El código de verificación que ingresó no es válido o ha vencido.',
    );
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Enviar un código nuevo' }));

    expect(await screen.findByText(/Enviamos un código nuevo a/)).toHaveTextContent(
      'Enviamos un código nuevo a maria.garcia@example.com. Los códigos enviados antes ya no funcionan.',
    );
  });

  it("titles a failed resend 'No se pudo enviar el código' with the portal's own words", async () => {
    storeSession(claimsFor({ loginType: 'pin' }));
    fakeService({
      'GET /auth/me': () => json(maria),
      'POST /auth/mfa/email': () => new Response('', { status: 500 }),
    });
    await renderApp(verifyUrl);
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Enviar un código nuevo' }));
    const failure = await screen.findByRole('alertdialog', { name: 'No se pudo enviar el código' });
    expect(failure).toHaveAccessibleDescription(
      'No se pudo enviar el código de verificación. Inténtelo de nuevo.',
    );
    expect(screen.getByRole('link', { name: 'Volver al Panel', hidden: true })).toBeInTheDocument();
  });

  it('explains a code page opened without its verification', async () => {
    fakeService();
    await renderApp('/verify/code');
    expect(
      await screen.findByRole('heading', {
        name: 'A esta página de código le faltan algunos datos',
        level: 1,
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Iniciar sesión con correo electrónico' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Es posible que el enlace se haya cortado\./)).toBeInTheDocument();
  });

  it('says a sign-in link did not work', async () => {
    fakeService();
    await renderApp('/login/magic');
    expect(
      await screen.findByRole('heading', { name: 'Iniciar sesión con su enlace', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Se produjo un error inesperado al iniciar sesión con el enlace',
    );
    expect(screen.getByText(/funcionan una sola vez, durante 15 minutos\./)).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Elegir otra forma de iniciar sesión' }),
    ).toBeInTheDocument();
  });

  it('offers e-mail multi-factor on the dashboard, and shows Session Expired, in Spanish', async () => {
    storeSession(claimsFor({ loginType: 'pin', sid: 'session-es' }));
    fakeService({
      'GET /auth/me': () => json(maria),
      'GET /encounters': () => json(mariaEncounters),
      'POST /auth/mfa/email': (_call: FakeCall) =>
        json({ title: 'Sesión vencida', status: 401, code: 'SESSION_EXPIRED', details: [] }, 401),
    });
    await renderApp('/dashboard');
    const notice = await screen.findByRole('region', { name: 'Confirme su identidad' });
    expect(
      within(notice).getByRole('button', {
        name: 'Cerrar el aviso sobre confirmar su identidad',
      }),
    ).toBeInTheDocument();
    await userEvent
      .setup()
      .click(
        within(notice).getByRole('button', { name: 'Enviarme un código por correo electrónico' }),
      );

    const dialog = await screen.findByRole('alertdialog', { name: 'Sesión vencida' });
    expect(dialog).toHaveAccessibleDescription(
      'Su sesión ha vencido. Vuelva a iniciar sesión para continuar.',
    );
    expect(within(dialog).getByRole('button', { name: 'Ir a iniciar sesión' })).toBeInTheDocument();
  });
});
