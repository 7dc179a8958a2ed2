import {
  PAYMENT_METHOD_MESSAGES,
  PAYMENT_METHOD_MESSAGES_ES,
} from '@webpay/contracts/payment-methods';
import { BILLING_MESSAGES, BILLING_MESSAGES_ES } from '@webpay/contracts/billing';
import { ECHECK_MESSAGES, ECHECK_MESSAGES_ES } from '@webpay/contracts/billing';
import { PLAIN_TEXT_MESSAGES, PLAIN_TEXT_MESSAGES_ES } from '@webpay/contracts/plain-text';
import { defineCatalogue } from '@/lib/messages.ts';

/** The shared schemas' messages the add-method forms show. */
export const PAYMENT_METHOD_VALIDATION = [
  defineCatalogue(BILLING_MESSAGES, BILLING_MESSAGES_ES),
  defineCatalogue(ECHECK_MESSAGES, ECHECK_MESSAGES_ES),
  defineCatalogue(PLAIN_TEXT_MESSAGES, PLAIN_TEXT_MESSAGES_ES),
  defineCatalogue(PAYMENT_METHOD_MESSAGES, PAYMENT_METHOD_MESSAGES_ES),
] as const;

/** Issue #25: the Payment Methods screen, its dialogs and their answers. */
export const paymentMethodsMessages = defineCatalogue(
  {
    documentTitle: (portal: string) => `Payment Methods | ${portal}`,
    heading: 'Payment Methods',
    intro:
      'Cards and bank accounts you keep on file for payment plans, autopay and quicker payments.',
    listRegion: 'Saved payment methods',
    loading: 'Loading your payment methods…',
    cardLabel: (brand: string, last4: string) => `${brand} •••• ${last4}`,
    bankLabel: (type: string, last4: string) => `${type} •••• ${last4}`,
    expires: (expiry: string) => `Expires ${expiry}`,
    expiredOn: (expiry: string) => `Expired ${expiry}`,
    defaultBadge: 'Default',
    usedByPlan: (planNumber: string) => `Autopay for plan ${planNumber}`,
    usedByStatements: 'Autopay on statements',
    expiringSoonTitle: 'This card expires soon',
    expiringSoonText:
      'Add a new card before it expires so that payments using it keep going through.',
    expiredTitle: 'This card has expired',
    expiredText: 'It can no longer be charged. Add a new card and remove this one.',
    makeDefault: 'Make default',
    remove: 'Remove',
    addCard: 'Add a card',
    addBank: 'Add a bank account for autopay',
    emptyTitle: 'No saved payment methods',
    emptyText:
      'Save a card while you pay, or add a card or bank account here to use it for payment plans and autopay.',
    defaultChanged: (label: string) => `${label} is now your default payment method.`,
    removed: (label: string) => `${label} was removed.`,
    cardSaved: (label: string) => `${label} was saved.`,
    bankSaved: (label: string) => `${label} was saved.`,
    cancel: 'Cancel',
    removeTitle: (label: string) => `Remove ${label}?`,
    removeText: 'You will no longer be able to use it for payments.',
    removing: 'Removing…',
    inUseText: 'It is in use. Choose the saved method that takes its place:',
    inUseBy: 'Used for',
    replacementLegend: 'Replace it with',
    replacementRequired: 'Choose the method that takes its place',
    moveAndRemove: 'Move and remove',
    noReplacement:
      'You have no other saved method to take its place. Add another card or bank account first, or turn off the autopay that uses it, then remove this one.',
    addCardTitle: 'Add a card',
    addCardText:
      'Enter the name and address on the card. You then type the card in the secure window of our card processor, which checks it without charging it.',
    addBankTitle: 'Add a bank account for autopay',
    addBankText:
      'Only the account type and its last four digits are ever shown again. It is used only for autopay you turn on.',
    consentHeading: 'Terms for keeping it on file',
    consentAccept: 'I accept these terms',
    continueToCardWindow: 'Continue to the card window',
    openingCardWindow: 'Opening the secure card window…',
    checkingCard: 'Checking your card…',
    saveBank: 'Save bank account',
    saving: 'Saving…',
    cardNotVerified: (message: string) => `The card could not be verified: ${message}`,
    cardWindowFailed: 'The secure card window could not be opened. Please try again.',
    wrongAddress:
      'The secure card window cannot open at this address of the portal. Please use the portal’s usual address.',
    routingNumber: 'Routing number',
    routingHint: 'The 9 digits at the bottom left of a check.',
    accountNumber: 'Account number',
    accountType: 'Account type',
    formInvalid: 'Please correct the highlighted fields.',
  },
  {
    documentTitle: (portal) => `Formas de pago | ${portal}`,
    heading: 'Formas de pago',
    intro:
      'Tarjetas y cuentas bancarias que guarda para planes de pagos, pago automático y pagos más rápidos.',
    listRegion: 'Formas de pago guardadas',
    loading: 'Cargando sus métodos de pago…',
    cardLabel: (brand, last4) => `${brand} •••• ${last4}`,
    bankLabel: (type, last4) => `${type} •••• ${last4}`,
    expires: (expiry) => `Vence ${expiry}`,
    expiredOn: (expiry) => `Venció ${expiry}`,
    defaultBadge: 'Predeterminado',
    usedByPlan: (planNumber) => `Pago automático del plan ${planNumber}`,
    usedByStatements: 'Pago automático de estados de cuenta',
    expiringSoonTitle: 'Esta tarjeta vence pronto',
    expiringSoonText:
      'Agregue una tarjeta nueva antes de que venza para que los pagos que la usan sigan realizándose.',
    expiredTitle: 'Esta tarjeta está vencida',
    expiredText: 'Ya no se le puede cobrar. Agregue una tarjeta nueva y quite esta.',
    makeDefault: 'Hacer predeterminado',
    remove: 'Quitar',
    addCard: 'Agregar una tarjeta',
    addBank: 'Agregar una cuenta bancaria para pago automático',
    emptyTitle: 'No tiene métodos de pago guardados',
    emptyText:
      'Guarde una tarjeta al pagar, o agregue aquí una tarjeta o cuenta bancaria para usarla en planes de pagos y pago automático.',
    defaultChanged: (label) => `${label} es ahora su forma de pago predeterminada.`,
    removed: (label) => `Se quitó ${label}.`,
    cardSaved: (label) => `Se guardó ${label}.`,
    bankSaved: (label) => `Se guardó ${label}.`,
    cancel: 'Cancelar',
    removeTitle: (label) => `¿Quitar ${label}?`,
    removeText: 'Ya no podrá usarlo para pagar.',
    removing: 'Quitando…',
    inUseText: 'Está en uso. Elija el método guardado que tomará su lugar:',
    inUseBy: 'Se usa para',
    replacementLegend: 'Reemplazarlo por',
    replacementRequired: 'Elija el método que tomará su lugar',
    moveAndRemove: 'Cambiar y quitar',
    noReplacement:
      'No tiene otro método guardado que tome su lugar. Primero agregue otra tarjeta o cuenta bancaria, o desactive el pago automático que lo usa, y luego quite este.',
    addCardTitle: 'Agregar una tarjeta',
    addCardText:
      'Ingrese el nombre y la dirección de la tarjeta. Luego escribirá la tarjeta en la ventana segura de nuestro procesador de tarjetas, que la verifica sin cobrarle.',
    addBankTitle: 'Agregar una cuenta bancaria para pago automático',
    addBankText:
      'Solo se volverán a mostrar el tipo de cuenta y sus últimos cuatro dígitos. Se usa solo para el pago automático que usted active.',
    consentHeading: 'Condiciones para guardarlo',
    consentAccept: 'Acepto estas condiciones',
    continueToCardWindow: 'Continuar a la ventana de la tarjeta',
    openingCardWindow: 'Abriendo la ventana segura de la tarjeta…',
    checkingCard: 'Verificando su tarjeta…',
    saveBank: 'Guardar cuenta bancaria',
    saving: 'Guardando…',
    cardNotVerified: (message) => `No se pudo verificar la tarjeta: ${message}`,
    cardWindowFailed: 'No se pudo abrir la ventana segura de la tarjeta. Inténtelo de nuevo.',
    wrongAddress:
      'La ventana segura de la tarjeta no se puede abrir en esta dirección del portal. Use la dirección habitual del portal.',
    routingNumber: 'Número de ruta bancaria',
    routingHint: 'Los 9 dígitos en la parte inferior izquierda de un cheque.',
    accountNumber: 'Número de cuenta',
    accountType: 'Tipo de cuenta',
    formInvalid: 'Corrija los campos marcados.',
  },
);
