/*
 * Converge's text fields (names, address) take plain ASCII, and an eCheck's
 * name travels on to the ACH network, whose fields are ASCII too. We keep
 * every name as typed (decision 0017); only what is sent to the processor is
 * spelt in ASCII here.
 */

/** Latin letters that Unicode does not decompose into a base letter and a mark. */
const LATIN_LETTERS: Readonly<Record<string, string>> = {
  Æ: 'AE',
  æ: 'ae',
  Œ: 'OE',
  œ: 'oe',
  ß: 'ss',
  ẞ: 'SS',
  Ø: 'O',
  ø: 'o',
  Đ: 'D',
  đ: 'd',
  Ð: 'D',
  ð: 'd',
  Þ: 'Th',
  þ: 'th',
  Ł: 'L',
  ł: 'l',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŋ: 'N',
  ŋ: 'n',
  '’': "'",
  '‘': "'",
  ʼ: "'",
  ʻ: "'",
};

/**
 * `value` in printable ASCII, at most `limit` characters: accents dropped
 * (José Núñez → Jose Nunez, Nguyễn → Nguyen), ß → ss, ’ → ', and letters with
 * no Latin spelling (中文) left out. Empty when nothing is left.
 */
export function toConvergeText(value: string, limit: number): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7E]/g, (char) => LATIN_LETTERS[char] ?? (/\s/.test(char) ? ' ' : ''))
    .replace(/ {2,}/g, ' ')
    .trim()
    .slice(0, limit)
    .trim();
}

/** What an ACH debit is sent under when neither part of the name has a Latin spelling. */
export const ACH_NAME_STAND_IN = { firstName: 'Account', lastName: 'Holder' } as const;

/**
 * An eCheck needs a name on both fields. A part with no Latin spelling (陈)
 * borrows the other part's; a name with none at all is sent as the account
 * holder, and the payment keeps the name as typed.
 */
export function achNames(
  firstName: string,
  lastName: string,
  limits: { firstName: number; lastName: number },
): { firstName: string; lastName: string } {
  const first = toConvergeText(firstName, limits.firstName);
  const last = toConvergeText(lastName, limits.lastName);
  if (!first && !last) return { ...ACH_NAME_STAND_IN };
  return {
    firstName: first || toConvergeText(last, limits.firstName),
    lastName: last || toConvergeText(first, limits.lastName),
  };
}
