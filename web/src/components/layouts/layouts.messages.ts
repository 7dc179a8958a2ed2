import { LOGIN_PROMO, LOGIN_PROMO_ES } from '@webpay/contracts/messages';
import { defineCatalogue } from '@/lib/messages.ts';

/** The frames around every page: the signed-in shell and the sign-in layout. */
export const layoutMessages = defineCatalogue(
  {
    skipToContent: 'Skip to main content',
    menu: 'Menu',
    mainNavigation: 'Main',
    logOut: 'Log out',
    signedInAs: 'Signed in as ',
    nav: {
      '/dashboard': 'Dashboard',
      '/statements': 'Statements',
      '/payments': 'Payments',
      '/payment-methods': 'Payment Methods',
      '/contact': 'Contact',
    },
    questionsCall: 'Questions about your bill? Call ',
    questionsEnd: '.',
    promo: LOGIN_PROMO,
  },
  {
    skipToContent: 'Saltar al contenido principal',
    menu: 'Menú',
    mainNavigation: 'Principal',
    logOut: 'Cerrar sesión',
    signedInAs: 'Sesión iniciada como ',
    nav: {
      '/dashboard': 'Panel',
      '/statements': 'Estados de cuenta',
      '/payments': 'Pagos',
      '/payment-methods': 'Formas de pago',
      '/contact': 'Contacto',
    },
    questionsCall: '¿Preguntas sobre su factura? Llame al ',
    questionsEnd: '.',
    promo: LOGIN_PROMO_ES,
  },
);
