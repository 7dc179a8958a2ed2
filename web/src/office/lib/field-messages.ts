import { defineCatalogue } from '@webpay/contracts/catalogue';
import { OFFICE_FIELD_MESSAGES } from '@webpay/contracts/office';
import { PLAIN_TEXT_MESSAGES, PLAIN_TEXT_MESSAGES_ES } from '@webpay/contracts/plain-text';

/** The console's shared schemas' messages, for `useValidationText`. */
export const OFFICE_FORM_MESSAGES = [
  defineCatalogue(OFFICE_FIELD_MESSAGES, {
    emailRequired: 'El correo electrónico es obligatorio',
    emailFormat: 'Ingrese una dirección de correo electrónico como nombre@ejemplo.org',
    passwordRequired: 'La contraseña es obligatoria',
    passwordTooShort: 'La contraseña debe tener al menos 12 caracteres',
    passwordTooLong: 'La contraseña debe tener como máximo 256 caracteres',
    passwordCommon: 'Esta contraseña es demasiado común o apareció en una filtración; elija otra',
    passwordPersonal:
      'Elija una contraseña sin su nombre, su correo electrónico ni el nombre del hospital o del portal',
    codeRequired: 'El código de autenticación es obligatorio',
    codeFormat: 'Ingrese el código de 6 dígitos de su aplicación o un código de recuperación',
    reasonRequired: 'El motivo es obligatorio',
    reasonTooLong: 'El motivo debe tener como máximo 500 caracteres',
    searchRequired: 'Ingrese algo para buscar',
    nameRequired: 'El nombre es obligatorio',
  }),
  defineCatalogue(PLAIN_TEXT_MESSAGES, PLAIN_TEXT_MESSAGES_ES),
] as const;
