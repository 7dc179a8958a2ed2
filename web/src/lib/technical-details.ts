import type { ErrorObject } from '@webpay/contracts/errors';
import { ApiError } from './api-client.ts';

/** The fields of the technical details (SPEC §8); their names are in the components' catalogue. */
export type TechnicalField =
  'code' | 'status' | 'title' | 'details' | 'requestId' | 'correlationId' | 'message';

export interface TechnicalDetailRow {
  id: TechnicalField;
  value: string;
}

/** Every field of the product error object, in the order the billing office reads them. */
export function errorObjectRows(error: ErrorObject): TechnicalDetailRow[] {
  return [
    { id: 'code', value: error.code },
    { id: 'status', value: String(error.status) },
    { id: 'title', value: error.title },
    { id: 'details', value: error.details.join('\n') },
    { id: 'requestId', value: error.requestId ?? '' },
    { id: 'correlationId', value: error.correlationId ?? '' },
  ];
}

/** What can be said about any thrown value: the error object when there is one, else its message. */
export function technicalDetailRows(error: unknown): TechnicalDetailRow[] {
  if (error instanceof ApiError) return errorObjectRows(error.error);
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return [{ id: 'message', value: message }];
}
