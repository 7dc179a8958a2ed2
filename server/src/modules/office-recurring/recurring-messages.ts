import { defineCatalogue } from '@webpay/contracts/catalogue';
import type { Translation } from '@webpay/contracts/language';

/** What the console's autopay cancels say, in the reader's language (decision 0020). */
const RECURRING_MESSAGES_EN = {
  planNotFound: (planNumber: string) => `This guarantor has no plan ${planNumber}.`,
  planAutopayOff: (planNumber: string) => `Autopay is not on for plan ${planNumber}.`,
  statementAutopayOff: 'Autopay on statements is not on for this guarantor.',
  planAutopayCancelled: (planNumber: string) =>
    `Autopay on plan ${planNumber} is cancelled; the plan stays and its instalments are paid by hand.`,
  statementAutopayCancelled:
    'Autopay on statements is cancelled; statements are paid by hand from now on.',
};

const RECURRING_MESSAGES_ES: Translation<typeof RECURRING_MESSAGES_EN> = {
  planNotFound: (planNumber) => `Este garante no tiene el plan ${planNumber}.`,
  planAutopayOff: (planNumber) => `El pago automático no está activado en el plan ${planNumber}.`,
  statementAutopayOff:
    'El pago automático de estados de cuenta no está activado para este garante.',
  planAutopayCancelled: (planNumber) =>
    `Se canceló el pago automático del plan ${planNumber}; el plan sigue y sus cuotas se pagan a mano.`,
  statementAutopayCancelled:
    'Se canceló el pago automático de estados de cuenta; desde ahora los estados de cuenta se pagan a mano.',
};

export const RECURRING_MESSAGES = defineCatalogue(RECURRING_MESSAGES_EN, RECURRING_MESSAGES_ES);
