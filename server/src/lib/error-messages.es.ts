import { SIGN_IN_ERROR_DETAILS_ES } from '@webpay/contracts/sign-in';
import type { ErrorMessages } from './error-messages.ts';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

const NOTHING_CHARGED = 'No se le hizo ningún cargo.';
const OUTCOME_UNKNOWN_NEXT =
  'Por favor, no vuelva a pagar ahora: lo comprobaremos con el procesador y, si el pago se realizó, el recibo aparecerá en su cuenta.';

/** The Spanish twin of ERROR_MESSAGES_EN: formal, as the hospital writes to patients. */
export const ERROR_MESSAGES_ES: ErrorMessages = {
  titles: {
    invalidRequest: 'Solicitud no válida',
    malformedJson: 'JSON mal formado',
    badRequest: 'Solicitud incorrecta',
    unauthorized: 'No autorizado',
    forbidden: 'Acceso denegado',
    notFound: 'No encontrado',
    methodNotAllowed: 'Método no permitido',
    requestTimeout: 'Tiempo de espera agotado',
    requestTooLarge: 'Solicitud demasiado grande',
    unsupportedMediaType: 'Tipo de contenido no admitido',
    tooManyRequests: 'Demasiadas solicitudes',
    sessionExpired: 'Sesión vencida',
    signInFailed: 'No se pudo iniciar sesión',
    accountLocked: 'Cuenta bloqueada',
    invalidCode: 'Código no válido',
    magicLinkInvalid: 'Enlace para iniciar sesión no válido',
    accountNotFound: 'Cuenta no encontrada',
    alreadySignedUp: 'Cuenta ya registrada',
    emailInUse: 'Correo electrónico en uso',
    noEmailOnFile: 'No hay correo electrónico registrado',
    emailNotSent: 'Correo electrónico no enviado',
    tooManyCodes: 'Demasiados códigos solicitados',
    apiKeyRequired: 'Se requiere la clave de API',
    apiKeyInvalid: 'Clave de API no válida',
    requestMarkerRequired: 'Falta el indicador de la solicitud',
    historyUnavailable: 'Estados de cuenta y pagos no disponibles',
    statementNotFound: 'Estado de cuenta no encontrado',
    receiptNotFound: 'Recibo no encontrado',
    serviceUnavailable: 'Servicio no disponible',
    unexpected: 'Se produjo un error inesperado',
    amountExceedsBalance: 'El monto supera el saldo',
    paymentAlreadyPending: 'Ya hay un pago en proceso',
    paymentTypeMismatch: 'La línea de pago no corresponde a la cuenta indicada',
    accountListedTwice: 'Cuenta incluida dos veces',
    cannotSaveEmail: 'No se puede guardar este correo electrónico',
    paymentNotFound: 'Pago no encontrado',
    idempotencyKeyReused: 'Idempotency-Key ya utilizada',
    paymentInProgress: 'El pago aún se está procesando',
    paymentAlreadyMade: 'El pago ya se realizó',
    paymentNotCancellable: 'El pago no se puede cancelar',
    paymentNotConfirmed: 'Pago no confirmado',
    paymentDeclined: 'Pago rechazado',
    processorTimeout: 'El procesador de pagos no respondió',
    processorError: 'Error del procesador de pagos',
    staffPermissionRequired: 'No permitido para su rol',
    enrolmentLinkInvalid: 'Enlace de registro no válido',
    paymentMethodNotFound: 'Forma de pago no encontrada',
    paymentMethodInUse: 'Forma de pago en uso',
    paymentMethodDuplicate: 'Forma de pago ya guardada',
    cardNotVerified: 'Tarjeta no verificada',
  },

  signInToContinue: 'Inicie sesión para continuar.',
  signInNotValid: 'Su inicio de sesión no es válido. Vuelva a iniciar sesión.',
  signInAgain: 'Su sesión ha vencido. Vuelva a iniciar sesión.',
  invalidPin: 'El número de cuenta o el PIN no es correcto.',
  accountLocked: (minutes, supportPhone) =>
    `Hubo demasiados intentos fallidos de inicio de sesión, por lo que el inicio de sesión en esta cuenta está bloqueado durante ${plural(minutes, 'minuto', 'minutos')}. Inténtelo de nuevo más tarde o llame al ${supportPhone} para recibir ayuda.`,
  ...SIGN_IN_ERROR_DETAILS_ES,
  noEmailOnFile: (supportPhone) =>
    `No hay ninguna dirección de correo electrónico registrada en esta cuenta, por lo que no podemos enviarle un código por correo electrónico. Llame al ${supportPhone} para agregar una.`,
  tooManyRequests: (seconds) =>
    `Demasiados intentos desde este dispositivo. Espere ${plural(seconds, 'segundo', 'segundos')} e inténtelo de nuevo.`,
  apiKeyRequired: (header) =>
    `Envíe el encabezado ${header} con la clave configurada para este servicio.`,
  apiKeyInvalid: (header) =>
    `El encabezado ${header} no coincide con la clave configurada para este servicio.`,
  xhrMarkerRequired: (header, value) =>
    `Envíe el encabezado ${header}: ${value} en cada llamada a este servicio.`,
  routeNotFound: (method, path) => `Este servicio no tiene ${method} ${path}.`,
  historyUnavailable:
    'Su cuenta no tiene acceso en línea a los estados de cuenta ni al historial de pagos. Si necesita una copia, llame a la oficina de facturación.',
  statementNotFound: 'No hay ningún estado de cuenta con este identificador en su cuenta.',
  receiptNotFound: 'No hay ningún recibo con este número en su cuenta.',
  staffSignInFailed:
    'La dirección de correo electrónico, la contraseña o el código de autenticación no es correcto.',
  staffPermissionRequired:
    'Su rol no permite esta acción. Pida a un administrador el acceso si lo necesita.',
  enrolmentLinkInvalid:
    'Este enlace de registro ha vencido o ya se usó. Pida a un administrador uno nuevo.',
  enrolmentCodeInvalid:
    'El código no coincide. Compruebe que la hora de su teléfono es correcta e introduzca el código que muestra ahora.',
  staffEmailInUse: 'Otro miembro del personal ya tiene esta dirección de correo electrónico.',
  staffNotFound: 'No hay ningún miembro del personal con este identificador.',
  staffNotOwnAccount:
    'No puede desactivar ni restablecer su propia cuenta. Pida a otro administrador que lo haga.',
  staffResetSso:
    'Este miembro del personal inicia sesión con el inicio de sesión único; su contraseña y su segundo factor se administran allí.',
  ssoNotConfigured: 'El inicio de sesión único no está configurado para la oficina de facturación.',
  ssoGrantInvalid: 'Este inicio de sesión único ha vencido o ya se usó. Vuelva a iniciar sesión.',
  databaseUnavailable:
    'En este momento el servicio no puede acceder a su base de datos. Inténtelo de nuevo en unos momentos.',
  shuttingDown:
    'Este servidor se está deteniendo y no acepta trabajo nuevo. Inténtelo de nuevo en unos momentos.',
  unexpected: 'Se produjo un error al procesar su solicitud. Inténtelo de nuevo más tarde.',

  field: (field, message) => `${field}: ${message}`,
  fieldInvalid: 'no es válido',
  bodyRequired: 'Se requiere un cuerpo de solicitud en JSON.',
  bodyNotJson: 'El cuerpo de la solicitud no es JSON válido.',
  nulCharacter: 'no puede contener el carácter NUL',
  unsupportedMediaType: (contentType) =>
    `No se acepta Content-Type ${contentType}; envíe el cuerpo como application/json.`,
  bodyTooLarge: (kilobytes) =>
    `El cuerpo de la solicitud supera los ${kilobytes} KB que acepta este servicio.`,
  requestRefused: 'La solicitud fue rechazada.',

  saveEmailWithoutEmail:
    'la información de facturación no incluye ninguna dirección de correo electrónico que guardar.',
  saveEmailNeedsCode:
    'solo puede guardar una nueva dirección de correo electrónico en su cuenta después de iniciar sesión con un código enviado por correo electrónico. Pague sin guardarla o inicie sesión primero con su dirección de correo electrónico.',
  paymentNotFound: 'No hay ningún pago con esta referencia en su cuenta.',
  idempotencyKeyReused: (header) =>
    `El encabezado ${header} ya se usó para otro pago. Envíe una clave nueva para cada pago nuevo.`,
  paymentInProgress: (header) =>
    `Una solicitud con este ${header} aún se está procesando. Espere un momento y vuelva a enviarla; no se le cobrará dos veces.`,
  paymentAlreadyMade: 'Este pago ya se recibió y no se puede cancelar. Su recibo lo muestra.',
  paymentNotCancellable:
    'Solo se puede cancelar un pago con tarjeta que siga abierto; los pagos con cheque electrónico se completan en un solo paso.',
  paymentNotConfirmed: `El procesador de tarjetas no confirmó este pago por este monto. ${NOTHING_CHARGED} Si el estado de cuenta de su tarjeta muestra un cargo, se asociará a su cuenta automáticamente; de lo contrario, inténtelo de nuevo.`,
  paymentDeclined: `El pago desde su cuenta bancaria fue rechazado. ${NOTHING_CHARGED} Verifique el número de ruta bancaria y el número de cuenta, o use otra forma de pago.`,
  processorTimeoutOutcomeUnknown: `El procesador de pagos no respondió a tiempo, por lo que todavía no sabemos si el pago se realizó. ${OUTCOME_UNKNOWN_NEXT}`,
  processorTimeoutNothingCharged: `El procesador de pagos no respondió a tiempo. ${NOTHING_CHARGED} Inténtelo de nuevo en unos minutos.`,
  processorRefused: `El procesador de pagos no pudo aceptar este pago. ${NOTHING_CHARGED} Inténtelo de nuevo en unos minutos.`,
  processorUnreachable: `No pudimos comunicarnos con el procesador de pagos, por lo que todavía no sabemos si el pago se realizó. ${OUTCOME_UNKNOWN_NEXT}`,
  processorTxnIdRequired: 'se requiere el identificador de la transacción del procesador.',
  eCheckAuthorizationChanged: (date) =>
    `la autorización que aceptó no corresponde a este pago, un cheque electrónico debitado hoy, ${date}, de la cuenta que ingresó. ${NOTHING_CHARGED} Vuelva a cargar la página, lea de nuevo la autorización y acéptela.`,

  paymentMethodNotFound:
    'No hay ninguna forma de pago guardada con este identificador en su cuenta.',
  methodUsedByPlan: (planNumber) =>
    `El pago automático del plan de pagos ${planNumber} usa esta forma de pago. Elija otra forma de pago que la reemplace, o desactive primero ese pago automático.`,
  methodUsedByStatementAutopay:
    'El pago automático de estados de cuenta usa esta forma de pago. Elija otra forma de pago que la reemplace, o desactive primero ese pago automático.',
  replacementNotUsable: 'el reemplazo debe ser otra de sus formas de pago guardadas.',
  paymentMethodDuplicate: 'Esta tarjeta o cuenta bancaria ya está guardada en su cuenta.',
  cardNotVerified:
    'El procesador de tarjetas no confirmó esta tarjeta, por lo que no se guardó. No se le hizo ningún cargo. Inténtelo de nuevo o use otra tarjeta.',
  storedConsentChanged:
    'las condiciones que aceptó no son las vigentes para guardar esta forma de pago. Vuelva a cargar la página, lea de nuevo las condiciones y acéptelas.',

  lineOverBalance: (amount, balance, account) =>
    `${amount} supera el saldo de ${balance} de la cuenta ${account}.`,
  lineAlreadyPending: (pending, account, balance) =>
    `Ya tiene ${pending} en proceso en la cuenta ${account}, que tiene un saldo de ${balance}. Los pagos siguen en proceso hasta que la oficina de facturación los aplica; vuelva a pagar solo si desea pagar más.`,
  lineNotFound: (accountId) =>
    `la cuenta ${accountId} no es una de sus cuentas con saldo por pagar.`,
  lineBilledElsewhere: (accountId, label, facilityId, account) =>
    `la cuenta ${accountId} la factura otro centro; páguela como '${label}' con facilityId ${facilityId} y accountId ${account}.`,
  lineWrongFacility: (accountId, facilityId, lineFacilityId) =>
    `la cuenta ${accountId} pertenece al centro ${facilityId}, no al ${lineFacilityId}.`,
  lineInPlan: (accountId, plan, label) =>
    `la cuenta ${accountId} forma parte del plan de pagos ${plan}; páguela como '${label}'.`,
  planWrongFacility: (planNumber, facilityId) =>
    `el plan de pagos ${planNumber} no lo factura el centro ${facilityId}.`,
  lineBilledByMain: (accountId, facilityId, label, account) =>
    `la cuenta ${accountId} la factura el centro ${facilityId}; páguela como '${label}' con accountId ${account}.`,
  guarantorWrongFacility: (label, facilityId, lineFacilityId) =>
    `un pago '${label}' se hace al centro ${facilityId}, no al ${lineFacilityId}.`,
  guarantorNotAlone: (label) => `un pago '${label}' debe ser la única línea del pago.`,
  amountTooPrecise: 'debe indicarse en dólares con un máximo de 2 decimales.',
  amountNotPositive: 'debe ser mayor que cero.',
  lineDuplicate: (accountId, firstLine) =>
    `la cuenta ${accountId} ya se paga en ${firstLine}; indique el monto completo en una sola línea.`,
  paymentTooLarge: (total, limit) =>
    `el total de ${total} supera el máximo de ${limit} por pago; divídalo en varios pagos.`,
};
