import { constants, deflateRawSync } from 'node:zlib';

/*
 * Zlib streams of an exact length, for overwriting a compressed PDF stream
 * in place: the stream's /Length and every later byte offset stay as they
 * were, so the file needs no new cross-reference table. The data is
 * compressed, then padded with spaces in stored (uncompressed) blocks up
 * to the length; a reader inflates the data followed by those spaces,
 * which PDF reads as whitespace.
 */

const SPACE = 0x20;
const ADLER_MODULUS = 65_521;
const MAX_STORED_BLOCK = 65_535;
/** Two bytes of zlib header, four of checksum. */
const ZLIB_FRAME = 6;
/** A stored block's header byte and its length written twice. */
const STORED_BLOCK_HEADER = 5;

/** Adler-32 (RFC 1950) of `data` followed by `spaces` spaces. */
function adler32(data: Buffer, spaces: number): number {
  let sum = 1;
  let sumOfSums = 0;
  const add = (byte: number) => {
    sum = (sum + byte) % ADLER_MODULUS;
    sumOfSums = (sumOfSums + sum) % ADLER_MODULUS;
  };
  for (const byte of data) add(byte);
  for (let space = 0; space < spaces; space += 1) add(SPACE);
  return ((sumOfSums << 16) | sum) >>> 0;
}

/**
 * Stored blocks filling `out` from `at` to four bytes before its end, the
 * last marked final; returns how many spaces they hold. `out` is already
 * spaces, so only the block headers are written.
 */
function writeStoredSpaces(out: Buffer, at: number): number {
  const room = out.length - 4 - at;
  const blocks = Math.ceil(room / (MAX_STORED_BLOCK + STORED_BLOCK_HEADER));
  let spaces = room - blocks * STORED_BLOCK_HEADER;
  const total = spaces;
  let next = at;
  for (let block = 0; block < blocks; block += 1) {
    const size = Math.min(spaces, MAX_STORED_BLOCK);
    out[next] = block === blocks - 1 ? 1 : 0;
    out.writeUInt16LE(size, next + 1);
    out.writeUInt16LE(size ^ 0xffff, next + 3);
    next += STORED_BLOCK_HEADER + size;
    spaces -= size;
  }
  return total;
}

/**
 * Deflate data ending on a byte boundary and not marked final, so stored
 * blocks can follow it: empty for no data, which leaves the most room.
 */
function openDeflate(data: Buffer): Buffer {
  if (data.length === 0) return Buffer.alloc(0);
  return deflateRawSync(data, { level: 9, memLevel: 9, finishFlush: constants.Z_SYNC_FLUSH });
}

/**
 * A zlib stream exactly `length` bytes long that inflates to `data` and
 * then spaces; null when `data` does not compress into it (the smallest
 * stream, of no data at all, takes 11 bytes).
 */
export function deflateToLength(data: Buffer, length: number): Buffer | null {
  const deflated = openDeflate(data);
  if (length < ZLIB_FRAME + deflated.length + STORED_BLOCK_HEADER) return null;
  const out = Buffer.alloc(length, SPACE);
  // 0x78 0xDA: deflate, 32 KB window, best compression; the pair is a multiple of 31 as zlib requires.
  out[0] = 0x78;
  out[1] = 0xda;
  deflated.copy(out, 2);
  const spaces = writeStoredSpaces(out, 2 + deflated.length);
  out.writeUInt32BE(adler32(data, spaces), length - 4);
  return out;
}
