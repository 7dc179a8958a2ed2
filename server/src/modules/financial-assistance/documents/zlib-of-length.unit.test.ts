import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { zlibSpacesOfLength } from './zlib-of-length.ts';

describe('a zlib stream of spaces of a given length', () => {
  it('is exactly that long and inflates to spaces, across stored blocks', () => {
    for (const length of [12, 300, 65_541, 65_546, 65_547, 200_000]) {
      const stream = zlibSpacesOfLength(length) ?? Buffer.alloc(0);
      expect(stream.length).toBe(length);
      const inflated = inflateSync(stream);
      expect(inflated.length).toBeGreaterThan(0);
      expect(inflated.every((byte) => byte === 0x20)).toBe(true);
    }
  });

  it('cannot be shorter than 11 bytes, which hold no space at all', () => {
    expect(inflateSync(zlibSpacesOfLength(11) ?? Buffer.alloc(0)).length).toBe(0);
    expect(zlibSpacesOfLength(10)).toBeNull();
  });
});
