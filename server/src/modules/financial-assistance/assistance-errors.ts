import {
  APPLICATION_STATUS_NAMES,
  type ApplicationStatus,
} from '@webpay/contracts/assistance-application';
import type { Language, Translation } from '@webpay/contracts/language';
import {
  ApiError,
  ASSISTANCE_ERROR_CODES,
  PAYMENT_ERROR_CODES,
  apiErrors,
  fieldText,
  type LocalText,
} from '../../lib/api-error.ts';
import type { IntakeRefusal } from './document-intake.ts';

/*
 * What the application and review endpoints refuse, in English and Spanish.
 * Field paths stay as sent; the words follow the reader's language.
 */

const WORDS = {
  accountNotOpen: (account: string) => `account ${account} is not one of your open accounts.`,
  accountTwice: (account: string) => `account ${account} is listed more than once.`,
  alreadyOpenTitle: 'Application already open',
  alreadyOpen: (reference: string) =>
    `Your application ${reference} is still open. You can add documents or send a message to it instead.`,
  assetsRequired: 'Tell us about your savings and other assets: this hospital’s policy asks.',
  assetsNotAsked: 'This hospital’s policy does not ask about assets; leave them out.',
  applicationNotFound: 'Application not found.',
  notOpenTitle: 'Application closed',
  notOpen: (status: string) => `The application is ${status}; this step is no longer possible.`,
  notWaiting: 'The billing office is not waiting for information on this application.',
  documentNotFound: 'Document not found.',
  documentNotOutstanding: 'This document was already received.',
  memberNotFound: (index: number) => `There is no household member ${index + 1}.`,
  documentRefusedTitle: 'File not accepted',
  refusal: {
    empty: 'The file is empty. Choose the photo or PDF again.',
    too_large:
      'The file is larger than 10 MB. Take the photo again at a smaller size, or send a PDF.',
    not_a_document: 'Send a photo (JPEG or PNG) or a PDF. This file is neither.',
    damaged: 'The file is damaged or incomplete. Choose it again, or take a new photo.',
    type_mismatch: 'The file is not what its name says. Send a photo (JPEG or PNG) or a PDF.',
  } satisfies Record<IntakeRefusal, string>,
  overrideNeedsReason: 'Give a reason for a discount other than the policy’s.',
  secondReviewerTitle: 'Second reviewer needed',
  secondReviewer:
    'You approved this application first; another reviewer must confirm the approval.',
  keyReusedTitle: 'Idempotency-Key already used',
  keyReused:
    'This Idempotency-Key was already used for a different application. Send a new key for a new application.',
};

type Words = typeof WORDS;

const WORDS_ES: Translation<Words> = {
  accountNotOpen: (account) => `la cuenta ${account} no es una de sus cuentas abiertas.`,
  accountTwice: (account) => `la cuenta ${account} aparece más de una vez.`,
  alreadyOpenTitle: 'Ya tiene una solicitud abierta',
  alreadyOpen: (reference) =>
    `Su solicitud ${reference} sigue abierta. Puede agregarle documentos o enviar un mensaje.`,
  assetsRequired: 'Indique sus ahorros y otros bienes: la política de este hospital lo pide.',
  assetsNotAsked: 'La política de este hospital no pregunta por bienes; no los incluya.',
  applicationNotFound: 'No se encontró la solicitud.',
  notOpenTitle: 'Solicitud cerrada',
  notOpen: (status) => `La solicitud está ${status}; este paso ya no es posible.`,
  notWaiting: 'La oficina de facturación no está esperando información sobre esta solicitud.',
  documentNotFound: 'No se encontró el documento.',
  documentNotOutstanding: 'Este documento ya se recibió.',
  memberNotFound: (index) => `No hay un miembro ${index + 1} en el hogar.`,
  documentRefusedTitle: 'Archivo no aceptado',
  refusal: {
    empty: 'El archivo está vacío. Vuelva a elegir la foto o el PDF.',
    too_large:
      'El archivo pesa más de 10 MB. Tome la foto de nuevo con menor tamaño o envíe un PDF.',
    not_a_document: 'Envíe una foto (JPEG o PNG) o un PDF. Este archivo no es ninguno de los dos.',
    damaged: 'El archivo está dañado o incompleto. Vuelva a elegirlo o tome una foto nueva.',
    type_mismatch:
      'El archivo no es lo que indica su nombre. Envíe una foto (JPEG o PNG) o un PDF.',
  },
  overrideNeedsReason: 'Indique un motivo para un descuento distinto del de la política.',
  secondReviewerTitle: 'Se necesita un segundo revisor',
  secondReviewer: 'Usted aprobó esta solicitud primero; otro revisor debe confirmar la aprobación.',
  keyReusedTitle: 'Idempotency-Key ya usada',
  keyReused:
    'Esta Idempotency-Key ya se usó para otra solicitud. Envíe una clave nueva para una solicitud nueva.',
};

const say =
  (pick: (words: Words, language: Language) => string): LocalText =>
  (_, language) =>
    pick(language === 'es' ? (WORDS_ES as Words) : WORDS, language);

const statusName = (status: ApplicationStatus) => (_: Words, language: Language) =>
  APPLICATION_STATUS_NAMES[language][status].toLowerCase();

export const assistanceErrors = {
  accountNotOpen: (fields: readonly { index: number; account: string }[]) =>
    new ApiError(
      404,
      PAYMENT_ERROR_CODES.accountNotFound,
      (m) => m.titles.accountNotFound,
      fields.map(({ index, account }) =>
        fieldText(
          `body.answers.accounts.${index}`,
          say((words) => words.accountNotOpen(account)),
        ),
      ),
    ),
  accountTwice: (index: number, account: string) =>
    apiErrors.validation([
      fieldText(
        `body.answers.accounts.${index}`,
        say((words) => words.accountTwice(account)),
      ),
    ]),
  alreadyOpen: (reference: string) =>
    new ApiError(
      409,
      ASSISTANCE_ERROR_CODES.applicationAlreadyOpen,
      say((words) => words.alreadyOpenTitle),
      [say((words) => words.alreadyOpen(reference))],
    ),
  assets: (asked: boolean) =>
    apiErrors.validation([
      fieldText(
        'body.answers.assets',
        say((words) => (asked ? words.assetsRequired : words.assetsNotAsked)),
      ),
    ]),
  applicationNotFound: () => apiErrors.notFound(say((words) => words.applicationNotFound)),
  notOpen: (status: ApplicationStatus) =>
    new ApiError(
      409,
      ASSISTANCE_ERROR_CODES.applicationNotOpen,
      say((words) => words.notOpenTitle),
      [say((words, language) => words.notOpen(statusName(status)(words, language)))],
    ),
  notWaiting: () =>
    new ApiError(
      409,
      ASSISTANCE_ERROR_CODES.applicationNotOpen,
      say((words) => words.notOpenTitle),
      [say((words) => words.notWaiting)],
    ),
  documentNotFound: () => apiErrors.notFound(say((words) => words.documentNotFound)),
  documentNotOutstanding: () =>
    apiErrors.validation([
      fieldText(
        'querystring.documentId',
        say((words) => words.documentNotOutstanding),
      ),
    ]),
  memberNotFound: (index: number) =>
    apiErrors.validation([
      fieldText(
        'querystring.memberIndex',
        say((words) => words.memberNotFound(index)),
      ),
    ]),
  documentRefused: (reason: IntakeRefusal) =>
    new ApiError(
      reason === 'too_large' ? 413 : 415,
      ASSISTANCE_ERROR_CODES.documentRefused,
      say((words) => words.documentRefusedTitle),
      [say((words) => words.refusal[reason])],
    ),
  overrideNeedsReason: () =>
    apiErrors.validation([
      fieldText(
        'body.reason',
        say((words) => words.overrideNeedsReason),
      ),
    ]),
  secondReviewerRequired: () =>
    new ApiError(
      409,
      ASSISTANCE_ERROR_CODES.secondReviewerRequired,
      say((words) => words.secondReviewerTitle),
      [say((words) => words.secondReviewer)],
    ),
  keyReused: () =>
    new ApiError(
      409,
      PAYMENT_ERROR_CODES.idempotencyKeyReused,
      say((words) => words.keyReusedTitle),
      [say((words) => words.keyReused)],
    ),
};
