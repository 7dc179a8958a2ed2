import { plainText } from './plain-text.ts';

/*
 * A person's name, wherever one is typed (billing form, sign-up). People are
 * named in every script, so the rule is about what cannot be part of a name
 * (digits, symbols, control characters) rather than a list of alphabets:
 * José Núñez, Zoë, Nguyễn Thị Minh, O'Brien-Smith and 陈 are all names.
 * docs/decisions/0017-names-in-every-script.md.
 */

/**
 * Letters of any script with their combining marks, spaces, apostrophes
 * (' and the ’ phones type), hyphens and periods (initials, "St. John").
 */
const NAME_CHARACTERS = /^[\p{L}\p{M} '’.-]+$/u;

export interface PersonNameMessages {
  required: string;
  tooLong: string;
  characters: string;
}

/**
 * The name as typed, trimmed and in Unicode NFC: "é" typed as e + a
 * combining accent is stored, counted and compared as the one letter it is.
 */
export function personNameSchema(max: number, messages: PersonNameMessages) {
  return plainText({ error: messages.required })
    .trim()
    .normalize('NFC')
    .min(1, messages.required)
    .max(max, messages.tooLong)
    .regex(NAME_CHARACTERS, messages.characters);
}
