import {
  DOCUMENT_CONTENT_TYPES,
  MAX_DOCUMENT_BYTES,
  type DocumentContentType,
} from '@webpay/contracts/assistance-application';

/** What the file picker offers: photos and PDFs, from the camera or the files alike. */
export const DOCUMENT_ACCEPT = DOCUMENT_CONTENT_TYPES.join(',');

export type DocumentFileProblem = 'tooLarge' | 'wrongType';

function isDocumentType(type: string): type is DocumentContentType {
  return (DOCUMENT_CONTENT_TYPES as readonly string[]).includes(type);
}

/**
 * Why a chosen file cannot be sent, or null. The browser's type and size
 * are a courtesy check, so a patient learns at once; the service checks the
 * bytes themselves again.
 */
export function documentFileProblem(file: Pick<File, 'type' | 'size'>): DocumentFileProblem | null {
  if (!isDocumentType(file.type)) return 'wrongType';
  if (file.size > MAX_DOCUMENT_BYTES) return 'tooLarge';
  return null;
}

/** `850 KB`, `2.4 MB`: a file's size as a phone's file picker says it. */
export function formatFileSize(bytes: number, locale: string): string {
  const format = (value: number, unit: string, digits: number) =>
    `${value.toLocaleString(locale, { maximumFractionDigits: digits })} ${unit}`;
  if (bytes < 1024) return format(bytes, 'B', 0);
  if (bytes < 1024 * 1024) return format(Math.round(bytes / 1024), 'KB', 0);
  return format(bytes / (1024 * 1024), 'MB', 1);
}
