import {
  OBJECT_STREAM_BUDGET_BYTES,
  containedObject,
  readObjectStream,
  streamEncoding,
  type ObjectStreamBudget,
  type ObjectStreamContents,
} from './pdf-object-stream.ts';
import { readPdfLayout, type PdfLayout, type PdfObject, type PdfValue } from './pdf-syntax.ts';
import { deflateToLength } from './zlib-of-length.ts';
import { groupBy } from '../../../lib/group-by.ts';

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
 * tables stay right; nothing is rendered or written anew. Rewriting the
 * file with the PDF library the service uses for its own letters
 * (pdf-lib) was not chosen: it would parse the whole object graph of a
 * file a patient sent and write a different file, every object renumbered
 * and re-serialised, and it refuses encrypted files that readers open.
 * The syntax read here (pdf-syntax.ts) is small and only ever overwrites
 * strings and the data of metadata and object streams.
 *
 * Every revision is stripped, not only the latest: an incremental update
 * appends a new information dictionary and leaves the old one in the
 * file, so every trailer's /Info and every object with that number is
 * overwritten.
 *
 * An information dictionary may sit in a compressed object stream (PDF
 * 1.5 and later; pdf-lib puts it there by default). That stream is
 * inflated, blanked the same way (its objects keep their offsets within
 * it), and compressed again into exactly the bytes it had, padded with
 * whitespace (zlib-of-length.ts): blanked text compresses smaller than
 * text, so it fits unless its writer compressed better than zlib's best,
 * in which case it is left as sent. A damaged object stream is blanked as
 * far as it inflates, which is as far as a reader could read it either.
 * XMP streams are never inside object streams (streams cannot be), so
 * they are always blanked; XMP inside an embedded file or a font is left.
 */

const SPACE = 0x20;
const CLOSE_PAREN = 0x29;
const GREATER = 0x3e;
const NOTHING = Buffer.alloc(0);

/** "()" or "<>" and spaces: an empty string taking the place of the old one. */
function blankString(out: Buffer, value: PdfValue): void {
  out.fill(SPACE, value.start + 1, value.end);
  // The closing delimiter moves next to the opening one; the spaces after it are whitespace.
  out[value.start + 1] = value.kind === 'hexString' ? GREATER : CLOSE_PAREN;
}

/** The strings in `value`, however nested; the objects its references point to go in `referenced`. */
function stringsWithin(value: PdfValue, referenced: Set<string>): PdfValue[] {
  if (value.kind === 'string' || value.kind === 'hexString') return [value];
  if (value.kind === 'reference' && value.text) referenced.add(value.text);
  const inner = [...(value.items ?? []), ...(value.entries?.values() ?? [])];
  return inner.flatMap((item) => stringsWithin(item, referenced));
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

/** An object and the bytes its offsets refer to: the file's, or an object stream's decoded data. */
interface PlacedObject {
  id: string;
  value: PdfValue;
  bytes: Buffer;
  /** A stream's dictionary describes its data; it is never an information dictionary. */
  isStream: boolean;
}

/**
 * Finds objects by id, every revision's: the file's own, and those in its
 * object streams, each read once, when first asked for.
 */
function objectFinder(
  out: Buffer,
  layout: PdfLayout,
  streams: readonly ObjectStreamContents[],
  budget: ObjectStreamBudget,
): (id: string) => PlacedObject[] {
  const placed = layout.objects.map((object) => ({
    ...object,
    bytes: out,
    isStream: object.stream !== null,
  }));
  const topLevel = groupBy(placed, (object) => object.id);
  const containing = groupBy(
    streams.flatMap((contents) => [...contents.offsets.keys()].map((id) => ({ id, contents }))),
    (entry) => entry.id,
  );
  const found = new Map<string, PlacedObject[]>();
  return (id) => {
    const known = found.get(id);
    if (known) return known;
    const contained = (containing.get(id) ?? []).flatMap(({ contents }) => {
      const value = containedObject(contents, id, budget);
      return value ? [{ id, value, bytes: contents.data, isStream: false }] : [];
    });
    const objects = [...(topLevel.get(id) ?? []), ...contained];
    found.set(id, objects);
    return objects;
  };
}

/**
 * Blanks every string of every information dictionary, leaving its keys:
 * the dictionary stays well formed and says nothing. A value held in an
 * object of its own ("/Author 9 0 R") is blanked there. Returns the
 * buffers written to, so that object streams changed can be put back.
 */
function blankInformation(
  infos: readonly PdfValue[],
  out: Buffer,
  find: (id: string) => PlacedObject[],
): Set<Buffer> {
  const touched = new Set<Buffer>();
  const blank = (bytes: Buffer, strings: readonly PdfValue[]) => {
    for (const string of strings) blankString(bytes, string);
    if (strings.length > 0) touched.add(bytes);
  };
  const referenced = new Set<string>();
  for (const info of infos) {
    // Only a reference is valid; a dictionary written in the trailer itself is stripped as well.
    if (info.kind === 'dictionary') blank(out, stringsWithin(info, referenced));
    if (info.kind !== 'reference' || !info.text) continue;
    for (const object of find(info.text)) {
      if (object.value.kind === 'dictionary' && !object.isStream) {
        blank(object.bytes, stringsWithin(object.value, referenced));
      }
    }
  }
  for (const id of referenced) {
    for (const object of find(id)) {
      const { kind } = object.value;
      if (kind === 'string' || kind === 'hexString') blank(object.bytes, [object.value]);
    }
  }
  return touched;
}

/** Every object stream that can be read. */
function objectStreams(out: Buffer, layout: PdfLayout, budget: ObjectStreamBudget) {
  return layout.objects
    .map((object) => readObjectStream(out, object, budget))
    .filter((contents): contents is ObjectStreamContents => contents !== null);
}

/**
 * Compresses each object stream that was blanked back into the bytes it
 * had; one that no longer fits (its writer compressed better than zlib
 * does) is left as sent.
 */
function rewriteObjectStreams(
  out: Buffer,
  streams: readonly ObjectStreamContents[],
  touched: ReadonlySet<Buffer>,
): void {
  for (const { object, data, compressed } of streams) {
    if (!compressed || !object.stream || !touched.has(data)) continue;
    const { start, end } = object.stream;
    deflateToLength(data, end - start)?.copy(out, start);
  }
}

/** Blanks the information dictionaries wherever they are, object streams included. */
function stripInformation(out: Buffer, layout: PdfLayout): void {
  const infos = infoValues(layout);
  // A file with no /Info has no object stream worth inflating.
  if (infos.length === 0) return;
  const budget: ObjectStreamBudget = { remaining: OBJECT_STREAM_BUDGET_BYTES };
  const streams = objectStreams(out, layout, budget);
  const touched = blankInformation(infos, out, objectFinder(out, layout, streams, budget));
  rewriteObjectStreams(out, streams, touched);
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

/** Overwrites every XMP packet's data, its /Length kept: spaces, compressed when it was. */
function blankXmpStreams(out: Buffer, layout: PdfLayout): void {
  for (const object of layout.objects) {
    if (!isXmpStream(object) || !object.stream) continue;
    const { start, end } = object.stream;
    const deflated =
      streamEncoding(object) === 'flate' ? deflateToLength(NOTHING, end - start) : null;
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
  stripInformation(out, layout);
  blankXmpStreams(out, layout);
  return out;
}
