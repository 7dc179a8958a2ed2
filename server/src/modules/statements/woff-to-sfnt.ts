import { inflateSync } from 'node:zlib';

/*
 * WOFF 1.0 (W3C) is a TrueType/OpenType font with each table compressed by
 * zlib. Fontkit can read it, but inflates every table in JavaScript on each
 * read, which made a one-page statement cost 100 ms of CPU; unpacking once,
 * with Node's zlib, and caching the plain font costs that once per process.
 */

const WOFF_HEADER = 44;
const WOFF_ENTRY = 20;
const SFNT_HEADER = 12;
const SFNT_ENTRY = 16;

const padded = (length: number) => (length + 3) & ~3;

/** The TrueType/OpenType font packed in a WOFF file. */
export function woffToSfnt(woff: Uint8Array): Uint8Array {
  const input = Buffer.from(woff.buffer, woff.byteOffset, woff.byteLength);
  if (input.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF 1.0 font');
  const flavor = input.readUInt32BE(4);
  const count = input.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, index) => {
    const entry = WOFF_HEADER + index * WOFF_ENTRY;
    const offset = input.readUInt32BE(entry + 4);
    const compressed = input.readUInt32BE(entry + 8);
    const length = input.readUInt32BE(entry + 12);
    const stored = input.subarray(offset, offset + compressed);
    return {
      tag: input.readUInt32BE(entry),
      checksum: input.readUInt32BE(entry + 16),
      data: compressed < length ? inflateSync(stored) : stored,
    };
  });

  const size =
    SFNT_HEADER +
    count * SFNT_ENTRY +
    tables.reduce((sum, table) => sum + padded(table.data.length), 0);
  const output = Buffer.alloc(size);
  // The binary-search fields of the offset table (OpenType spec, "Table Directory").
  const power = 2 ** Math.floor(Math.log2(count));
  output.writeUInt32BE(flavor, 0);
  output.writeUInt16BE(count, 4);
  output.writeUInt16BE(power * 16, 6);
  output.writeUInt16BE(Math.log2(power), 8);
  output.writeUInt16BE(count * 16 - power * 16, 10);
  let offset = SFNT_HEADER + count * SFNT_ENTRY;
  tables.forEach((table, index) => {
    const entry = SFNT_HEADER + index * SFNT_ENTRY;
    output.writeUInt32BE(table.tag, entry);
    output.writeUInt32BE(table.checksum, entry + 4);
    output.writeUInt32BE(offset, entry + 8);
    output.writeUInt32BE(table.data.length, entry + 12);
    table.data.copy(output, offset);
    offset += padded(table.data.length);
  });
  return new Uint8Array(output.buffer, output.byteOffset, output.byteLength);
}
