/*
 * The cards and bank accounts the Converge sandbox recognises, and what each
 * one does. Browser tests and docs/sandbox-processor.md use these constants,
 * so a number lives in exactly one place.
 */

export type SandboxOutcome = 'approval' | 'declined' | 'error';

/** Converge's short brand names (ssl_card_short_description). */
export type CardBrand = 'VISA' | 'MC' | 'DISC' | 'AMEX';

export interface SandboxTestCard {
  number: string;
  brand: CardBrand;
  outcome: SandboxOutcome;
}

export const SANDBOX_TEST_CARDS = {
  /** Elavon's demo cards: approve (converge.md §6). */
  visa: { number: '4124939999999990', brand: 'VISA', outcome: 'approval' },
  mastercard: { number: '5472063333333330', brand: 'MC', outcome: 'approval' },
  discover: { number: '6011993333333334', brand: 'DISC', outcome: 'approval' },
  amex: { number: '341234111111111', brand: 'AMEX', outcome: 'approval' },
  /** ssl_result "1", ssl_result_message "DECLINED", through onDeclined. */
  declined: { number: '4000000000000002', brand: 'VISA', outcome: 'declined' },
  /** The processor fails: onError, and no transaction is recorded. */
  processorError: { number: '4000000000000119', brand: 'VISA', outcome: 'error' },
  /**
   * Saves fine (verifies, tokenizes, a first sale in the lightbox approves);
   * every later sale on its token is declined ("DECLINED").
   */
  declinesLater: { number: '4000000000000341', brand: 'VISA', outcome: 'approval' },
  /**
   * Saves fine too, but has expired by its next charge: every sale on its
   * token answers "EXPIRED CARD", as Converge does for an expired card.
   */
  expiresLater: { number: '4000000000000069', brand: 'VISA', outcome: 'approval' },
} as const satisfies Record<string, SandboxTestCard>;

/**
 * Any expiry month from the current one on and any CVV of the right length
 * work with every test card; these are convenient ones.
 */
export const SANDBOX_CARD_DETAILS = {
  expiry: '12/39',
  cvv: '123',
  /** American Express codes have four digits. */
  amexCvv: '1234',
  name: 'Test Cardholder',
} as const;

/** A card number that fails the Luhn check, for the form's error message. */
export const SANDBOX_INVALID_CARD_NUMBER = '4124939999999991';

/** Elavon's demo routing number (converge.md §4); any routing number with a valid checksum behaves the same. */
export const SANDBOX_ROUTING_NUMBER = '490000018';

export interface SandboxBankAccount {
  routingNumber: string;
  accountNumber: string;
  outcome: SandboxOutcome;
}

export const SANDBOX_BANK_ACCOUNTS = {
  /** Any other account number of 4 to 20 digits approves too. */
  approved: {
    routingNumber: SANDBOX_ROUTING_NUMBER,
    accountNumber: '123456789',
    outcome: 'approval',
  },
  /** ssl_result "1", ssl_result_message "DECLINED". */
  declined: {
    routingNumber: SANDBOX_ROUTING_NUMBER,
    accountNumber: '1111111111',
    outcome: 'declined',
  },
  /** The processor fails: an errorCode answer, and no transaction is recorded. */
  processorError: {
    routingNumber: SANDBOX_ROUTING_NUMBER,
    accountNumber: '9999999999',
    outcome: 'error',
  },
} as const satisfies Record<string, SandboxBankAccount>;

/** What a card number does in the sandbox: the listed special cards, else approval. */
export function cardOutcome(cardNumber: string): SandboxOutcome {
  if (cardNumber === SANDBOX_TEST_CARDS.declined.number) return 'declined';
  if (cardNumber === SANDBOX_TEST_CARDS.processorError.number) return 'error';
  return 'approval';
}

/** How the sandbox's Card Manager answers later sales on a card's token. */
export type CardTokenBehaviour = 'approve' | 'decline_later' | 'expired_later';

/**
 * What sales on a card's token do: the two saved-card test cards their
 * special thing, the declined card declines there as well, any other approves
 * (until its own expiry month has passed).
 */
export function cardTokenBehaviour(cardNumber: string): CardTokenBehaviour {
  switch (cardNumber) {
    case SANDBOX_TEST_CARDS.declinesLater.number:
    case SANDBOX_TEST_CARDS.declined.number:
      return 'decline_later';
    case SANDBOX_TEST_CARDS.expiresLater.number:
      return 'expired_later';
    default:
      return 'approve';
  }
}

/** What a bank account number does in the sandbox: the listed special accounts, else approval. */
export function bankAccountOutcome(accountNumber: string): SandboxOutcome {
  if (accountNumber === SANDBOX_BANK_ACCOUNTS.declined.accountNumber) return 'declined';
  if (accountNumber === SANDBOX_BANK_ACCOUNTS.processorError.accountNumber) return 'error';
  return 'approval';
}
