import type { DocumentContentType } from '@webpay/contracts/assistance-application';
import { EXIF_HEADER, exifOrientation, type Orientation } from './exif-orientation.ts';
import { JPEG_MARKERS, readJpegStructure, type JpegSegment } from './jpeg-structure.ts';
import { PNG_SIGNATURE, readPngStructure } from './png-structure.ts';
import { stripPdf } from './strip-pdf.ts';

/*
 * A phone photo carries more than the page it shows: where it was taken
 * (Exif GPS), when, on which device, the editing program's history (XMP,
 * Photoshop/IPTC), comments, and a thumbnail that may show the picture as
 * it was before it was cropped. None of that is the hospital's to keep, so
 * it is removed before the document is sealed; the picture's own data is
 * kept byte for byte, never decoded and encoded again, so nothing is lost
 * and no decoder runs on what a patient sent. A PDF's information
 * dictionary and XMP packets are blanked in place the same way
 * (strip-pdf.ts).
 */

export interface StrippedDocument {
  bytes: Buffer;
  /**
   * The photo's Exif orientation before it was stripped (null when it had
   * none). Turning the pixels would mean decoding and re-encoding them, so
   * the stored photo keeps the sensor's layout and the reviewer's viewer
   * turns it by this value instead (CSS `image-orientation` cannot, as the
   * tag is gone).
   */
  orientation: Orientation | null;
}

/** APP segments that are kept, by marker, with the identifier their data must start with. */
const KEPT_APPLICATION_SEGMENTS: ReadonlyMap<number, Buffer> = new Map([
  // JFIF: pixel density and aspect ratio. Its JFXX extension (a thumbnail) is not kept.
  [JPEG_MARKERS.APP0, Buffer.from('JFIF\0', 'latin1')],
  // The ICC colour profile: without it a phone's wide-gamut photo shows off-colour.
  [JPEG_MARKERS.APP2, Buffer.from('ICC_PROFILE\0', 'latin1')],
  // Adobe: says whether CMYK or YCbCr is stored; a decoder needs it to get colours right.
  [JPEG_MARKERS.APP14, Buffer.from('Adobe', 'latin1')],
]);

const isApplicationSegment = (marker: number) => marker >= 0xe0 && marker <= 0xef;

function startsWith(bytes: Buffer, segment: JpegSegment, identifier: Buffer): boolean {
  const { dataStart, dataEnd } = segment;
  return bytes
    .subarray(dataStart, Math.min(dataEnd, dataStart + identifier.length))
    .equals(identifier);
}

/** Keeps the picture's segments and the three APPs above; drops comments and every other APP. */
function keepsJpegSegment(bytes: Buffer, segment: JpegSegment): boolean {
  if (segment.marker === JPEG_MARKERS.COM) return false;
  if (!isApplicationSegment(segment.marker)) return true;
  const identifier = KEPT_APPLICATION_SEGMENTS.get(segment.marker);
  return identifier !== undefined && startsWith(bytes, segment, identifier);
}

function stripJpeg(bytes: Buffer): StrippedDocument {
  const structure = readJpegStructure(bytes);
  if (!structure) throw new Error('stripMetadata takes a JPEG sniffDocument accepted');
  const exif = structure.segments.find(
    (segment) => segment.marker === JPEG_MARKERS.APP1 && startsWith(bytes, segment, EXIF_HEADER),
  );
  const kept = structure.segments
    .filter((segment) => keepsJpegSegment(bytes, segment))
    .map((segment) => bytes.subarray(segment.start, segment.end));
  return {
    // Any zero padding after EOI stays: it is the file as sent, less its metadata.
    bytes: Buffer.concat([...kept, bytes.subarray(structure.end)]),
    orientation: exif ? exifOrientation(bytes.subarray(exif.dataStart, exif.dataEnd)) : null,
  };
}

/** Text of any kind (author, software, comments, XMP in iTXt), Exif, and the last-modified time. */
const DROPPED_PNG_CHUNKS = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']);

function stripPng(bytes: Buffer): StrippedDocument {
  const chunks = readPngStructure(bytes);
  if (!chunks) throw new Error('stripMetadata takes a PNG sniffDocument accepted');
  const exif = chunks.find((chunk) => chunk.type === 'eXIf');
  const kept = chunks
    .filter((chunk) => !DROPPED_PNG_CHUNKS.has(chunk.type))
    .map((chunk) => bytes.subarray(chunk.start, chunk.end));
  return {
    bytes: Buffer.concat([PNG_SIGNATURE, ...kept]),
    orientation: exif ? exifOrientation(bytes.subarray(exif.dataStart, exif.dataEnd)) : null,
  };
}

/**
 * The document without its metadata, and the photo's orientation. Takes
 * only bytes sniffDocument accepted as `contentType`; throws otherwise on
 * a photo (a PDF is never refused: what cannot be read in it is left).
 */
export function stripMetadata(bytes: Buffer, contentType: DocumentContentType): StrippedDocument {
  switch (contentType) {
    case 'image/jpeg':
      return stripJpeg(bytes);
    case 'image/png':
      return stripPng(bytes);
    case 'application/pdf':
      return { bytes: stripPdf(bytes), orientation: null };
  }
}
