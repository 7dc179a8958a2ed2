import { z } from 'zod';
import {
  cardBrandOf,
  cardDigits,
  expiryMmyy,
  isExpired,
  maskCardNumber,
  parseExpiry,
  passesLuhn,
} from './instrument-rules.ts';
import type { CardBrand } from './test-instruments.ts';

/** What the lightbox form sends when the customer presses Pay. */
export const lightboxSaleSchema = z.object({
  token: z.string().trim().min(1).max(200),
  cardNumber: z.string().max(40),
  expiry: z.string().max(10),
  cvv: z.string().max(10),
  name: z.string().max(200),
});

export type LightboxSaleInput = z.infer<typeof lightboxSaleSchema>;

export type CardField = 'cardNumber' | 'expiry' | 'cvv' | 'name';

/** A readable message per field the customer has to correct. */
export type CardFieldErrors = Partial<Record<CardField, string>>;

export interface CheckedCard {
  digits: string;
  masked: string;
  brand: CardBrand;
  expiryMmyy: string;
}

const NAME_MAX_LENGTH = 50;

interface NumberCheck {
  error?: string;
  digits?: string;
  brand?: { brand: CardBrand; cvvLength: number };
}

function checkNumber(typed: string): NumberCheck {
  if (typed.trim() === '') return { error: 'Enter the card number.' };
  const digits = cardDigits(typed);
  if (!digits) return { error: 'Enter the card number: 12 to 19 digits.' };
  // The brand is known from the first digits even when a later one is mistyped; the CVV check needs it.
  const brand = cardBrandOf(digits);
  if (!passesLuhn(digits)) {
    return { error: 'This card number is not valid. Check it and try again.', brand };
  }
  if (!brand) {
    return {
      error: 'This card type is not accepted. Use Visa, Mastercard, Discover or American Express.',
    };
  }
  return { digits, brand };
}

/**
 * The checks Converge's form makes before anything is charged. Every field
 * is checked, so the customer sees all of their mistakes at once.
 */
export function checkCard(
  input: LightboxSaleInput,
  now: Date,
): { ok: true; card: CheckedCard } | { ok: false; fieldErrors: CardFieldErrors } {
  const fieldErrors: CardFieldErrors = {};
  const number = checkNumber(input.cardNumber);
  if (number.error) fieldErrors.cardNumber = number.error;

  const expiry = parseExpiry(input.expiry);
  if (input.expiry.trim() === '' || !expiry) {
    fieldErrors.expiry = 'Enter the expiry date as MM/YY.';
  } else if (isExpired(expiry, now)) {
    fieldErrors.expiry = 'This card has expired.';
  }

  const cvvLength = number.brand?.cvvLength;
  const cvv = input.cvv.trim();
  if (cvv === '') {
    fieldErrors.cvv = 'Enter the security code.';
  } else if (
    !/^\d+$/.test(cvv) ||
    (cvvLength !== undefined ? cvv.length !== cvvLength : cvv.length < 3 || cvv.length > 4)
  ) {
    fieldErrors.cvv = `Enter the ${cvvLength ?? '3 or 4'}-digit security code.`;
  }

  const name = input.name.trim();
  if (name === '') fieldErrors.name = 'Enter the name on the card.';
  else if (name.length > NAME_MAX_LENGTH) {
    fieldErrors.name = `The name can be at most ${NAME_MAX_LENGTH} characters.`;
  }

  if (Object.keys(fieldErrors).length > 0 || !number.digits || !number.brand || !expiry) {
    return { ok: false, fieldErrors };
  }
  return {
    ok: true,
    card: {
      digits: number.digits,
      masked: maskCardNumber(number.digits),
      brand: number.brand.brand,
      expiryMmyy: expiryMmyy(expiry),
    },
  };
}
