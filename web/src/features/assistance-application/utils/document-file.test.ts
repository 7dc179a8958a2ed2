import { describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES } from '@webpay/contracts/assistance-application';
import { documentFileProblem, formatFileSize } from './document-file.ts';

describe('a chosen document', () => {
  it.each([
    ['image/jpeg', 1000, null],
    ['image/png', MAX_DOCUMENT_BYTES, null],
    ['application/pdf', MAX_DOCUMENT_BYTES + 1, 'tooLarge'],
    ['image/heic', 1000, 'wrongType'],
    ['application/x-msdownload', 1000, 'wrongType'],
    ['', 1000, 'wrongType'],
  ])('of type "%s" and %i bytes: %s', (type, size, problem) => {
    expect(documentFileProblem({ type, size })).toBe(problem);
  });

  it('says its size as a file picker does', () => {
    expect(formatFileSize(512, 'en-US')).toBe('512 B');
    expect(formatFileSize(850 * 1024, 'en-US')).toBe('850 KB');
    expect(formatFileSize(2.45 * 1024 * 1024, 'en-US')).toBe('2.5 MB');
    expect(formatFileSize(MAX_DOCUMENT_BYTES, 'en-US')).toBe('10 MB');
  });
});
