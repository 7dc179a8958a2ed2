import { randomBytes } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { deflateToLength } from './zlib-of-length.ts';

const NOTHING = Buffer.alloc(0);
const isSpaces = (bytes: Buffer) => bytes.every((byte) => byte === 0x20);

describe('a zlib stream of spaces of a given length', () => {
  it('is exactly that long and inflates to spaces, across stored blocks', () => {
    for (const length of [12, 300, 65_541, 65_546, 65_547, 200_000]) {
      const stream = deflateToLength(NOTHING, length) ?? NOTHING;
      expect(stream.length).toBe(length);
      const inflated = inflateSync(stream);
      expect(inflated.length).toBeGreaterThan(0);
      expect(isSpaces(inflated)).toBe(true);
    }
  });

  it('cannot be shorter than 11 bytes, which hold no space at all', () => {
    expect(inflateSync(deflateToLength(NOTHING, 11) ?? NOTHING).length).toBe(0);
    expect(deflateToLength(NOTHING, 10)).toBeNull();
  });
});

describe('a zlib stream of data of a given length', () => {
  const objects = Buffer.from(
    Array.from({ length: 400 }, (_, at) => `<< /Type /Page /Parent ${at} 0 R >>`).join('\n'),
    'latin1',
  );

  it('inflates to the data and then spaces, whatever room is left', () => {
    // The fewest bytes it fits in, found by halving: any more bytes fit too.
    let [tooFew, smallest] = [0, 20_000];
    while (smallest - tooFew > 1) {
      const middle = Math.floor((tooFew + smallest) / 2);
      if (deflateToLength(objects, middle)) smallest = middle;
      else tooFew = middle;
    }
    for (const length of [smallest, smallest + 1, 20_000, 70_000, 140_000]) {
      const stream = deflateToLength(objects, length) ?? NOTHING;
      expect(stream.length).toBe(length);
      const inflated = inflateSync(stream);
      expect(inflated.subarray(0, objects.length)).toEqual(objects);
      expect(isSpaces(inflated.subarray(objects.length))).toBe(true);
    }
    expect(deflateToLength(objects, smallest - 1)).toBeNull();
    expect(smallest).toBeLessThan(objects.length / 4);
  });

  it('is null when the data does not compress into that length', () => {
    const noise = randomBytes(1_000);
    expect(deflateToLength(noise, 1_000)).toBeNull();
    expect(deflateToLength(objects, 11)).toBeNull();
  });
});
