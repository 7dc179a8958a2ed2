import { describe, expect, it } from 'vitest';
import { namesMatch, normalizeName } from './names.ts';

describe('namesMatch', () => {
  it('ignores case, accents, apostrophe style, hyphens and extra spaces', () => {
    expect(namesMatch('ana', 'Ana')).toBe(true);
    expect(namesMatch('  TORRES ', 'Torres')).toBe(true);
    expect(namesMatch('José  García-López', 'JOSE GARCIA LOPEZ')).toBe(true);
    expect(namesMatch('O’Brien', "O'Brien")).toBe(true);
    expect(normalizeName('Zoë  Saldaña')).toBe('zoe saldana');
  });

  it('still tells different names apart', () => {
    expect(namesMatch('Anna', 'Ana')).toBe(false);
    expect(namesMatch('Torres', 'Torre')).toBe(false);
    expect(namesMatch('', '')).toBe(false);
  });
});
