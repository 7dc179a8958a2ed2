import { z } from 'zod';
import { accountNumberSchema } from './auth.ts';
import type { Translation } from './language.ts';
import { plainText } from './plain-text.ts';
import { personNameSchema } from './person-name.ts';

/*
 * Requests and answers of the sign-in methods other than the PIN (SPEC §7):
 * magic link, e-mail + birthdate → e-mailed code, code sign-in, sign-up and
 * e-mail multi-factor. docs/decisions/0006-sign-in-flows.md tells how they
 * fit together.
 */

/** The validation messages of the sign-in and sign-up fields. */
export const SIGN_IN_FIELD_MESSAGES = {
  emailRequired: 'Email is required',
  emailTooLong: 'Email must be less than 256 characters',
  emailInvalid: 'Please enter a valid email address',
  birthdateRequired: 'Date of birth is required',
  birthdateFormat: 'Enter the date of birth as YYYY-MM-DD',
  birthdateTooEarly: 'Enter a date of birth after 1900',
  birthdateInFuture: 'The date of birth cannot be in the future',
  codeFormat: 'Enter the 6-digit code',
  firstNameRequired: 'First name is required',
  firstNameTooLong: 'First name must be less than 50 characters',
  firstNameCharacters:
    'First name can only contain letters, spaces, hyphens, apostrophes and periods',
  lastNameRequired: 'Last name is required',
  lastNameTooLong: 'Last name must be less than 50 characters',
  lastNameCharacters:
    'Last name can only contain letters, spaces, hyphens, apostrophes and periods',
  paperlessChoice: 'Choose whether to go paperless',
} as const;

export const SIGN_IN_FIELD_MESSAGES_ES: Translation<typeof SIGN_IN_FIELD_MESSAGES> = {
  emailRequired: 'El correo electrónico es obligatorio',
  emailTooLong: 'El correo electrónico debe tener menos de 256 caracteres',
  emailInvalid: 'Ingrese una dirección de correo electrónico válida',
  birthdateRequired: 'La fecha de nacimiento es obligatoria',
  birthdateFormat: 'Ingrese la fecha de nacimiento como AAAA-MM-DD',
  birthdateTooEarly: 'Ingrese una fecha de nacimiento posterior a 1900',
  birthdateInFuture: 'La fecha de nacimiento no puede ser una fecha futura',
  codeFormat: 'Ingrese el código de 6 dígitos',
  firstNameRequired: 'El nombre es obligatorio',
  firstNameTooLong: 'El nombre debe tener menos de 50 caracteres',
  firstNameCharacters:
    'El nombre solo puede contener letras, espacios, guiones, apóstrofos y puntos',
  lastNameRequired: 'El apellido es obligatorio',
  lastNameTooLong: 'El apellido debe tener menos de 50 caracteres',
  lastNameCharacters:
    'El apellido solo puede contener letras, espacios, guiones, apóstrofos y puntos',
  paperlessChoice: 'Indique si desea recibir sus estados de cuenta solo en línea',
};

const FIELD = SIGN_IN_FIELD_MESSAGES;

/*
 * Checks on the string itself rather than a pipe into z.email() or
 * z.iso.date(): the OpenAPI document shows only one side of a pipe, and
 * must show every limit the service enforces. A later check passes what an
 * earlier one already refuses (an empty field), so a mistake is told once.
 */

const EMAIL_OR_EMPTY = new RegExp(`^$|${z.regexes.email.source}`);
const DATE_OR_EMPTY = new RegExp(`^$|${z.regexes.date.source}`);
const isDate = (value: string) => z.regexes.date.test(value);

export const emailSchema = plainText({ error: FIELD.emailRequired })
  .trim()
  .min(1, FIELD.emailRequired)
  .max(256, FIELD.emailTooLong)
  .regex(EMAIL_OR_EMPTY, FIELD.emailInvalid)
  .meta({ example: 'maria.garcia@example.com' });

export const birthdateSchema = plainText({ error: FIELD.birthdateRequired })
  .trim()
  .min(1, FIELD.birthdateRequired)
  .regex(DATE_OR_EMPTY, FIELD.birthdateFormat)
  .refine((value) => !isDate(value) || value >= '1900-01-01', FIELD.birthdateTooEarly)
  .refine(
    (value) => !isDate(value) || value <= new Date().toISOString().slice(0, 10),
    FIELD.birthdateInFuture,
  )
  .meta({
    description: 'YYYY-MM-DD, from 1900-01-01 to today',
    format: 'date',
    example: '1984-03-17',
  });

export const verificationCodeSchema = plainText({ error: FIELD.codeFormat })
  .trim()
  .regex(/^\d{6}$/, FIELD.codeFormat)
  .meta({ example: '123456' });

const idSchema = plainText().trim().min(1).max(64);

/** POST /auth/login/magic */
export const magicLinkLoginRequestSchema = z
  .object({ abracadabra: plainText().min(1).max(512) })
  .strict()
  .meta({ id: 'MagicLinkLoginRequest' });

/** POST /auth/login/magic/request: "e-mail me a sign-in link". */
export const magicLinkRequestSchema = z
  .object({ email: emailSchema })
  .strict()
  .meta({ id: 'MagicLinkRequest' });

/**
 * The same answer whether or not the address belongs to a guarantor, so the
 * form cannot be used to find out who has an account.
 */
export const acceptedResponseSchema = z
  .object({ accepted: z.literal(true) })
  .meta({ id: 'Accepted' });

/** POST /auth/login/email */
export const emailLoginRequestSchema = z
  .object({ email: emailSchema, birthdate: birthdateSchema })
  .strict()
  .meta({ id: 'EmailLoginRequest' });

/**
 * A verification that has e-mailed a code: the portal carries these to
 * /verify/code (SPEC §2). Unknown e-mail/birthdate pairs get ids too, which no
 * code will ever match.
 */
export const verificationStartedSchema = z
  .object({ guarantorId: idSchema, verificationId: idSchema, email: z.string() })
  .meta({ id: 'VerificationStarted' });
export type VerificationStarted = z.infer<typeof verificationStartedSchema>;

/** POST /auth/login/code */
export const codeLoginRequestSchema = z
  .object({ guarantorId: idSchema, verificationId: idSchema, code: verificationCodeSchema })
  .strict()
  .meta({ id: 'CodeLoginRequest' });

/** POST /auth/signup/email/send-code: a new code for the same verification. */
export const sendCodeRequestSchema = z
  .object({ guarantorId: idSchema, verificationId: idSchema })
  .strict()
  .meta({ id: 'SendCodeRequest' });

const SIGNUP_NAME_MAX = 50;

const signupFields = {
  accountNumber: accountNumberSchema,
  firstName: personNameSchema(SIGNUP_NAME_MAX, {
    required: FIELD.firstNameRequired,
    tooLong: FIELD.firstNameTooLong,
    characters: FIELD.firstNameCharacters,
  }),
  lastName: personNameSchema(SIGNUP_NAME_MAX, {
    required: FIELD.lastNameRequired,
    tooLong: FIELD.lastNameTooLong,
    characters: FIELD.lastNameCharacters,
  }),
  birthdate: birthdateSchema,
  email: emailSchema,
};

/** POST /auth/signup/email: answered with `true`. */
export const signupRequestSchema = z
  .object({ ...signupFields, enrollPaperless: z.boolean() })
  .strict()
  .meta({ id: 'SignupRequest' });
export type SignupRequest = z.infer<typeof signupRequestSchema>;

/** The sign-up form: its paperless choice is the string 'true' or 'false' (SPEC §3). */
export const signupFormSchema = z.object({
  ...signupFields,
  enrollPaperless: z.enum(['true', 'false'], { error: FIELD.paperlessChoice }),
});
export type SignupForm = z.input<typeof signupFormSchema>;

/** SPEC §3: enrollPaperless is sent as a boolean converted from 'true'/'false'. */
export function toSignupRequest(form: z.output<typeof signupFormSchema>): SignupRequest {
  return { ...form, enrollPaperless: form.enrollPaperless === 'true' };
}

export const signupResponseSchema = z.literal(true).meta({ id: 'SignupAccepted' });

/** How long e-mailed secrets live and how often they may be tried (docs/decisions/0006). */
export const SIGN_IN_LIMITS = {
  /** A sign-in link asked for on the login page. */
  magicLinkMinutes: 15,
  /** An e-mailed code (sign-in, sign-up, multi-factor). */
  codeMinutes: 10,
  /** Wrong codes a verification takes before its code stops working. */
  codeAttempts: 5,
  /** New codes one verification may be sent after the first. */
  codeResends: 5,
  /** Consecutive failed sign-ins that pause sign-in for an account number or e-mail address. */
  lockoutFailures: 5,
  lockoutMinutes: 15,
} as const;

/** The words of the service's sign-in and sign-up errors (`details[0]`). */
export const SIGN_IN_ERROR_DETAILS = {
  invalidCode: 'The verification code you entered is invalid or has expired.',
  magicLinkInvalid:
    'This sign-in link is invalid, has expired or has already been used. Please ask for a new one.',
  signupAccountMismatch:
    'We could not find an account with these details. Please check them against your statement.',
  signupAlreadyRegistered: 'This account is already signed up. Please sign in instead.',
  signupEmailInUse: 'This email address is already in use by another account.',
  mailUnavailable: 'We could not send the email right now. Please try again in a few minutes.',
  tooManyCodes: 'Too many new codes were requested for this verification. Please start again.',
} as const;

export const SIGN_IN_ERROR_DETAILS_ES: Translation<typeof SIGN_IN_ERROR_DETAILS> = {
  invalidCode: 'El código de verificación que ingresó no es válido o ha vencido.',
  magicLinkInvalid:
    'Este enlace para iniciar sesión no es válido, ha vencido o ya se usó. Solicite uno nuevo.',
  signupAccountMismatch:
    'No encontramos ninguna cuenta con estos datos. Compárelos con los de su estado de cuenta.',
  signupAlreadyRegistered: 'Esta cuenta ya está registrada. Inicie sesión.',
  signupEmailInUse: 'Esta dirección de correo electrónico ya la usa otra cuenta.',
  mailUnavailable:
    'No pudimos enviar el correo electrónico en este momento. Inténtelo de nuevo en unos minutos.',
  tooManyCodes:
    'Se solicitaron demasiados códigos nuevos para esta verificación. Vuelva a empezar.',
};
