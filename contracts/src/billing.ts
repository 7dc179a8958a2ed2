import { z } from 'zod';
import type { Translation } from './language.ts';
import { plainText } from './plain-text.ts';
import { personNameSchema } from './person-name.ts';

/** SPEC §5 Billing form: the 50 states, DC and the territories AS, FM, GU, MH, MP, PW, PR, VI. */
export const US_STATES = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AS', 'American Samoa'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FM', 'Federated States of Micronesia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['GU', 'Guam'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MH', 'Marshall Islands'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['MP', 'Northern Mariana Islands'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PW', 'Palau'],
  ['PA', 'Pennsylvania'],
  ['PR', 'Puerto Rico'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VI', 'U.S. Virgin Islands'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
] as const;

const TWO_LETTERS = /^[A-Za-z]{2}$/;
const NINE_DIGITS = /^\d{9}$/;

/**
 * The codes in either letter case, spelled out (`[Aa][Ll]|…`) rather than
 * with the `i` flag: the OpenAPI document carries a pattern without its
 * flags, and must accept exactly what the service does.
 */
const STATE_CODE = new RegExp(
  `^(?:${US_STATES.map(([code]) =>
    [...code].map((letter) => `[${letter}${letter.toLowerCase()}]`).join(''),
  ).join('|')})$`,
);

/** SPEC §5 messages, word for word where SPEC gives them. */
export const BILLING_MESSAGES = {
  firstNameRequired: 'First name is required',
  firstNameTooLong: 'First name must be less than 20 characters',
  firstNameCharacters:
    'First name can only contain letters, spaces, hyphens, apostrophes and periods',
  lastNameRequired: 'Last name is required',
  lastNameTooLong: 'Last name must be less than 20 characters',
  lastNameCharacters:
    'Last name can only contain letters, spaces, hyphens, apostrophes and periods',
  emailTooLong: 'Email must be less than 256 characters',
  emailInvalid: 'Please enter a valid email address',
  addressRequired: 'Address is required',
  addressTooShort: 'Address must be at least 2 characters',
  addressTooLong: 'Address must be less than 25 characters',
  cityRequired: 'City is required',
  cityTooLong: 'City must be less than 20 characters',
  cityCharacters: 'City can only contain letters, spaces, hyphens, apostrophes and periods',
  stateRequired: 'State is required',
  stateLength: 'State must be 2 characters',
  stateUnknown: 'Please choose a US state or territory',
  zipRequired: 'ZIP code is required',
  zipFormat: 'ZIP code must be in format 12345 or 12345-6789',
  formInvalid: 'Please fill in all required billing information correctly.',
} as const;

export const BILLING_MESSAGES_ES: Translation<typeof BILLING_MESSAGES> = {
  firstNameRequired: 'El nombre es obligatorio',
  firstNameTooLong: 'El nombre debe tener menos de 20 caracteres',
  firstNameCharacters:
    'El nombre solo puede contener letras, espacios, guiones, apóstrofos y puntos',
  lastNameRequired: 'El apellido es obligatorio',
  lastNameTooLong: 'El apellido debe tener menos de 20 caracteres',
  lastNameCharacters:
    'El apellido solo puede contener letras, espacios, guiones, apóstrofos y puntos',
  emailTooLong: 'El correo electrónico debe tener menos de 256 caracteres',
  emailInvalid: 'Ingrese una dirección de correo electrónico válida',
  addressRequired: 'La dirección es obligatoria',
  addressTooShort: 'La dirección debe tener al menos 2 caracteres',
  addressTooLong: 'La dirección debe tener menos de 25 caracteres',
  cityRequired: 'La ciudad es obligatoria',
  cityTooLong: 'La ciudad debe tener menos de 20 caracteres',
  cityCharacters: 'La ciudad solo puede contener letras, espacios, guiones, apóstrofos y puntos',
  stateRequired: 'El estado es obligatorio',
  stateLength: 'El estado debe tener 2 caracteres',
  stateUnknown: 'Elija un estado o territorio de EE. UU.',
  zipRequired: 'El código postal es obligatorio',
  zipFormat: 'El código postal debe tener el formato 12345 o 12345-6789',
  formInvalid: 'Complete correctamente toda la información de facturación obligatoria.',
};

export const ECHECK_MESSAGES = {
  routingRequired: 'Routing number is required',
  routingInvalid: 'Routing number is not valid',
  accountRequired: 'Account number is required',
  accountLength: 'Account number must be between 4 and 20 digits',
} as const;

export const ECHECK_MESSAGES_ES: Translation<typeof ECHECK_MESSAGES> = {
  routingRequired: 'El número de ruta bancaria es obligatorio',
  routingInvalid: 'El número de ruta bancaria no es válido',
  accountRequired: 'El número de cuenta es obligatorio',
  accountLength: 'El número de cuenta debe tener entre 4 y 20 dígitos',
};

const CITY_CHARACTERS = /^[A-Za-z\s'.-]+$/;
const ZIP = /^\d{5}(-\d{4})?$/;

/** SPEC §5: names are at most 20 characters; decision 0017 opens them to every script. */
const BILLING_NAME_MAX = 20;

/** SPEC §3 Payer/billing with the SPEC §5 Billing form rules; zip travels as zipCode. */
export const payerSchema = z
  .object({
    firstName: personNameSchema(BILLING_NAME_MAX, {
      required: BILLING_MESSAGES.firstNameRequired,
      tooLong: BILLING_MESSAGES.firstNameTooLong,
      characters: BILLING_MESSAGES.firstNameCharacters,
    }),
    lastName: personNameSchema(BILLING_NAME_MAX, {
      required: BILLING_MESSAGES.lastNameRequired,
      tooLong: BILLING_MESSAGES.lastNameTooLong,
      characters: BILLING_MESSAGES.lastNameCharacters,
    }),
    address: plainText({ error: BILLING_MESSAGES.addressRequired })
      .trim()
      .min(1, BILLING_MESSAGES.addressRequired)
      .min(2, BILLING_MESSAGES.addressTooShort)
      .max(25, BILLING_MESSAGES.addressTooLong),
    city: plainText({ error: BILLING_MESSAGES.cityRequired })
      .trim()
      .min(1, BILLING_MESSAGES.cityRequired)
      .max(20, BILLING_MESSAGES.cityTooLong)
      .regex(CITY_CHARACTERS, BILLING_MESSAGES.cityCharacters),
    state: plainText({ error: BILLING_MESSAGES.stateRequired })
      .trim()
      .min(1, BILLING_MESSAGES.stateRequired)
      .regex(TWO_LETTERS, BILLING_MESSAGES.stateLength)
      .regex(STATE_CODE, BILLING_MESSAGES.stateUnknown)
      .transform((state) => state.toUpperCase()),
    zipCode: plainText({ error: BILLING_MESSAGES.zipRequired })
      .trim()
      .min(1, BILLING_MESSAGES.zipRequired)
      .regex(ZIP, BILLING_MESSAGES.zipFormat),
    email: plainText()
      .trim()
      .max(256, BILLING_MESSAGES.emailTooLong)
      // A pattern rather than a pipe into z.email(), the same check, so the OpenAPI document shows it.
      .regex(z.regexes.email, BILLING_MESSAGES.emailInvalid)
      .nullable(),
  })
  .meta({ id: 'Payer' });
export type Payer = z.infer<typeof payerSchema>;
export type PayerInput = z.input<typeof payerSchema>;

/** SPEC §5 eCheck routing number: nine digits passing the weighted 3-7-1 checksum mod 10. */
export function isValidRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const weights = [3, 7, 1];
  const sum = [...value].reduce(
    (total, digit, index) => total + Number(digit) * (weights[index % 3] ?? 0),
    0,
  );
  return sum % 10 === 0;
}

export const ACCOUNT_TYPES = ['CHECKING', 'SAVINGS'] as const;

/** SPEC §3 eCheck with the SPEC §5 rules. */
export const eCheckSchema = z
  .object({
    routingNumber: plainText({ error: ECHECK_MESSAGES.routingRequired })
      .trim()
      .min(1, ECHECK_MESSAGES.routingRequired)
      // The nine digits as a pattern the OpenAPI document shows; the checksum, which it
      // cannot, only of nine digits, so that a wrong number is told once.
      .regex(NINE_DIGITS, ECHECK_MESSAGES.routingInvalid)
      .refine(
        (value) => !NINE_DIGITS.test(value) || isValidRoutingNumber(value),
        ECHECK_MESSAGES.routingInvalid,
      )
      .meta({
        description: 'ABA routing number: nine digits whose 3-7-1 weighted sum is a multiple of 10',
      }),
    accountNumber: plainText({ error: ECHECK_MESSAGES.accountRequired })
      .trim()
      .min(1, ECHECK_MESSAGES.accountRequired)
      .regex(/^\d{4,20}$/, ECHECK_MESSAGES.accountLength),
    accountType: z.enum(ACCOUNT_TYPES),
  })
  .meta({ id: 'ECheck' });
export type ECheck = z.infer<typeof eCheckSchema>;
