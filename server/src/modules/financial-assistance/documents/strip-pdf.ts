import { readPdfLayout, type PdfLayout, type PdfObject, type PdfValue } from './pdf-syntax.ts';
import { zlibSpacesOfLength } from './zlib-of-length.ts';

/*
 * A PDF names its author, the program and the machine that made it, its
 * title, subject and keywords, and when it was made and changed: in the
 * document information dictionary that a trailer's /Info points to, and
 * again in XMP packets (streams of /Type /Metadata /Subtype /XML), for
 * the document, a page or a picture. A paystub printed to PDF from an
 * employer's payroll system can carry the payroll vendor, the clerk's
 * account and the company's name; none of it is the hospital's to keep.
 *
 * Every value is overwritten where it stands with bytes of the same
 * length, so the file keeps every byte offset and its cross-reference
 * tables stay right; nothing is rendered, decoded or written anew.
 * Rewriting the file with the PDF library the service uses for its own
 * letters (pdf-lib) was not chosen: it would parse the whole object graph
 * of a file a patient sent and write a different file, every object
 * renumbered and re-serialised, and it refuses encrypted files that
 * readers open. The syntax read here (pdf-syntax.ts) is small and only
 * ever overwrites strings and the data of metadata streams.
 *
 * Every revision is stripped, not only the latest: an incremental update
 * appends a new information dictionary and leaves the old one in the
 * file, so every trailer's /Info and every object with that number is
 * overwritten.
 *
 * Limit: an information dictionary stored inside a compressed object
 * stream (/Type /ObjStm, PDF 1.5 and later) is left as it is, as is XMP
 * inside an embedded file or a font. Overwriting inside an object stream
 * means compressing it again, to a different length, which moves every
 * later object; the file would have to be written anew. XMP streams are
 * never inside object streams (streams cannot be), so they are always
 * blanked.
 */

const SPACE = 0x20;
const CLOSE_PAREN = 0x29;
const GREATER = 0x3e;

/** "()" or "<>" and spaces: an empty string taking the place of the old one. */
function blankString(out: Buffer, value: PdfValue): void {
  out.fill(SPACE, value.start + 1, value.end);
  // The closing delimiter moves next to the opening one; the spaces after it are whitespace.
  out[value.start + 1] = value.kind === 'hexString' ? GREATER : CLOSE_PAREN;
}

/** Blanks every string in `value`, however nested, and lists the objects its references point to. */
function blankStrings(out: Buffer, value: PdfValue, referenced: Set<string>): void {
  if (value.kind === 'string' || value.kind === 'hexString') blankString(out, value);
  else if (value.kind === 'reference' && value.text) referenced.add(value.text);
  for (const item of value.items ?? []) blankStrings(out, item, referenced);
  for (const entry of value.entries?.values() ?? []) blankStrings(out, entry, referenced);
}

/** The /Info of every trailer, and of every cross-reference stream (which serves as a trailer). */
function infoValues(layout: PdfLayout): PdfValue[] {
  const crossReferenceStreams = layout.objects
    .filter((object) => object.stream && object.value.entries?.get('Type')?.text === 'XRef')
    .map((object) => object.value);
  return [...layout.trailers, ...crossReferenceStreams]
    .map((dictionary) => dictionary.entries?.get('Info'))
    .filter((info): info is PdfValue => info !== undefined);
}

function objectsById(objects: readonly PdfObject[]): Map<string, PdfObject[]> {
  const byId = new Map<string, PdfObject[]>();
  for (const object of objects) byId.set(object.id, [...(byId.get(object.id) ?? []), object]);
  return byId;
}

/**
 * Blanks every string of every information dictionary, leaving its keys:
 * the dictionary stays well formed and says nothing. A value held in an
 * object of its own ("/Author 9 0 R") is blanked there.
 */
function blankInformation(out: Buffer, layout: PdfLayout): void {
  const byId = objectsById(layout.objects);
  const referenced = new Set<string>();
  for (const info of infoValues(layout)) {
    // Only a reference is valid; a dictionary written in the trailer itself is stripped as well.
    if (info.kind === 'dictionary') blankStrings(out, info, referenced);
    if (info.kind !== 'reference' || !info.text) continue;
    for (const object of byId.get(info.text) ?? []) {
      if (object.value.kind === 'dictionary' && !object.stream) {
        blankStrings(out, object.value, referenced);
      }
    }
  }
  for (const id of referenced) {
    for (const object of byId.get(id) ?? []) {
      const { kind } = object.value;
      if (kind === 'string' || kind === 'hexString') blankString(out, object.value);
    }
  }
}

/** An XMP packet: /Subtype /XML, with /Type /Metadata or (as some writers leave it) no /Type. */
function isXmpStream(object: PdfObject): boolean {
  const entries = object.value.entries;
  const type = entries?.get('Type')?.text;
  return (
    object.stream !== null &&
    entries?.get('Subtype')?.text === 'XML' &&
    (type === undefined || type === 'Metadata')
  );
}

/** Whether the stream's only filter is /FlateDecode, with no predictor or other parameters. */
function isFlateOnly(object: PdfObject): boolean {
  const filter = object.value.entries?.get('Filter');
  const only = filter?.kind === 'array' && filter.items?.length === 1 ? filter.items[0] : filter;
  return only?.text === 'FlateDecode' && !object.value.entries?.has('DecodeParms');
}

/** Overwrites every XMP packet's data, its /Length kept: spaces, compressed when it was. */
function blankXmpStreams(out: Buffer, layout: PdfLayout): void {
  for (const object of layout.objects) {
    if (!isXmpStream(object) || !object.stream) continue;
    const { start, end } = object.stream;
    const deflated = isFlateOnly(object) ? zlibSpacesOfLength(end - start) : null;
    if (deflated) deflated.copy(out, start);
    else out.fill(SPACE, start, end);
  }
}

/**
 * The PDF with every information dictionary's values and every XMP packet
 * blanked, byte for byte the same length. Any bytes sniffDocument accepted
 * as a PDF are taken: what cannot be read as PDF syntax is left as it is.
 */
export function stripPdf(bytes: Buffer): Buffer {
  const layout = readPdfLayout(bytes);
  const out = Buffer.from(bytes);
  blankInformation(out, layout);
  blankXmpStreams(out, layout);
  return out;
}
