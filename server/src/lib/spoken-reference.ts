import { randomInt } from 'node:crypto';

/*
 * The references a guarantor or a clerk may read aloud (receipts, plans,
 * applications, export batches): no 0/O, 1/I/L or other characters easily
 * confused on paper or the phone.
 */

const UNAMBIGUOUS = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** `count` characters from the unambiguous alphabet: 31^count values. */
export function spokenCharacters(count: number): string {
  let text = '';
  for (let index = 0; index < count; index += 1) {
    text += UNAMBIGUOUS[randomInt(UNAMBIGUOUS.length)];
  }
  return text;
}
