import type { SsoErrorCode } from '@webpay/contracts/office';
import { defineCatalogue } from '@/lib/messages.ts';
import type { SessionEnd } from '../../lib/staff-session.ts';

const ENDED: Record<SessionEnd, string> = {
  'signed-out': 'You have signed out.',
  idle: 'You were signed out after 15 minutes without activity. Sign in again to go on.',
  expired: 'Your session reached its 12-hour limit. Sign in again to go on.',
  unauthorized: 'Your session has ended. Sign in again to go on.',
};

const SSO_REFUSED: Record<SsoErrorCode, string> = {
  SSO_FAILED: 'Single sign-on did not complete. Try again, or sign in with your password.',
  SSO_UNAVAILABLE:
    'The sign-in service could not be reached. Try again in a few minutes, or sign in with your password.',
  SSO_CANCELLED: 'Single sign-on was cancelled. You have not been signed in.',
  SSO_EXPIRED: 'That single sign-on took too long or was already used. Start it again.',
  SSO_EMAIL_NOT_VERIFIED:
    'Your organization has not confirmed your email address, so single sign-on cannot sign you in. Contact your IT help desk.',
  SSO_ROLE_NOT_MAPPED:
    'Your account is not in a group that may use the billing office console. Ask your manager for access.',
  SSO_STAFF_DISABLED:
    'Your billing office access is disabled. Ask a billing office administrator if you need it back.',
  SSO_LOCAL_ACCOUNT:
    'Your billing office account signs in with a password and authentication code, not single sign-on. Use the form above.',
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
    ssoRefused: SSO_REFUSED,
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
    ssoRefused: {
      SSO_FAILED:
        'El inicio de sesión único no se completó. Inténtelo de nuevo o inicie sesión con su contraseña.',
      SSO_UNAVAILABLE:
        'No se pudo conectar con el servicio de inicio de sesión. Inténtelo de nuevo en unos minutos o inicie sesión con su contraseña.',
      SSO_CANCELLED: 'Se canceló el inicio de sesión único. No se inició su sesión.',
      SSO_EXPIRED: 'Ese inicio de sesión único tardó demasiado o ya se usó. Vuelva a empezarlo.',
      SSO_EMAIL_NOT_VERIFIED:
        'Su organización no ha confirmado su correo electrónico, por lo que el inicio de sesión único no puede iniciar su sesión. Comuníquese con la mesa de ayuda de informática.',
      SSO_ROLE_NOT_MAPPED:
        'Su cuenta no pertenece a un grupo que pueda usar la consola de la oficina de facturación. Pida acceso a su supervisor.',
      SSO_STAFF_DISABLED:
        'Su acceso a la oficina de facturación está desactivado. Si lo necesita de nuevo, pídalo a un administrador de la oficina de facturación.',
      SSO_LOCAL_ACCOUNT:
        'Su cuenta de la oficina de facturación inicia sesión con contraseña y código de autenticación, no con inicio de sesión único. Use el formulario de arriba.',
    },
  },
);
