import { describe, expect, it } from 'vitest';
import { documentHref } from './document-link.ts';

describe("a document link's address", () => {
  it('puts a path of the console’s API under its base and leaves any other as it came', () => {
    expect(documentHref('/financial-assistance/files/tok%2Fen')).toBe(
      '/api/v1/office/financial-assistance/files/tok%2Fen',
    );
    expect(documentHref('/api/v1/office/financial-assistance/files/t')).toBe(
      '/api/v1/office/financial-assistance/files/t',
    );
    expect(documentHref('https://files.example.org/t')).toBe('https://files.example.org/t');
  });
});
