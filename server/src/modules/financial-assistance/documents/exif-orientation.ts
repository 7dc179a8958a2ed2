/*
 * The one Exif field worth keeping from a photo: which way up it was taken.
 * A phone stores the sensor's pixels as they came and writes the turn in
 * the Orientation tag (0x0112 in the first image directory); once the Exif
 * block is stripped, a reviewer's viewer would show the photo sideways
 * unless told. Read defensively: the block comes from the patient's device,
 * so every offset is checked and anything odd reads as "not known".
 */

/** Exif's eight orientations: 1 is upright, 6 turned a quarter clockwise to view, 3 upside down. */
export type Orientation = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

const ORIENTATION_TAG = 0x0112;
const SHORT = 3;
const ENTRY_BYTES = 12;
/** What precedes the TIFF structure in a JPEG's APP1 (and, from some writers, in a PNG's eXIf). */
export const EXIF_HEADER = Buffer.from('Exif\0\0', 'latin1');

/** The Orientation in a TIFF-structured Exif block, or null when it has none or is malformed. */
export function exifOrientation(block: Buffer): Orientation | null {
  const tiff = block.subarray(0, EXIF_HEADER.length).equals(EXIF_HEADER)
    ? block.subarray(EXIF_HEADER.length)
    : block;
  if (tiff.length < 8) return null;
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return null;
  const little = order === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  if (u16(2) !== 42) return null;
  const directory = u32(4);
  if (directory < 8 || directory + 2 > tiff.length) return null;
  const entries = u16(directory);
  for (let index = 0; index < entries; index += 1) {
    const entry = directory + 2 + index * ENTRY_BYTES;
    if (entry + ENTRY_BYTES > tiff.length) return null;
    if (u16(entry) !== ORIENTATION_TAG) continue;
    // One SHORT, held in the first two bytes of the entry's value field.
    if (u16(entry + 2) !== SHORT || u32(entry + 4) !== 1) return null;
    const value = u16(entry + 8);
    return value >= 1 && value <= 8 ? (value as Orientation) : null;
  }
  return null;
}
