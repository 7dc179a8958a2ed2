import type { Translation } from './language.ts';

/**
 * Words the portal shows exactly as SPEC.md writes them, in one place so the
 * portal and its end-to-end tests cannot drift apart.
 */

/** SPEC §1: the login page's promotional panel. */
export const LOGIN_PROMO = {
  heading: 'Secure Patient Payment Portal',
  body: 'Access your medical bills, view statements, and make secure payments all in one place.',
  bullets: ['Secure & encrypted transactions', '24/7 account access', 'Easy payment options'],
} as const;

/** SPEC §1: the login page title is the portal name followed by 'Login'. */
export function loginPageTitle(portalName: string): string {
  return `${portalName} Login`;
}

/** SPEC §4 / §8 modals. */
export const SESSION_EXPIRED_MODAL = {
  title: 'Session Expired',
  message: 'Your session has expired. Please log in again to continue.',
  action: 'Go to Login',
} as const;

export const INVALID_CODE_MODAL = {
  title: 'Invalid Code',
  message: 'The verification code you entered is invalid or has expired.',
  resend: 'Send New Code',
  cancel: 'Cancel',
} as const;

/** SPEC §8 sign-in failures. */
export const SIGN_IN_MESSAGES = {
  unexpected: 'Unexpected error during sign-in, please try again later.',
  magicLinkFailed: 'Unexpected error during sign-in with magic link',
  /** Not in SPEC: wording for a refused account number / PIN that never says which was wrong. */
  invalidPinCredentials: 'The account number or PIN is incorrect.',
  /** Not in SPEC: a lockout (423) whose answer carried no words of its own. */
  locked: 'Sign-in is paused after too many unsuccessful attempts. Please try again later.',
  /** Not in SPEC: throttling (429) whose answer carried no words of its own. */
  throttled: 'Too many attempts. Please wait a moment and try again.',
} as const;

/** Not in SPEC: throttling (429) with a Retry-After but no words of its own. */
export function throttledMessage(retryAfterSeconds: number): string {
  const unit = retryAfterSeconds === 1 ? 'second' : 'seconds';
  return `Too many attempts. Please wait ${retryAfterSeconds} ${unit} and try again.`;
}

/** SPEC §8 Dashboard fetch errors (toasts). */
export const DASHBOARD_MESSAGES = {
  sessionExpired: 'Your session has expired. Please log in again.',
  fetchFailed: 'Failed to fetch account information. Please try again later.',
  noEncounters: 'No current encounters found',
  noPlanEncounters: 'No payment plan encounters found',
  /** Followed by the facility title on an other-facility tab. */
  noFacilityEncounters: 'No encounters found',
  noItemsSelected: 'No items selected for payment',
  amountExceedsBalance: 'Amount exceeds balance',
  /** SPEC §5: the plan cards' message; never triggered on the main tab. */
  amountExceedsTotalDue: 'Amount exceeds total due',
} as const;

/** SPEC §2 Dashboard: the names of its cards, columns and buttons. */
export const DASHBOARD_LABELS = {
  mainTab: 'Hospitals & Clinics',
  totalOutstanding: 'Total Outstanding',
  payTotal: 'Pay Total',
  pastDue: 'Past Due',
  overduePaymentPlans: 'Overdue Payment Plans',
  specifyAmount: 'Specify Amount',
  selectedForPayment: 'Selected for Payment',
  payNow: 'Pay Now',
  needAssistance: 'Need Assistance',
  pendingEncounters: 'Pending Encounters',
  encountersInPaymentPlan: 'Encounters in Payment Plan',
  totalPaymentAmount: 'Total Payment Amount',
  pendingPayments: 'Pending Payments',
  overdue: 'Overdue',
  full: 'Full',
  clear: 'Clear',
  interestRate: '0%',
} as const;

/**
 * Not in SPEC word for word: the sentences SPEC §2 describes on the dashboard
 * (footer note, 24-hour warning, plan eligibility note, custom amount help).
 */
export const DASHBOARD_NOTES = {
  paymentOptions: (phone: string) =>
    `Need more time or a different arrangement? Please call ${phone} to discuss payment options.`,
  otherFacilityDelay:
    'Payments to this facility may take up to 24 hours to be reflected in your balance.',
  notEligibleForPlans: 'These encounters are not eligible for payment plans.',
  customAmountHelp:
    'Pay any amount toward your account. The billing office applies it to your oldest balances first.',
} as const;

/** SPEC §8 error screen, chosen by what the error says. */
export const ERROR_SCREEN = {
  connection: {
    title: 'Connection Error',
    message:
      'Unable to connect to our servers. Please check your internet connection and try again.',
  },
  authentication: {
    title: 'Authentication Error',
    message: 'Your session has expired. Please log in again.',
    action: 'Log In Again',
  },
  timeout: {
    title: 'Request Timeout',
    message: 'The request took too long to complete. Please try again.',
  },
  generic: {
    title: 'Something went wrong',
    message: "We're experiencing technical difficulties. Please try again in a few moments.",
  },
  retry: 'Try Again',
  retrying: 'Retrying...',
  refresh: 'Refresh Page',
} as const;

/** SPEC §4 / §8 generic api-error modal: its defaults when the caller gives none. */
export const API_ERROR_MODAL = {
  title: 'Error',
  message: 'An error occurred',
  /** The message for a 403 answer when the caller gives none. */
  noAccess: 'You do not currently have access.',
  close: 'Close',
} as const;

/**
 * Not in SPEC: the magic-link request's confirmation. The same words whatever
 * the address, so the form cannot tell anyone who has an account.
 */
export const MAGIC_LINK_REQUEST_MESSAGES = {
  sent: 'If that address belongs to an account, we sent a sign-in link to it. The link works once, for 15 minutes.',
  failed: 'We could not send a sign-in link just now. Please try again later.',
} as const;

/** Not in SPEC: sign-up failures the service does not word itself. */
export const SIGN_UP_MESSAGES = {
  unexpected: 'Unexpected error during sign-up, please try again later.',
} as const;

/** Not in SPEC: the dashboard's offer of e-mail multi-factor to PIN and magic-link sessions. */
export const EMAIL_MFA_NOTICE = {
  message: 'Confirm your identity by email to save receipt email addresses to your account.',
  action: 'Email me a code',
} as const;

/*
 * Spanish twins of the words above (decision 0013), for the portal's Spanish
 * catalogues. Each is typed from its English one, so a new English key
 * without Spanish fails the type check.
 */

export const LOGIN_PROMO_ES: Translation<typeof LOGIN_PROMO> = {
  heading: 'Portal seguro de pagos para pacientes',
  body: 'Consulte sus facturas médicas y estados de cuenta, y haga pagos seguros, todo en un solo lugar.',
  bullets: [
    'Transacciones seguras y cifradas',
    'Acceso a su cuenta las 24 horas',
    'Opciones de pago sencillas',
  ],
};

/** The login page title in Spanish: 'Iniciar sesión en' followed by the portal name. */
export function loginPageTitleEs(portalName: string): string {
  return `Iniciar sesión en ${portalName}`;
}

export const SESSION_EXPIRED_MODAL_ES: Translation<typeof SESSION_EXPIRED_MODAL> = {
  title: 'Sesión vencida',
  message: 'Su sesión ha vencido. Vuelva a iniciar sesión para continuar.',
  action: 'Ir a iniciar sesión',
};

export const INVALID_CODE_MODAL_ES: Translation<typeof INVALID_CODE_MODAL> = {
  title: 'Código no válido',
  message: 'El código de verificación que ingresó no es válido o ha vencido.',
  resend: 'Enviar un código nuevo',
  cancel: 'Cancelar',
};

export const SIGN_IN_MESSAGES_ES: Translation<typeof SIGN_IN_MESSAGES> = {
  unexpected: 'Se produjo un error inesperado al iniciar sesión. Inténtelo de nuevo más tarde.',
  magicLinkFailed: 'Se produjo un error inesperado al iniciar sesión con el enlace',
  invalidPinCredentials: 'El número de cuenta o el PIN no es correcto.',
  locked:
    'El inicio de sesión está bloqueado por demasiados intentos fallidos. Inténtelo de nuevo más tarde.',
  throttled: 'Demasiados intentos. Espere un momento e inténtelo de nuevo.',
};

export function throttledMessageEs(retryAfterSeconds: number): string {
  const unit = retryAfterSeconds === 1 ? 'segundo' : 'segundos';
  return `Demasiados intentos. Espere ${retryAfterSeconds} ${unit} e inténtelo de nuevo.`;
}

export const DASHBOARD_MESSAGES_ES: Translation<typeof DASHBOARD_MESSAGES> = {
  sessionExpired: 'Su sesión ha vencido. Vuelva a iniciar sesión.',
  fetchFailed: 'No se pudo obtener la información de su cuenta. Inténtelo de nuevo más tarde.',
  noEncounters: 'No se encontraron servicios por pagar',
  noPlanEncounters: 'No se encontraron servicios en planes de pagos',
  noFacilityEncounters: 'No se encontraron servicios en',
  noItemsSelected: 'No hay conceptos seleccionados para pagar',
  amountExceedsBalance: 'El monto supera el saldo',
  amountExceedsTotalDue: 'El monto supera el total a pagar',
};

export const DASHBOARD_LABELS_ES: Translation<typeof DASHBOARD_LABELS> = {
  mainTab: 'Hospitales y clínicas',
  totalOutstanding: 'Total por pagar',
  payTotal: 'Pagar el total',
  pastDue: 'Vencido',
  overduePaymentPlans: 'Planes de pagos atrasados',
  specifyAmount: 'Indicar un monto',
  selectedForPayment: 'Seleccionado para pagar',
  payNow: 'Pagar ahora',
  needAssistance: '¿Necesita ayuda?',
  pendingEncounters: 'Servicios por pagar',
  encountersInPaymentPlan: 'Servicios en plan de pagos',
  totalPaymentAmount: 'Monto total del pago',
  pendingPayments: 'Pagos en proceso',
  overdue: 'Atrasado',
  full: 'Total',
  clear: 'Borrar',
  interestRate: '0%',
};

export const DASHBOARD_NOTES_ES: Translation<typeof DASHBOARD_NOTES> = {
  paymentOptions: (phone) =>
    `¿Necesita más tiempo u otro arreglo de pago? Llame al ${phone} para hablar de sus opciones de pago.`,
  otherFacilityDelay:
    'Los pagos a este centro pueden tardar hasta 24 horas en reflejarse en su saldo.',
  notEligibleForPlans: 'Estos servicios no pueden incluirse en planes de pagos.',
  customAmountHelp:
    'Pague el monto que desee a su cuenta. La oficina de facturación lo aplica primero a sus saldos más antiguos.',
};

export const ERROR_SCREEN_ES: Translation<typeof ERROR_SCREEN> = {
  connection: {
    title: 'Error de conexión',
    message:
      'No podemos conectarnos con nuestros servidores. Revise su conexión a internet e inténtelo de nuevo.',
  },
  authentication: {
    title: 'Error de autenticación',
    message: 'Su sesión ha vencido. Vuelva a iniciar sesión.',
    action: 'Volver a iniciar sesión',
  },
  timeout: {
    title: 'Tiempo de espera agotado',
    message: 'La solicitud tardó demasiado. Inténtelo de nuevo.',
  },
  generic: {
    title: 'Algo salió mal',
    message: 'Tenemos dificultades técnicas. Inténtelo de nuevo en unos momentos.',
  },
  retry: 'Intentar de nuevo',
  retrying: 'Intentando de nuevo...',
  refresh: 'Actualizar la página',
};

export const API_ERROR_MODAL_ES: Translation<typeof API_ERROR_MODAL> = {
  title: 'Error',
  message: 'Se produjo un error',
  noAccess: 'En este momento no tiene acceso.',
  close: 'Cerrar',
};

export const MAGIC_LINK_REQUEST_MESSAGES_ES: Translation<typeof MAGIC_LINK_REQUEST_MESSAGES> = {
  sent: 'Si esa dirección pertenece a una cuenta, le enviamos un enlace para iniciar sesión. El enlace funciona una sola vez, durante 15 minutos.',
  failed:
    'No pudimos enviar un enlace para iniciar sesión en este momento. Inténtelo de nuevo más tarde.',
};

export const SIGN_UP_MESSAGES_ES: Translation<typeof SIGN_UP_MESSAGES> = {
  unexpected: 'Se produjo un error inesperado al registrarse. Inténtelo de nuevo más tarde.',
};

export const EMAIL_MFA_NOTICE_ES: Translation<typeof EMAIL_MFA_NOTICE> = {
  message:
    'Confirme su identidad por correo electrónico para guardar en su cuenta direcciones de correo electrónico para recibos.',
  action: 'Enviarme un código por correo electrónico',
};
