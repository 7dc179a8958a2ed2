import { defineCatalogue } from '@/lib/messages.ts';

/** A method chosen or shown by its id when it is no longer saved (its name is savedMethodName's). */
export const savedMethodMessages = defineCatalogue(
  { unknown: 'A removed payment method' },
  { unknown: 'Una forma de pago eliminada' },
);
