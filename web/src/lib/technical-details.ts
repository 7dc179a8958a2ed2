import type { ErrorObject } from '@webpay/contracts/errors';
import { ApiError } from './api-client.ts';

/** Words of the copyable technical details (SPEC §8) wherever an error shows them. */
export const TECHNICAL_DETAILS_WORDS = {
  technicalDetails: 'Technical details',
  notAvailable: 'Not available',
  copy: (field: string) => `Copy ${field}`,
  fields: {
    code: 'Code',
    status: 'Status',
    title: 'Title',
    details: 'Details',
    requestId: 'Request ID',
    correlationId: 'Correlation ID',
    message: 'Message',
  },
} as const;

export interface TechnicalDetailRow {
  id: string;
  label: string;
  value: string;
}

const { fields } = TECHNICAL_DETAILS_WORDS;

/** Every field of the product error object, in the order the billing office reads them. */
export function errorObjectRows(error: ErrorObject): TechnicalDetailRow[] {
  return [
    { id: 'code', label: fields.code, value: error.code },
    { id: 'status', label: fields.status, value: String(error.status) },
    { id: 'title', label: fields.title, value: error.title },
    { id: 'details', label: fields.details, value: error.details.join('\n') },
    { id: 'requestId', label: fields.requestId, value: error.requestId ?? '' },
    { id: 'correlationId', label: fields.correlationId, value: error.correlationId ?? '' },
  ];
}

/** What can be said about any thrown value: the error object when there is one, else its message. */
export function technicalDetailRows(error: unknown): TechnicalDetailRow[] {
  if (error instanceof ApiError) return errorObjectRows(error.error);
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return [{ id: 'message', label: fields.message, value: message }];
}
