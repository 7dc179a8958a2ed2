import { describe, expect, it } from 'vitest';
import { emailBreaks } from './email-breaks.ts';

describe('where an e-mail address may wrap', () => {
  it('is before its @ and before each dot of its domain', () => {
    expect(emailBreaks('dana.whitfield@wasatchvalleyhealth.example')).toEqual([
      'dana.whitfield',
      '@wasatchvalleyhealth',
      '.example',
    ]);
    expect(emailBreaks('a@mail.example.org')).toEqual(['a', '@mail', '.example', '.org']);
  });

  it('keeps the parts whole, so joined they are the address', () => {
    const address = 'maria.g.garcia@example.com';
    expect(emailBreaks(address).join('')).toBe(address);
  });

  it('leaves something that is not an address as it is', () => {
    expect(emailBreaks('not on file')).toEqual(['not on file']);
    expect(emailBreaks('@example.com')).toEqual(['@example.com']);
  });
});
