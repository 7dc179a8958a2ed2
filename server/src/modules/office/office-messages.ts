import { defineCatalogue } from '@webpay/contracts/catalogue';
import type { Translation } from '@webpay/contracts/language';

/**
 * What the console's support actions and home summaries say, in the
 * reader's language (decision 0020).
 */
const OFFICE_MESSAGES_EN = {
  guarantorNotFound: 'No guarantor has this id.',
  emailRequired: 'body.email: Enter the new email address',
  emailUnchanged: 'body.email: This is already the address on file',
  noEmailOnFile: 'This guarantor has no email address on file.',
  mailNotAccepted: 'The mail server did not accept it',
  unlocked: 'Sign-in is unlocked; the failed attempts are forgotten.',
  signedOut: (count: number) =>
    count === 1 ? '1 session was signed out.' : `${count} sessions were signed out.`,
  linkSent: (email: string) => `A sign-in link is on its way to ${email}.`,
  emailCorrected: (email: string) => `The email address is now ${email}.`,
  pinIssued: 'A new PIN is issued. Print the letter now: it can be opened only once.',
  pinLetterGone:
    'This PIN letter was printed already or has expired; issue a new PIN to print another.',
  imported: (file: string, records: number) => `${file}: ${records} records`,
  importRefused: (file: string, problems: number) => `${file}: refused, ${problems} problems`,
  exported: (batch: string, payments: number, total: string) =>
    `${batch}: ${payments} payments, ${total}`,
  nothingToExport: 'Nothing to export',
  runCompleted: 'Completed',
  runFailed: 'Failed',
};

const OFFICE_MESSAGES_ES: Translation<typeof OFFICE_MESSAGES_EN> = {
  guarantorNotFound: 'Ningún garante tiene este identificador.',
  emailRequired: 'body.email: Ingrese el nuevo correo electrónico',
  emailUnchanged: 'body.email: Este ya es el correo electrónico registrado',
  noEmailOnFile: 'Este garante no tiene un correo electrónico registrado.',
  mailNotAccepted: 'El servidor de correo electrónico no lo aceptó',
  unlocked: 'El inicio de sesión está desbloqueado; se olvidaron los intentos fallidos.',
  signedOut: (count: number) =>
    count === 1 ? 'Se cerró 1 sesión.' : `Se cerraron ${count} sesiones.`,
  linkSent: (email: string) => `Se está enviando un enlace de inicio de sesión a ${email}.`,
  emailCorrected: (email: string) => `El correo electrónico ahora es ${email}.`,
  pinIssued: 'Se emitió un nuevo PIN. Imprima la carta ahora: solo se puede abrir una vez.',
  pinLetterGone:
    'Esta carta de PIN ya se imprimió o venció; emita un nuevo PIN para imprimir otra.',
  imported: (file: string, records: number) => `${file}: ${records} registros`,
  importRefused: (file: string, problems: number) => `${file}: rechazado, ${problems} problemas`,
  exported: (batch: string, payments: number, total: string) =>
    `${batch}: ${payments} pagos, ${total}`,
  nothingToExport: 'Nada que exportar',
  runCompleted: 'Completada',
  runFailed: 'Con errores',
};

export const OFFICE_MESSAGES = defineCatalogue(OFFICE_MESSAGES_EN, OFFICE_MESSAGES_ES);
