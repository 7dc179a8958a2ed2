import { describe, expect, it } from 'vitest';
import { defineCatalogue } from './catalogue.ts';
import { messageLookup } from './message-lookup.ts';
import { VALIDATION_CATALOGUES } from './validation-messages.ts';

describe('messageLookup', () => {
  const amounts = defineCatalogue({ tooSmall: 'Too small' }, { tooSmall: 'Demasiado poco' });
  const names = defineCatalogue(
    { required: 'Required', tooSmall: 'Too small' },
    { required: 'Obligatorio', tooSmall: 'Demasiado poco' },
  );

  it('translates a schema message by its English words, and leaves unknown ones alone', () => {
    const lookUp = messageLookup([amounts, names]);
    expect(lookUp('Too small', 'es')).toBe('Demasiado poco');
    expect(lookUp('Required', 'en')).toBe('Required');
    expect(lookUp('Something else', 'es')).toBeUndefined();
  });

  it('refuses the same English with two Spanish translations instead of picking one', () => {
    const other = defineCatalogue({ tooSmall: 'Too small' }, { tooSmall: 'Muy pequeño' });
    expect(() => messageLookup([amounts, other])).toThrow(
      '"Too small" has two Spanish translations: "Demasiado poco" and "Muy pequeño"',
    );
  });

  it('finds one translation for every message of the shared schemas', () => {
    expect(() => messageLookup(VALIDATION_CATALOGUES)).not.toThrow();
  });
});
