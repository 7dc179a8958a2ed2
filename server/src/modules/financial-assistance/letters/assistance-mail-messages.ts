import { defineCatalogue } from '@webpay/contracts/catalogue';
import type { Translation } from '@webpay/contracts/language';

/*
 * The words of the e-mails sent at each step of a financial assistance
 * application, around the letters they may carry. Statuses are named by
 * APPLICATION_STATUS_NAMES, never here.
 */

const ASSISTANCE_MAIL_EN = {
  subject: (reference: string, what: string) => `Financial assistance ${reference}: ${what}`,
  button: 'Open your application',
  letterIntro: 'Our letter is below. It is also kept with your application in the portal.',
  submitted: {
    heading: 'We received your application',
    intro: (reference: string) =>
      `Thank you. We received your application for financial assistance. Your reference number is ${reference}. Please have it ready if you call us.`,
    next: 'What happens next: we will review your application and email you at each step. If we need anything else, we will tell you what and by when.',
    documentsLater: (count: number) =>
      count === 1
        ? 'You chose to send 1 document later. You can add it in the portal.'
        : `You chose to send ${count} documents later. You can add them in the portal.`,
    holdPaused:
      'While your application is open, we put a hold on your account: we stop statement reminders and any collection action. We also pause your automatic payments and payment plan charges. You may still pay in the portal at any time if you wish.',
    holdKeepPaying:
      'While your application is open, we put a hold on your account: we stop statement reminders and any collection action. You chose to keep paying, so your automatic payments and payment plan charges go on as scheduled.',
  },
  inReview: {
    heading: 'We are reviewing your application',
    intro: (reference: string) => `We are now reviewing your application ${reference}.`,
    nothingToDo:
      'You do not need to do anything right now. We will email you when we decide, or if we need more from you.',
  },
  needInformation: { heading: 'We need more information' },
  message: {
    subject: 'New message',
    heading: 'You have a new message',
    intro: (reference: string) =>
      `You have a new message about your application ${reference}. Please read it in the portal.`,
    privacy: 'To keep your information private, we do not put messages in email.',
  },
  approved: { heading: 'Your application is approved' },
  denied: { heading: 'Decision on your application' },
  holdReleased: {
    subject: 'The hold on your account has ended',
    heading: 'The hold on your account has ended',
  },
  collectionNotice: {
    subject: 'Important notice about your balance',
    heading: 'Important notice about your balance',
  },
} as const;

const ASSISTANCE_MAIL_ES: Translation<typeof ASSISTANCE_MAIL_EN> = {
  subject: (reference, what) => `Asistencia financiera ${reference}: ${what}`,
  button: 'Abrir su solicitud',
  letterIntro: 'Nuestra carta está abajo. También queda guardada con su solicitud en el portal.',
  submitted: {
    heading: 'Recibimos su solicitud',
    intro: (reference) =>
      `Gracias. Recibimos su solicitud de asistencia financiera. Su número de referencia es ${reference}. Téngalo a la mano si nos llama.`,
    next: 'Lo que sigue: revisaremos su solicitud y le enviaremos un correo electrónico en cada paso. Si necesitamos algo más, le diremos qué y para cuándo.',
    documentsLater: (count) =>
      count === 1
        ? 'Usted eligió enviar 1 documento más tarde. Puede agregarlo en el portal.'
        : `Usted eligió enviar ${count} documentos más tarde. Puede agregarlos en el portal.`,
    holdPaused:
      'Mientras su solicitud está abierta, ponemos una pausa en su cuenta: dejamos de enviarle recordatorios de estados de cuenta y no tomamos ninguna acción de cobro. También detenemos sus pagos automáticos y los cobros de su plan de pagos. Si lo desea, puede seguir pagando en el portal cuando quiera.',
    holdKeepPaying:
      'Mientras su solicitud está abierta, ponemos una pausa en su cuenta: dejamos de enviarle recordatorios de estados de cuenta y no tomamos ninguna acción de cobro. Usted eligió seguir pagando, así que sus pagos automáticos y los cobros de su plan de pagos siguen según lo programado.',
  },
  inReview: {
    heading: 'Estamos revisando su solicitud',
    intro: (reference) => `Ya estamos revisando su solicitud ${reference}.`,
    nothingToDo:
      'Por ahora no tiene que hacer nada. Le enviaremos un correo electrónico cuando decidamos o si necesitamos algo más.',
  },
  needInformation: { heading: 'Necesitamos más información' },
  message: {
    subject: 'Mensaje nuevo',
    heading: 'Tiene un mensaje nuevo',
    intro: (reference) =>
      `Tiene un mensaje nuevo sobre su solicitud ${reference}. Léalo en el portal.`,
    privacy: 'Para proteger su información, no incluimos los mensajes en el correo electrónico.',
  },
  approved: { heading: 'Su solicitud fue aprobada' },
  denied: { heading: 'Decisión sobre su solicitud' },
  holdReleased: {
    subject: 'Terminó la pausa en su cuenta',
    heading: 'Terminó la pausa en su cuenta',
  },
  collectionNotice: {
    subject: 'Aviso importante sobre su saldo',
    heading: 'Aviso importante sobre su saldo',
  },
};

export type AssistanceMailMessages = Translation<typeof ASSISTANCE_MAIL_EN>;

export const ASSISTANCE_MAIL_MESSAGES = defineCatalogue(ASSISTANCE_MAIL_EN, ASSISTANCE_MAIL_ES);
