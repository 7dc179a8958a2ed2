import { ERROR_SCREEN, ERROR_SCREEN_ES } from '@webpay/contracts/messages';
import { PAYMENT_MESSAGES, PAYMENT_MESSAGES_ES } from '@webpay/contracts/payment-messages';
import { defineCatalogue } from '@/lib/messages.ts';

/** Words of the error screen (SPEC §2/§8), beyond SPEC's own. */
export const errorScreenMessages = defineCatalogue(
  {
    ...ERROR_SCREEN,
    online: 'You are online',
    offline: 'You are offline',
    needHelp: 'Need help? Contact us',
    atPhone: ' at ',
    orEmail: ' or ',
    atEmail: ' at ',
    end: '.',
  },
  {
    ...ERROR_SCREEN_ES,
    online: 'Tiene conexión',
    offline: 'No tiene conexión',
    needHelp: '¿Necesita ayuda? Comuníquese con nosotros',
    atPhone: ' al ',
    orEmail: ' o en ',
    atEmail: ' en ',
    end: '.',
  },
);

/** SPEC §8: the copyable technical details wherever an error shows them. */
export const technicalDetailsMessages = defineCatalogue(
  {
    technicalDetails: 'Technical details',
    notAvailable: 'Not available',
    copy: 'Copy',
    copyField: (field: string) => `Copy ${field}`,
    copied: PAYMENT_MESSAGES.copied,
    fields: {
      code: 'Code',
      status: 'Status',
      title: 'Title',
      details: 'Details',
      requestId: 'Request ID',
      correlationId: 'Correlation ID',
      message: 'Message',
    },
  },
  {
    technicalDetails: 'Detalles técnicos',
    notAvailable: 'No disponible',
    copy: 'Copiar',
    copyField: (field) => `Copiar ${field}`,
    copied: PAYMENT_MESSAGES_ES.copied,
    fields: {
      code: 'Código',
      status: 'Estado',
      title: 'Título',
      details: 'Detalles',
      requestId: 'ID de la solicitud',
      correlationId: 'ID de correlación',
      message: 'Mensaje',
    },
  },
);

/** SPEC §1/§9: the theme switch. */
export const themeMessages = defineCatalogue(
  {
    theme: 'Theme',
    current: (theme: string) => `Theme: ${theme}`,
    names: { light: 'Light', dark: 'Dark', system: 'System' },
  },
  {
    theme: 'Tema',
    current: (theme) => `Tema: ${theme}`,
    names: { light: 'Claro', dark: 'Oscuro', system: 'Sistema' },
  },
);

/** Words of the shared building blocks: progress, spinners, dialogs. */
export const uiMessages = defineCatalogue(
  {
    loading: 'Loading',
    close: 'Close',
    notifications: 'Notifications',
    closeNotification: 'Close toast',
  },
  {
    loading: 'Cargando',
    close: 'Cerrar',
    notifications: 'Notificaciones',
    closeNotification: 'Cerrar notificación',
  },
);

/** The ways into the financial assistance page (issue #27's pinned words). */
export const assistanceLinkMessages = defineCatalogue(
  {
    needHelpPaying: 'Need help paying?',
    financialAssistance: 'Financial Assistance',
    applyForAssistance: 'Apply for financial assistance',
  },
  {
    needHelpPaying: '¿Necesita ayuda para pagar?',
    financialAssistance: 'Asistencia financiera',
    applyForAssistance: 'Solicitar asistencia financiera',
  },
);
