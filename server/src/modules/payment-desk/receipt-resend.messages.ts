import { defineCatalogue } from '@webpay/contracts/catalogue';

/** What resending a receipt says to the staff member, in the console's language (decision 0020). */
export const RECEIPT_RESEND_MESSAGES = defineCatalogue(
  {
    paymentNotFound: 'No recorded payment with a receipt has this id.',
    noAddress:
      'There is no email address on file for this payment or its guarantor; enter the address to send the receipt to.',
    sent: (receiptId: string, to: string) => `Receipt ${receiptId} is on its way to ${to}.`,
  },
  {
    paymentNotFound: 'Ningún pago registrado con recibo tiene este identificador.',
    noAddress:
      'No hay un correo electrónico registrado para este pago ni para su garante; ingrese la dirección a la que enviar el recibo.',
    sent: (receiptId, to) => `El recibo ${receiptId} se está enviando a ${to}.`,
  },
);
