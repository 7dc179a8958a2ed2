import {
  EMAIL_MFA_NOTICE,
  EMAIL_MFA_NOTICE_ES,
  MAGIC_LINK_REQUEST_MESSAGES,
  MAGIC_LINK_REQUEST_MESSAGES_ES,
  SIGN_IN_MESSAGES,
  SIGN_IN_MESSAGES_ES,
  SIGN_UP_MESSAGES,
  SIGN_UP_MESSAGES_ES,
  loginPageTitle,
  loginPageTitleEs,
  throttledMessage,
  throttledMessageEs,
} from '@webpay/contracts/messages';
import { INVALID_REDIRECT_MESSAGE, INVALID_REDIRECT_MESSAGE_ES } from '@webpay/contracts/redirect';
import { SIGN_IN_ERROR_DETAILS, SIGN_IN_ERROR_DETAILS_ES } from '@webpay/contracts/sign-in';
import { defineCatalogue } from '@/lib/messages.ts';

/** The sign-in and verification areas' document titles (SPEC §1: the portal name, then 'Login'). */
export const authPageTitles = defineCatalogue(
  {
    login: loginPageTitle,
    verification: (portalName: string) => `${portalName} Verification`,
  },
  {
    login: loginPageTitleEs,
    verification: (portalName) => `Verificación de ${portalName}`,
  },
);

/** Why a sign-in or sign-up failed, when the service's own words cannot be passed on (SPEC §8). */
export const signInErrorMessages = defineCatalogue(
  {
    ...SIGN_IN_MESSAGES,
    throttledFor: throttledMessage,
    /** 503 MAIL_UNAVAILABLE, in the service's own words. */
    mailUnavailable: SIGN_IN_ERROR_DETAILS.mailUnavailable,
  },
  {
    ...SIGN_IN_MESSAGES_ES,
    throttledFor: throttledMessageEs,
    mailUnavailable: SIGN_IN_ERROR_DETAILS_ES.mailUnavailable,
  },
);

/** Field names and ways on that several sign-in screens share. */
export const signInCommonMessages = defineCatalogue(
  {
    accountNumber: 'Account number',
    emailAddress: 'Email address',
    dateOfBirth: 'Date of birth',
    otherWaysToSignIn: 'Other ways to sign in',
    signInWithEmail: 'Sign in with email',
    backToDashboard: 'Back to Dashboard',
    /** SPEC §2: a refused `next`. */
    invalidRedirect: INVALID_REDIRECT_MESSAGE,
  },
  {
    accountNumber: 'Número de cuenta',
    emailAddress: 'Dirección de correo electrónico',
    dateOfBirth: 'Fecha de nacimiento',
    otherWaysToSignIn: 'Otras formas de iniciar sesión',
    signInWithEmail: 'Iniciar sesión con correo electrónico',
    backToDashboard: 'Volver al Panel',
    invalidRedirect: INVALID_REDIRECT_MESSAGE_ES,
  },
);

/** /login: the ways to sign in, and the sign-in link asked for by e-mail. */
export const signInOptionsMessages = defineCatalogue(
  {
    heading: 'Sign in',
    intro: 'Choose how you would like to sign in.',
    options: {
      '/login/pin': {
        label: 'Sign in with account number and PIN',
        hint: 'Both are printed on your statement.',
      },
      '/login/email': {
        label: 'Sign in with email',
        hint: 'Use your email address and date of birth.',
      },
      '/login/signup': {
        label: 'Sign up',
        hint: 'New here? Create an account with your email.',
      },
    },
    or: 'or',
  },
  {
    heading: 'Iniciar sesión',
    intro: 'Elija cómo desea iniciar sesión.',
    options: {
      '/login/pin': {
        label: 'Iniciar sesión con número de cuenta y PIN',
        hint: 'Ambos aparecen en su estado de cuenta.',
      },
      '/login/email': {
        label: 'Iniciar sesión con correo electrónico',
        hint: 'Use su dirección de correo electrónico y su fecha de nacimiento.',
      },
      '/login/signup': {
        label: 'Registrarse',
        hint: '¿Es su primera vez aquí? Cree una cuenta con su correo electrónico.',
      },
    },
    or: 'o',
  },
);

export const magicLinkRequestMessages = defineCatalogue(
  {
    heading: 'Sign in with a link',
    intro: 'Signed up with your email? We can email you a link that signs you in.',
    submit: 'Email me a sign-in link',
    anotherAddress: 'Send a link to another address',
    ...MAGIC_LINK_REQUEST_MESSAGES,
  },
  {
    heading: 'Iniciar sesión con un enlace',
    intro:
      '¿Se registró con su correo electrónico? Podemos enviarle allí un enlace para iniciar sesión.',
    submit: 'Enviarme un enlace para iniciar sesión',
    anotherAddress: 'Enviar un enlace a otra dirección',
    ...MAGIC_LINK_REQUEST_MESSAGES_ES,
  },
);

/** /login/magic: the link from the e-mail signing the guarantor in. */
export const magicLinkSignInMessages = defineCatalogue(
  {
    failedHeading: 'Sign in with your link',
    failed: SIGN_IN_MESSAGES.magicLinkFailed,
    linkLifetime: (minutes: number) =>
      `Sign-in links work once, for ${minutes} minutes. You can ask for a new link on the sign-in page, or sign in another way.`,
    chooseAnotherWay: 'Choose another way to sign in',
    signingIn: 'Signing you in…',
    moment: 'This only takes a moment.',
  },
  {
    failedHeading: 'Iniciar sesión con su enlace',
    failed: SIGN_IN_MESSAGES_ES.magicLinkFailed,
    linkLifetime: (minutes) =>
      `Los enlaces para iniciar sesión funcionan una sola vez, durante ${minutes} minutos. Puede solicitar un enlace nuevo en la página de inicio de sesión o iniciar sesión de otra forma.`,
    chooseAnotherWay: 'Elegir otra forma de iniciar sesión',
    signingIn: 'Iniciando su sesión…',
    moment: 'Esto solo toma un momento.',
  },
);

/** /login/pin */
export const pinLoginMessages = defineCatalogue(
  {
    heading: 'Sign in with your PIN',
    intro: 'Enter the account number and PIN printed on your statement.',
    pin: 'PIN',
    submit: 'Sign in',
  },
  {
    heading: 'Iniciar sesión con su PIN',
    intro: 'Ingrese el número de cuenta y el PIN que aparecen en su estado de cuenta.',
    pin: 'PIN',
    submit: 'Iniciar sesión',
  },
);

/** /login/email */
export const emailLoginMessages = defineCatalogue(
  {
    heading: 'Sign in with email',
    intro:
      'Enter the email address you signed up with and your date of birth. We will email you a 6-digit code.',
    submit: 'Send code',
    newHere: 'New here?',
    signUp: 'Sign up with your email',
  },
  {
    heading: 'Iniciar sesión con correo electrónico',
    intro:
      'Ingrese la dirección de correo electrónico con la que se registró y su fecha de nacimiento. Le enviaremos un código de 6 dígitos por correo electrónico.',
    submit: 'Enviar código',
    newHere: '¿Es su primera vez aquí?',
    signUp: 'Regístrese con su correo electrónico',
  },
);

/** /login/signup */
export const signupMessages = defineCatalogue(
  {
    heading: 'Sign up',
    intro:
      'Use the account number printed on your statement. We will email you a code to confirm your email address.',
    firstName: 'First name',
    lastName: 'Last name',
    paperless: 'Go paperless?',
    paperlessHint: 'Get your statements by email instead of by mail.',
    yes: 'Yes',
    no: 'No',
    submit: 'Sign up',
    alreadySignedUp: 'Already signed up?',
    unexpected: SIGN_UP_MESSAGES.unexpected,
    checkEmail: 'Check your email',
    /** Followed by the address, then `sentToEnd`. */
    sentTo: 'We emailed a 6-digit code and a link to ',
    sentToEnd: '.',
    finish: (minutes: number) =>
      `Open the link in that email and enter the code to finish signing up. The code works for ${minutes} minutes.`,
    changeDetails: 'Change my details',
  },
  {
    heading: 'Registrarse',
    intro:
      'Use el número de cuenta que aparece en su estado de cuenta. Le enviaremos un código a su dirección de correo electrónico para confirmarla.',
    firstName: 'Nombre',
    lastName: 'Apellido',
    paperless: '¿Desea recibir sus estados de cuenta solo en línea?',
    paperlessHint:
      'Reciba sus estados de cuenta por correo electrónico en lugar de por correo postal.',
    yes: 'Sí',
    no: 'No',
    submit: 'Registrarse',
    alreadySignedUp: '¿Ya se registró?',
    unexpected: SIGN_UP_MESSAGES_ES.unexpected,
    checkEmail: 'Revise su correo electrónico',
    sentTo: 'Enviamos un código de 6 dígitos y un enlace a ',
    sentToEnd: '.',
    finish: (minutes) =>
      `Abra el enlace de ese correo electrónico e ingrese el código para terminar de registrarse. El código funciona durante ${minutes} minutos.`,
    changeDetails: 'Cambiar mis datos',
  },
);

/** /verify/code */
export const verifyCodeMessages = defineCatalogue(
  {
    heading: 'Enter your verification code',
    /** Followed by the address, then `sentToEnd`. */
    sentTo: 'We emailed a 6-digit code to ',
    sentToEnd: '.',
    sentToYou: 'We emailed you a 6-digit code.',
    lifetime: (minutes: number) => `It works for ${minutes} minutes.`,
    code: 'Verification code',
    codeHint: 'The 6 digits from the email',
    submit: 'Verify',
    notReceived: "Didn't get it? Check your spam or junk folder, or ask for a new code.",
    resend: 'Send a new code',
    sending: 'Sending a new code…',
    resentTo: (email: string) =>
      `We sent a new code to ${email}. Codes sent earlier no longer work.`,
    resent: 'We sent you a new code. Codes sent earlier no longer work.',
    missingHeading: 'This code page is missing some details',
    missingSignedIn:
      'We could not tell which code to check. Go back to the dashboard and ask for a new code.',
    missingSignedOut:
      'We could not tell which code to check. The link may have been cut short. Sign in with your email address and date of birth to get a new code.',
  },
  {
    heading: 'Ingrese su código de verificación',
    sentTo: 'Le enviamos un código de 6 dígitos a ',
    sentToEnd: '.',
    sentToYou: 'Le enviamos un código de 6 dígitos por correo electrónico.',
    lifetime: (minutes) => `El código funciona durante ${minutes} minutos.`,
    code: 'Código de verificación',
    codeHint: 'Los 6 dígitos del correo electrónico',
    submit: 'Verificar',
    notReceived:
      '¿No lo recibió? Revise su carpeta de correo no deseado o solicite un código nuevo.',
    resend: 'Enviar un código nuevo',
    sending: 'Enviando un código nuevo…',
    resentTo: (email) =>
      `Enviamos un código nuevo a ${email}. Los códigos enviados antes ya no funcionan.`,
    resent: 'Le enviamos un código nuevo. Los códigos enviados antes ya no funcionan.',
    missingHeading: 'A esta página de código le faltan algunos datos',
    missingSignedIn:
      'No pudimos saber qué código verificar. Vuelva al Panel y solicite un código nuevo.',
    missingSignedOut:
      'No pudimos saber qué código verificar. Es posible que el enlace se haya cortado. Inicie sesión con su dirección de correo electrónico y su fecha de nacimiento para recibir un código nuevo.',
  },
);

/** The dashboard's offer of e-mail multi-factor. */
export const emailMfaNoticeMessages = defineCatalogue(
  {
    heading: 'Confirm your identity',
    dismiss: 'Dismiss notice about confirming your identity',
    ...EMAIL_MFA_NOTICE,
  },
  {
    heading: 'Confirme su identidad',
    dismiss: 'Cerrar el aviso sobre confirmar su identidad',
    ...EMAIL_MFA_NOTICE_ES,
  },
);
