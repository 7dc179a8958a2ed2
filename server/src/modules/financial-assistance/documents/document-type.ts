import {
  MAX_DOCUMENT_BYTES,
  type DocumentContentType,
} from '@webpay/contracts/assistance-application';
import { readJpegStructure } from './jpeg-structure.ts';
import { readPngStructure } from './png-structure.ts';

/*
 * What an uploaded document really is, decided by its bytes alone: a file's
 * name and its declared Content-Type are the uploader's to choose, so a
 * program renamed "paystub.jpg", a web page that would run script in a
 * reviewer's browser, an archive, or a photo cut off in upload is refused
 * here, before it is sealed or shown. A JPEG or a PNG must be whole and
 * well-formed throughout (jpeg-structure.ts, png-structure.ts); a PDF is
 * only checked for its header and end marker, since reading one fully needs
 * a PDF library: it is only ever served as application/pdf, as a download,
 * to the reviewer role.
 */

/**
 * Why a file is refused: nothing in it, over MAX_DOCUMENT_BYTES, not a photo
 * or a PDF at all, or one that is cut off or changed.
 */
export const DOCUMENT_REFUSALS = ['empty', 'too_large', 'not_a_document', 'damaged'] as const;
export type DocumentRefusal = (typeof DOCUMENT_REFUSALS)[number];

export type SniffedDocument = { contentType: DocumentContentType } | { refused: DocumentRefusal };

/**
 * Beginnings of files that are never a document, whatever follows: a PDF
 * reader tolerates bytes before the header, so without this a program or a
 * web page could carry a PDF header a few bytes in and pass as one.
 */
const FOREIGN_SIGNATURES = [
  'MZ', // Windows executable
  '\x7fELF', // Linux executable
  '\xca\xfe\xba\xbe', // Mach-O universal binary, Java class
  '\xcf\xfa\xed\xfe', // Mach-O
  'PK\x03\x04', // ZIP, and Office documents
  '#!', // script
  '<', // HTML, SVG, XML
].map((signature) => Buffer.from(signature, 'latin1'));

const BYTE_ORDER_MARK = Buffer.from([0xef, 0xbb, 0xbf]);
const LEADING_SPACE = new Set([0x09, 0x0a, 0x0d, 0x20]);

function startsForeign(bytes: Buffer): boolean {
  let at = bytes.subarray(0, 3).equals(BYTE_ORDER_MARK) ? 3 : 0;
  // Markup may open with blank lines; nothing else on the list does.
  while (LEADING_SPACE.has(bytes[at] ?? -1)) at += 1;
  const start = bytes.subarray(at);
  return FOREIGN_SIGNATURES.some((signature) =>
    start.subarray(0, signature.length).equals(signature),
  );
}

/** ISO 32000: the header may stand anywhere in the first 1024 bytes. */
const PDF_HEADER_WITHIN = 1024;
/** How far from the end the last %%EOF may stand (writers add a line end or a few spaces). */
const PDF_END_WITHIN = 1024;
const PDF_VERSION = /^%PDF-(?:1\.[0-7]|2\.0)/;

/** Where the PDF header stands, or -1 when there is none in the first 1024 bytes. */
function pdfHeader(bytes: Buffer): number {
  const at = bytes.subarray(0, PDF_HEADER_WITHIN + 4).indexOf('%PDF-', 0, 'latin1');
  return at < PDF_HEADER_WITHIN ? at : -1;
}

/** A known version after the header, and an end-of-file marker near the end. */
function pdfIsWhole(bytes: Buffer, header: number): boolean {
  if (!PDF_VERSION.test(bytes.toString('latin1', header, header + 8))) return false;
  const tail = Math.max(header + 8, bytes.length - PDF_END_WITHIN);
  return bytes.indexOf('%%EOF', tail, 'latin1') !== -1;
}

/** Zero bytes after a JPEG's EOI are padding some scanners add; anything else could hide a payload. */
function onlyZeros(bytes: Buffer, from: number): boolean {
  for (let at = from; at < bytes.length; at += 1) if (bytes[at] !== 0) return false;
  return true;
}

function sniffJpeg(bytes: Buffer): SniffedDocument {
  const structure = readJpegStructure(bytes);
  return structure && onlyZeros(bytes, structure.end)
    ? { contentType: 'image/jpeg' }
    : { refused: 'damaged' };
}

/** What the bytes are, or why they are refused. */
export function sniffDocument(bytes: Buffer): SniffedDocument {
  if (bytes.length === 0) return { refused: 'empty' };
  if (bytes.length > MAX_DOCUMENT_BYTES) return { refused: 'too_large' };
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return sniffJpeg(bytes);
  if (bytes[0] === 0x89 && bytes.toString('latin1', 1, 4) === 'PNG') {
    return readPngStructure(bytes) ? { contentType: 'image/png' } : { refused: 'damaged' };
  }
  if (startsForeign(bytes)) return { refused: 'not_a_document' };
  const header = pdfHeader(bytes);
  if (header === -1) return { refused: 'not_a_document' };
  return pdfIsWhole(bytes, header) ? { contentType: 'application/pdf' } : { refused: 'damaged' };
}

/** Names browsers and phones give these types besides their registered ones. */
const DECLARED_ALIASES: Readonly<Record<string, DocumentContentType>> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'image/x-png': 'image/png',
};

/**
 * Whether the uploaded Content-Type names what the bytes are (parameters and
 * case aside). A mismatch is refused rather than corrected: a client that
 * says PDF and sends a photo is broken or is probing, and a missing type
 * cannot match anything.
 */
export function declaredMatches(
  declared: string | undefined,
  sniffed: DocumentContentType,
): boolean {
  if (declared === undefined) return false;
  const essence = (declared.split(';')[0] ?? '').trim().toLowerCase();
  return (DECLARED_ALIASES[essence] ?? essence) === sniffed;
}
