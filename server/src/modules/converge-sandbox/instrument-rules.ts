import type { CardBrand } from './test-instruments.ts';

/*
 * The checks a card processor makes before it ever asks an issuer: digits,
 * Luhn, a brand it accepts, an expiry not in the past, a CVV of the brand's
 * length; and for bank accounts the ABA routing checksum.
 */

/** The Luhn (mod 10) check every card number carries in its last digit. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

interface BrandRule {
  brand: CardBrand;
  matches: (digits: string) => boolean;
  lengths: readonly number[];
  cvvLength: number;
}

const leading = (digits: string, count: number) => Number(digits.slice(0, count));
const between = (value: number, low: number, high: number) => value >= low && value <= high;

const BRAND_RULES: readonly BrandRule[] = [
  {
    brand: 'AMEX',
    matches: (digits) => [34, 37].includes(leading(digits, 2)),
    lengths: [15],
    cvvLength: 4,
  },
  {
    brand: 'VISA',
    matches: (digits) => digits.startsWith('4'),
    lengths: [13, 16, 19],
    cvvLength: 3,
  },
  {
    brand: 'MC',
    matches: (digits) =>
      between(leading(digits, 2), 51, 55) || between(leading(digits, 4), 2221, 2720),
    lengths: [16],
    cvvLength: 3,
  },
  {
    brand: 'DISC',
    matches: (digits) =>
      digits.startsWith('6011') || digits.startsWith('65') || between(leading(digits, 3), 644, 649),
    lengths: [16, 19],
    cvvLength: 3,
  },
];

/** The brand of a card number, when it is one the sandbox merchant accepts and has a valid length. */
export function cardBrandOf(digits: string): Omit<BrandRule, 'matches'> | undefined {
  return BRAND_RULES.find((rule) => rule.matches(digits) && rule.lengths.includes(digits.length));
}

/** "4124939999999990" → "41**********9990", as Converge shows card numbers. */
export function maskCardNumber(digits: string): string {
  return `${digits.slice(0, 2)}${'*'.repeat(Math.max(0, digits.length - 6))}${digits.slice(-4)}`;
}

/** Card number as typed: spaces and dashes are grouping, anything else is an error. */
export function cardDigits(typed: string): string | undefined {
  const digits = typed.replace(/[\s-]/g, '');
  return /^\d{12,19}$/.test(digits) ? digits : undefined;
}

export interface CardExpiry {
  month: number;
  /** Four digits. */
  year: number;
}

/** "MM/YY", "MM / YY", "MMYY" or "MM/YYYY". */
export function parseExpiry(typed: string): CardExpiry | undefined {
  const match = /^(\d{2})\s*\/?\s*(\d{2}|\d{4})$/.exec(typed.trim());
  if (!match) return undefined;
  const month = Number(match[1]);
  const yearText = match[2] ?? '';
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  if (month < 1 || month > 12) return undefined;
  return { month, year };
}

/** A card is good through the last day of its expiry month. */
export function isExpired(expiry: CardExpiry, now: Date): boolean {
  const currentYear = now.getUTCFullYear();
  const currentMonth = now.getUTCMonth() + 1;
  return expiry.year < currentYear || (expiry.year === currentYear && expiry.month < currentMonth);
}

/** MMYY, as Converge's ssl_exp_date. */
export function expiryMmyy(expiry: CardExpiry): string {
  return `${String(expiry.month).padStart(2, '0')}${String(expiry.year % 100).padStart(2, '0')}`;
}

/** The ABA routing number checksum: weights 3, 7, 1 repeating, sum divisible by 10. */
export function passesRoutingChecksum(routingNumber: string): boolean {
  if (!/^\d{9}$/.test(routingNumber)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = weights.reduce(
    (total, weight, index) => total + weight * Number(routingNumber[index]),
    0,
  );
  return sum % 10 === 0;
}
