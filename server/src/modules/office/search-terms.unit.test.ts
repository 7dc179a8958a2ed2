import { describe, expect, it } from 'vitest';
import { birthdateOf, foldName, searchTerms } from './search-terms.ts';

describe('what a search box query can mean', () => {
  it('folds accents and letter case the way the database does', () => {
    expect(foldName('García')).toBe('garcia');
    expect(foldName('JOSÉ Ñúñez')).toBe('jose nunez');
  });

  it('reads a birthdate written either way, and refuses a day that does not exist', () => {
    expect(birthdateOf('1985-04-12')).toBe('1985-04-12');
    expect(birthdateOf('04/12/1985')).toBe('1985-04-12');
    expect(birthdateOf('4/2/1985')).toBe('1985-04-02');
    expect(birthdateOf('02/30/1985')).toBeUndefined();
    expect(birthdateOf('1985-13-01')).toBeUndefined();
  });

  it('reads digits as an account number, an encounter and a phone number at once', () => {
    expect(searchTerms('100200300')).toEqual({
      accountNumber: '100200300',
      encounter: { accountNumber: '100200300' },
      phoneDigits: ['100200300'],
    });
    expect(searchTerms('(801) 555-0142')).toEqual({ phoneDigits: ['8015550142', '18015550142'] });
    expect(searchTerms('+1 801 555 0142').phoneDigits).toEqual(['18015550142', '8015550142']);
  });

  it('reads facility-account as an encounter id', () => {
    expect(searchTerms('107-40010001').encounter).toEqual({
      facilityId: '107',
      accountNumber: '40010001',
    });
  });

  it('reads an address with @ as an e-mail only, lower-cased', () => {
    expect(searchTerms(' Maria.Garcia@Example.com ')).toEqual({
      email: 'maria.garcia@example.com',
    });
  });

  it('reads words as a name and a word with digits as a receipt number', () => {
    expect(searchTerms('Mar  GAR')).toEqual({ nameWords: ['mar', 'gar'] });
    expect(searchTerms('García, María')).toEqual({ nameWords: ['garcia', 'maria'] });
    expect(searchTerms('wp-7kq2m9xd')).toEqual({ receiptNumber: 'WP-7KQ2M9XD' });
  });
});
