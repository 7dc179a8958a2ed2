import { inflateSync } from 'node:zlib';

/*
 * The objects of a PDF written by our statement generator, for pdf-text.ts:
 * each object's dictionary and stream, the objects packed in object streams,
 * and how each font named in a page's resources turns the bytes it shows
 * back into text (its ToUnicode CMap). Node built-ins only, so browser tests
 * can import it as well.
 */

export interface PdfObject {
  dictionary: string;
  /** The raw stream data, for a stream object. */
  data?: Buffer;
}

/** Every top-level object by number, in file order, with its stream when it has one. */
function topLevelObjects(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  const header = /(\d+)\s+\d+\s+obj\b/g;
  const body = /\bstream(\r\n|\n|\r)|\bendobj\b/g;
  let match: RegExpExecArray | null;
  while ((match = header.exec(text))) {
    const number = Number(match[1]);
    body.lastIndex = header.lastIndex;
    const end = body.exec(text);
    if (!end) break;
    const dictionary = text.slice(header.lastIndex, end.index);
    if (end[0] === 'endobj') {
      objects.set(number, { dictionary });
      continue;
    }
    const start = end.index + end[0].length;
    const direct = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dictionary);
    let stop = direct ? start + Number(direct[1]) : text.indexOf('endstream', start);
    if (stop < start || stop > text.length) continue;
    if (!direct) {
      // Without a usable /Length the data ends at the EOL before `endstream`.
      while (stop > start && (text[stop - 1] === '\n' || text[stop - 1] === '\r')) stop -= 1;
    }
    objects.set(number, { dictionary, data: pdf.subarray(start, stop) });
    header.lastIndex = stop;
  }
  return objects;
}

/** A stream's data with its filter undone; undefined for a filter other than FlateDecode. */
export function decodedStream(object: PdfObject): Buffer | undefined {
  if (!object.data) return undefined;
  const filters = /\/Filter\s*(\[[^\]]*\]|\/\w+)/.exec(object.dictionary)?.[1] ?? '';
  const names = filters.match(/\/\w+/g) ?? [];
  if (names.length === 0) return object.data;
  if (names.length === 1 && names[0] === '/FlateDecode') {
    try {
      return inflateSync(object.data);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The objects packed in an object stream: `/N` pairs of number and offset, then the objects. */
function packedObjects(stream: PdfObject, into: Map<number, PdfObject>): void {
  const count = Number(/\/N\s+(\d+)/.exec(stream.dictionary)?.[1] ?? 0);
  const first = Number(/\/First\s+(\d+)/.exec(stream.dictionary)?.[1] ?? 0);
  const text = decodedStream(stream)?.toString('latin1');
  if (!text) return;
  const pairs = text.slice(0, first).trim().split(/\s+/).map(Number);
  for (let index = 0; index < count; index += 1) {
    const number = pairs[2 * index] ?? 0;
    const start = first + (pairs[2 * index + 1] ?? 0);
    const end = index + 1 < count ? first + (pairs[2 * index + 3] ?? 0) : text.length;
    if (!into.has(number)) into.set(number, { dictionary: text.slice(start, end) });
  }
}

export function pdfObjects(pdf: Buffer): Map<number, PdfObject> {
  const objects = topLevelObjects(pdf);
  for (const object of [...objects.values()]) {
    if (/\/Type\s*\/ObjStm\b/.test(object.dictionary)) packedObjects(object, objects);
  }
  return objects;
}

/** Shown bytes → text. */
export type BytesToText = (bytes: readonly number[]) => string;

const hexBytes = (hex: string) => Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex');

/**
 * A CMap's destination: UTF-16BE, which may be several code units (a ligature,
 * an astral letter) or none (a mark the font adds to a letter, as Noto Sans
 * Bold does for the dot of ị).
 */
const utf16 = (hex: string) => hexBytes(hex).swap16().toString('utf16le');

/** A ToUnicode CMap's `bfchar` and `bfrange` entries as a decoder of `width`-byte codes. */
function toUnicodeDecoder(cmap: string): BytesToText {
  const width = hexBytes(/begincodespacerange\s*<([0-9A-Fa-f]+)>/.exec(cmap)?.[1] ?? '00').length;
  const map = new Map<number, string>();
  for (const [, block = ''] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code = '', text = ''] of block.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]*)>/g)) {
      map.set(parseInt(code, 16), utf16(text));
    }
  }
  for (const [, block = ''] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    const ranges = block.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g);
    for (const [, low = '', high = '', start = ''] of ranges) {
      const first = utf16(start).codePointAt(0) ?? 0;
      for (let code = parseInt(low, 16); code <= parseInt(high, 16); code += 1) {
        map.set(code, String.fromCodePoint(first + code - parseInt(low, 16)));
      }
    }
  }
  return (bytes) => {
    let text = '';
    for (let index = 0; index + width <= bytes.length; index += width) {
      const code = bytes.slice(index, index + width).reduce((value, byte) => value * 256 + byte, 0);
      text += map.get(code) ?? '\uFFFD';
    }
    return text;
  };
}

/**
 * The fonts that page resources name (`/Font << /Name 12 0 R >>`) and that
 * carry a ToUnicode CMap, by resource name. pdf-lib gives every font a name
 * of its own, so one map serves all pages. Standard fonts have no CMap.
 */
export function fontDecoders(objects: Map<number, PdfObject>): Map<string, BytesToText> {
  const decoders = new Map<string, BytesToText>();
  const cmapOf = (reference: string | undefined) => {
    const font = objects.get(Number(reference));
    const cmapNumber = /\/ToUnicode\s+(\d+)\s+\d+\s+R/.exec(font?.dictionary ?? '')?.[1];
    const cmap = objects.get(Number(cmapNumber));
    return cmap ? decodedStream(cmap)?.toString('latin1') : undefined;
  };
  for (const object of objects.values()) {
    for (const [, entries = ''] of object.dictionary.matchAll(/\/Font\s*<<([^<>]*)>>/g)) {
      for (const [, name = '', reference] of entries.matchAll(
        /\/([^\s/<>[\]()]+)\s+(\d+)\s+\d+\s+R/g,
      )) {
        const cmap = cmapOf(reference);
        if (cmap) decoders.set(name, toUnicodeDecoder(cmap));
      }
    }
  }
  return decoders;
}
