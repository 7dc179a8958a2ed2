import { defineCatalogue } from '@/lib/messages.ts';
import type { SessionEnd } from '../../lib/staff-session.ts';

const ENDED: Record<SessionEnd, string> = {
  'signed-out': 'You have signed out.',
  idle: 'You were signed out after 15 minutes without activity. Sign in again to go on.',
  expired: 'Your session reached its 12-hour limit. Sign in again to go on.',
  unauthorized: 'Your session has ended. Sign in again to go on.',
};

/** The sign-in page (issue #23 names its heading, fields and button). */
export const signInMessages = defineCatalogue(
  {
    title: 'Sign in',
    heading: 'Billing Office Sign In',
    intro: 'For billing office staff. Enter your email, password and the code from your app.',
    email: 'Email',
    password: 'Password',
    code: 'Authentication code',
    codeHint: 'The 6-digit code from your authenticator app, or one of your recovery codes.',
    submit: 'Sign in',
    failed: 'Signing in failed. Check your email, password and code, and try again.',
    or: 'or',
    sso: 'Sign in with single sign-on',
    ssoWith: (label: string) => `Through ${label}`,
    ended: ENDED,
    exchanging: 'Signing you in…',
    ssoFailed: 'Single sign-on did not complete. Try again, or sign in with your password.',
    backToSignIn: 'Back to sign in',
  },
  {
    title: 'Iniciar sesión',
    heading: 'Inicio de sesión de la oficina de facturación',
    intro:
      'Para el personal de la oficina de facturación. Ingrese su correo electrónico, su contraseña y el código de su aplicación.',
    email: 'Correo electrónico',
    password: 'Contraseña',
    code: 'Código de autenticación',
    codeHint:
      'El código de 6 dígitos de su aplicación de autenticación o uno de sus códigos de recuperación.',
    submit: 'Iniciar sesión',
    failed:
      'No se pudo iniciar sesión. Revise su correo electrónico, su contraseña y su código, e inténtelo de nuevo.',
    or: 'o',
    sso: 'Iniciar sesión con inicio de sesión único',
    ssoWith: (label) => `A través de ${label}`,
    ended: {
      'signed-out': 'Cerró la sesión.',
      idle: 'Se cerró su sesión tras 15 minutos sin actividad. Inicie sesión de nuevo para continuar.',
      expired: 'Su sesión alcanzó su límite de 12 horas. Inicie sesión de nuevo para continuar.',
      unauthorized: 'Su sesión terminó. Inicie sesión de nuevo para continuar.',
    },
    exchanging: 'Iniciando su sesión…',
    ssoFailed:
      'El inicio de sesión único no se completó. Inténtelo de nuevo o inicie sesión con su contraseña.',
    backToSignIn: 'Volver a iniciar sesión',
  },
);
