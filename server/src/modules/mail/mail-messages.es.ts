import type { MailMessages } from './mail-messages.ts';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The Spanish twin of MAIL_MESSAGES_EN: formal, as the hospital writes to patients. */
export const MAIL_MESSAGES_ES: MailMessages = {
  lifetime: {
    minutes: (count) => plural(count, 'minuto', 'minutos'),
    hours: (count) => plural(count, 'hora', 'horas'),
    days: (count) => plural(count, 'día', 'días'),
  },
  greeting: (firstName) => (firstName ? `Hola, ${firstName}:` : 'Hola:'),
  footer: (supportPhone, supportEmail) =>
    `¿Tiene preguntas? Llame al ${supportPhone} o escriba a ${supportEmail}.`,
  pasteAddress: 'O copie y pegue esta dirección en su navegador:',
  ignoreIfNotYou:
    'Si usted no lo solicitó, puede ignorar este correo electrónico: nadie puede usarlo sin acceso a su buzón.',

  signInLink: {
    subject: (portal) => `Su enlace para iniciar sesión en ${portal}`,
    heading: 'Inicie sesión con un clic',
    intro: (portal) => `Use el botón de abajo para iniciar sesión en ${portal}.`,
    button: (portal) => `Iniciar sesión en ${portal}`,
    expiry: (lifetime) => `El enlace funciona una sola vez y vence en ${lifetime}.`,
  },
  signInCode: {
    subject: (portal) => `Su código para iniciar sesión en ${portal}`,
    heading: 'Su código para iniciar sesión',
    intro: (portal) => `Ingrese este código en la página de ${portal} donde lo solicitó:`,
  },
  codeExpiry: (lifetime) => `El código funciona una sola vez y vence en ${lifetime}.`,
  verificationCode: {
    subject: (portal) => `Su código de verificación de ${portal}`,
    heading: 'Confirme su identidad',
    intro: (portal) =>
      `Ingrese este código en ${portal} para confirmar su identidad. Una vez confirmada, podrá guardar en su cuenta direcciones de correo electrónico para recibos.`,
    notYou: (supportPhone) => `Si usted no lo solicitó, llame al ${supportPhone}.`,
  },
  signup: {
    subject: (portal) => `Confirme su dirección de correo electrónico para ${portal}`,
    heading: 'Confirme su dirección de correo electrónico',
    intro: (portal) =>
      `Gracias por registrarse en ${portal}. Para terminar, abra la página de confirmación e ingrese este código:`,
    button: 'Abrir la página de confirmación',
    notYou:
      'Si usted no se registró, puede ignorar este correo electrónico: su dirección no se agregará a ninguna cuenta.',
  },
  signupAttempt: {
    subject: (portal) =>
      `Alguien intentó registrarse en ${portal} con su dirección de correo electrónico`,
    heading: 'Un intento de registro con su dirección de correo electrónico',
    intro: (portal) =>
      `Alguien acaba de intentar registrarse en ${portal} con esta dirección de correo electrónico. Ya está vinculada a su cuenta, así que ese registro no se realizó.`,
    nothingChanged:
      'No ha cambiado nada: su cuenta, su dirección de correo electrónico y su forma de iniciar sesión siguen igual, y nadie obtuvo acceso.',
    ifYou:
      'Si fue usted, su cuenta ya está registrada: inicie sesión con esta dirección de correo electrónico o con el número de cuenta y el PIN de su estado de cuenta.',
    contact: (supportPhone, supportEmail) =>
      `Si no fue usted, o si tiene preguntas, comuníquese con la oficina de facturación al ${supportPhone} o a ${supportEmail}.`,
  },
  statementNotice: {
    subject: (provider) => `Su estado de cuenta de ${provider} está listo`,
    heading: 'Su nuevo estado de cuenta está listo',
    intro: (provider) =>
      `Usted eligió recibir sus estados de cuenta en línea, así que le enviamos el aviso de su nuevo estado de cuenta de ${provider}.`,
    statementDate: 'Fecha de emisión',
    amountDue: 'Monto a pagar',
    dueDate: 'Fecha de vencimiento',
    button: 'Ver y pagar en línea',
    linkNote: (portal, lifetime) =>
      `El botón inicia su sesión en ${portal} una sola vez y funciona durante ${lifetime}; después, inicie sesión con su número de cuenta y su PIN, o solicite un nuevo enlace para iniciar sesión.`,
  },
  receipt: {
    subject: (provider, receiptId) => `Su recibo de pago de ${provider} ${receiptId}`,
    heading: 'Gracias por su pago',
    intro: (amount) =>
      `Recibimos su pago de ${amount}. Conserve este correo electrónico como su recibo.`,
    receiptNumber: 'Número de recibo',
    date: 'Fecha',
    amount: 'Monto',
    paidWith: 'Forma de pago',
    cardEnding: (brand, last4) => `${brand} terminada en ${last4}`,
    checkingEnding: (last4) => `Cuenta de cheques terminada en ${last4}`,
    savingsEnding: (last4) => `Cuenta de ahorros terminada en ${last4}`,
    paymentMethodUnknown: 'Pago',
    account: (account) => `Cuenta ${account}`,
    paymentPlan: (plan) => `Plan de pagos ${plan}`,
    onAccount: 'Pago a su cuenta',
    postingNote:
      'Su pago se aplicará a sus cuentas en un plazo de 1 a 2 días hábiles. Mientras tanto, aparecerá como pago en proceso cuando inicie sesión.',
    authorizationIntro: 'Usted aceptó esta autorización para el débito del cheque electrónico:',
  },
  reversal: {
    subject: (provider, receiptId) => `Devolución de dinero de su pago de ${provider} ${receiptId}`,
    heading: 'Le devolvimos dinero de su pago',
    intro: (amount, receiptId) =>
      `Le devolvimos ${amount} de su pago con número de recibo ${receiptId}.`,
    receiptNumber: 'Número de recibo',
    amount: 'Monto devuelto',
    date: 'Fecha',
    how: 'Forma',
    toCard: (last4) => `Reembolsado a la tarjeta terminada en ${last4}`,
    toCardUnknown: 'Reembolsado a la tarjeta con la que pagó',
    voided: 'El pago se anuló: el cargo no aparecerá en su estado de cuenta',
    byCheck: 'Le enviaremos un cheque por correo postal',
    note: 'Los saldos de sus cuentas se actualizan en un plazo de 1 a 2 días hábiles.',
  },
};
