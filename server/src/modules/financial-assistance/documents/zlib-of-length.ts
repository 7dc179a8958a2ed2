/*
 * Zlib streams of an exact length, for overwriting a compressed PDF stream
 * in place: the stream's /Length and every later byte offset stay as they
 * were, so the file needs no new cross-reference table.
 */

const SPACE = 0x20;
const ADLER_MODULUS = 65_521;
const MAX_STORED_BLOCK = 65_535;
/** Two bytes of zlib header, four of checksum. */
const ZLIB_FRAME = 6;
/** A stored block's header byte and its length written twice. */
const STORED_BLOCK_HEADER = 5;

/**
 * A zlib stream exactly `length` bytes long that inflates to spaces, made of
 * stored (uncompressed) blocks, so a compressed XMP stream stays one a
 * reader can inflate; null below the 11 bytes the smallest such stream takes.
 */
export function zlibSpacesOfLength(length: number): Buffer | null {
  if (length < ZLIB_FRAME + STORED_BLOCK_HEADER) return null;
  const blocks = Math.ceil((length - ZLIB_FRAME) / (MAX_STORED_BLOCK + STORED_BLOCK_HEADER));
  let spaces = length - ZLIB_FRAME - blocks * STORED_BLOCK_HEADER;
  const out = Buffer.alloc(length, SPACE);
  // 0x78 0x01: deflate, 32 KB window, lowest level; the pair is a multiple of 31 as zlib requires.
  out[0] = 0x78;
  out[1] = 0x01;
  let at = 2;
  let sum = 1;
  let sumOfSums = 0;
  for (let block = 0; block < blocks; block += 1) {
    const size = Math.min(spaces, MAX_STORED_BLOCK);
    out[at] = block === blocks - 1 ? 1 : 0;
    out.writeUInt16LE(size, at + 1);
    out.writeUInt16LE(size ^ 0xffff, at + 3);
    at += STORED_BLOCK_HEADER + size;
    spaces -= size;
    for (let byte = 0; byte < size; byte += 1) {
      sum = (sum + SPACE) % ADLER_MODULUS;
      sumOfSums = (sumOfSums + sum) % ADLER_MODULUS;
    }
  }
  out.writeUInt32BE(((sumOfSums << 16) | sum) >>> 0, at);
  return out;
}
