import { crc32 } from 'node:zlib';

/*
 * A PNG's chunk structure (PNG specification, 3rd edition, sections 5 and
 * 11), read without inflating the picture: the signature, IHDR first, every
 * chunk's CRC right, image data, IEND last with nothing after it. It guards
 * against a file that only starts like a PNG (other bytes behind the
 * signature, a chunk changed or cut off in transit) and gives the metadata
 * stripper exact chunk boundaries.
 */

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** One chunk: length, type, data and CRC. */
export interface PngChunk {
  /** Four ASCII letters: 'IHDR', 'tEXt'. */
  type: string;
  start: number;
  end: number;
  dataStart: number;
  dataEnd: number;
}

/** PNG's own limit on a chunk's length and on the image's sides. */
const MAX_PNG_NUMBER = 2 ** 31 - 1;
/** Far more than any encoder writes; a file of a million empty chunks is refused rather than listed. */
const MAX_CHUNKS = 100_000;
/** The chunks a decoder must understand; any other one with an upper-case first letter is unknown. */
const CRITICAL = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND']);
/** Bit depths each colour type allows (greyscale, truecolour, indexed, grey+alpha, truecolour+alpha). */
const BIT_DEPTHS: Readonly<Record<number, readonly number[]>> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};
const CHUNK_TYPE = /^[A-Za-z]{4}$/;

/** The chunk at `start`, or null when it runs past the end, has no letter type or a wrong CRC. */
function readChunk(bytes: Buffer, start: number): PngChunk | null {
  if (start + 12 > bytes.length) return null;
  const length = bytes.readUInt32BE(start);
  const type = bytes.toString('latin1', start + 4, start + 8);
  const dataStart = start + 8;
  const dataEnd = dataStart + length;
  if (length > MAX_PNG_NUMBER || !CHUNK_TYPE.test(type) || dataEnd + 4 > bytes.length) return null;
  // The CRC covers the type and the data.
  if (crc32(bytes.subarray(start + 4, dataEnd)) !== bytes.readUInt32BE(dataEnd)) return null;
  return { type, start, end: dataEnd + 4, dataStart, dataEnd };
}

/** IHDR's fields within the values PNG allows. */
function headerIsSound(bytes: Buffer, chunk: PngChunk): boolean {
  if (chunk.type !== 'IHDR' || chunk.dataEnd - chunk.dataStart !== 13) return false;
  const at = chunk.dataStart;
  const width = bytes.readUInt32BE(at);
  const height = bytes.readUInt32BE(at + 4);
  const depths = BIT_DEPTHS[bytes[at + 9] ?? -1];
  return (
    width > 0 &&
    width <= MAX_PNG_NUMBER &&
    height > 0 &&
    height <= MAX_PNG_NUMBER &&
    depths !== undefined &&
    depths.includes(bytes[at + 8] ?? -1) &&
    bytes[at + 10] === 0 &&
    bytes[at + 11] === 0 &&
    (bytes[at + 12] === 0 || bytes[at + 12] === 1)
  );
}

/** The file's chunks from IHDR to IEND, or null when it is not a whole, well-formed PNG. */
export function readPngStructure(bytes: Buffer): PngChunk[] | null {
  if (bytes.length < PNG_SIGNATURE.length || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) {
    return null;
  }
  const chunks: PngChunk[] = [];
  let imageData = false;
  let at = PNG_SIGNATURE.length;
  while (chunks.length < MAX_CHUNKS) {
    const chunk = readChunk(bytes, at);
    if (!chunk) return null;
    if (chunks.length === 0 ? !headerIsSound(bytes, chunk) : chunk.type === 'IHDR') return null;
    const critical = chunk.type.charCodeAt(0) < 0x61;
    if (critical && !CRITICAL.has(chunk.type)) return null;
    if (chunk.type === 'IDAT') imageData = true;
    chunks.push(chunk);
    at = chunk.end;
    if (chunk.type === 'IEND') {
      return imageData && chunk.dataEnd === chunk.dataStart && at === bytes.length ? chunks : null;
    }
  }
  return null;
}
