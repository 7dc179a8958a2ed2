import { defineCatalogue } from '@webpay/contracts/catalogue';
import type { Translation } from '@webpay/contracts/language';

/** What the settlement view says about each difference, in the reader's language (decision 0020). */
const REPORTS_MESSAGES_EN = {
  missingAtProcessor: (what: string, amount: string) =>
    `${what} of ${amount} is not in the processor's settled batches, although a later batch has settled.`,
  unknownToWebpay: (amount: string) =>
    `The processor settled ${amount} that WebPay has no record of.`,
  amountDiffers: (what: string, webpay: string, processor: string) =>
    `${what}: WebPay recorded ${webpay}, the processor settled ${processor}.`,
  voidedAtProcessor: (what: string, amount: string) =>
    `${what} of ${amount} counts as taken in WebPay, but the processor voided it.`,
  sale: (receipt: string | null) => (receipt ? `Payment ${receipt}` : 'A payment'),
  refund: (receipt: string | null) =>
    receipt ? `The refund of payment ${receipt}` : 'A refund to a card',
  processorUnavailable: 'The processor could not be asked; only WebPay’s figures are shown.',
};

const REPORTS_MESSAGES_ES: Translation<typeof REPORTS_MESSAGES_EN> = {
  missingAtProcessor: (what: string, amount: string) =>
    `${what} por ${amount} no está en los lotes liquidados del procesador, aunque ya se liquidó un lote posterior.`,
  unknownToWebpay: (amount: string) =>
    `El procesador liquidó ${amount} de los que WebPay no tiene registro.`,
  amountDiffers: (what: string, webpay: string, processor: string) =>
    `${what}: WebPay registró ${webpay}, el procesador liquidó ${processor}.`,
  voidedAtProcessor: (what: string, amount: string) =>
    `${what} por ${amount} cuenta como cobrado en WebPay, pero el procesador lo anuló.`,
  sale: (receipt: string | null) => (receipt ? `El pago ${receipt}` : 'Un pago'),
  refund: (receipt: string | null) =>
    receipt ? `El reembolso del pago ${receipt}` : 'Un reembolso a la tarjeta',
  processorUnavailable:
    'No se pudo consultar al procesador; solo se muestran las cifras de WebPay.',
};

export const REPORTS_MESSAGES = defineCatalogue(REPORTS_MESSAGES_EN, REPORTS_MESSAGES_ES);
