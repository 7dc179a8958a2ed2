import { FOLD_FROM, FOLD_TO } from '../../db/search-expressions.ts';

/*
 * What one search box can mean. A query is read as every key it could be
 * (a string of digits is an account number, a phone number and an
 * encounter's account at once), and each key is then an indexed equality or
 * prefix lookup, so a search stays fast however many guarantors there are.
 */

const FOLDED = new Map([...FOLD_FROM].map((char, index) => [char, FOLD_TO[index] ?? char]));

/** A name as it is compared, exactly as foldedName() folds it in SQL. */
export function foldName(text: string): string {
  return [...text.normalize('NFC')]
    .map((char) => FOLDED.get(char) ?? char)
    .join('')
    .toLowerCase();
}

export interface SearchTerms {
  accountNumber?: string;
  /** Words that each begin the first or the last name, folded. */
  nameWords?: string[];
  /** YYYY-MM-DD. */
  birthdate?: string;
  email?: string;
  /** Digits only. */
  phoneDigits?: string[];
  receiptNumber?: string;
  encounter?: { facilityId?: string; accountNumber: string };
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

function validDate(year: number, month: number, day: number): string | undefined {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1) return undefined;
  if (date.getUTCDate() !== day) return undefined;
  return date.toISOString().slice(0, 10);
}

/** 1985-04-12 or 04/12/1985 (month first, as US forms write it). */
export function birthdateOf(text: string): string | undefined {
  const iso = ISO_DATE.exec(text);
  if (iso) return validDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const us = US_DATE.exec(text);
  if (us) return validDate(Number(us[3]), Number(us[1]), Number(us[2]));
  return undefined;
}

/** A North American number is found with or without its country code. */
function phoneCandidates(digits: string): string[] {
  if (digits.length < 7 || digits.length > 15) return [];
  if (digits.length === 11 && digits.startsWith('1')) return [digits, digits.slice(1)];
  if (digits.length === 10) return [digits, `1${digits}`];
  return [digits];
}

function numericTerms(text: string): SearchTerms {
  const digits = text.replace(/\D/g, '');
  const terms: SearchTerms = {};
  if (/^\d+$/.test(text)) {
    terms.accountNumber = text;
    terms.encounter = { accountNumber: text };
  }
  const facilityAccount = /^(\d{1,4})-(\d+)$/.exec(text);
  if (facilityAccount) {
    terms.encounter = {
      facilityId: facilityAccount[1] as string,
      accountNumber: facilityAccount[2] as string,
    };
  }
  const phones = phoneCandidates(digits);
  if (phones.length > 0) terms.phoneDigits = phones;
  return terms;
}

/** Every key `query` could be; an empty object when it can be none. */
export function searchTerms(query: string): SearchTerms {
  const text = query.trim().replace(/\s+/g, ' ');
  const birthdate = birthdateOf(text);
  if (birthdate) return { birthdate };
  if (text.includes('@')) return { email: text.toLowerCase() };
  if (/^[\d\s()+.-]+$/.test(text)) return numericTerms(text);
  const terms: SearchTerms = {};
  // Receipt numbers (WP-7KQ2M9XD, or R-9001 from the billing system) have a digit and no space.
  if (/\d/.test(text) && !text.includes(' ')) terms.receiptNumber = text.toUpperCase();
  const words = foldName(text)
    .split(/[\s,]+/)
    .filter((word) => word.length > 0);
  if (words.length > 0 && !/\d/.test(text)) terms.nameWords = words;
  return terms;
}
