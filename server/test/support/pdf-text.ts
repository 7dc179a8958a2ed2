import {
  fontDecoders,
  pdfObjects,
  decodedStream,
  type BytesToText,
  type PdfObject,
} from './pdf-objects.ts';

/*
 * The visible text of a PDF written by our statement generator (pdf-lib),
 * for tests: one line per text positioning, in drawing order. It reads
 * content streams (inflating FlateDecode ones) and decodes the strings shown
 * by Tj, TJ, ' and " through the ToUnicode CMap of the font chosen by Tf, or
 * from WinAnsi for a standard font. It is not a general PDF reader: other
 * encodings and inline images are out of scope. Node built-ins only, so
 * browser tests can import it as well.
 */

/** WinAnsiEncoding bytes 0x80–0x9F that differ from Latin-1 (PDF 32000-1, Annex D). */
const WIN_ANSI_HIGH: Record<number, string> = {
  0x80: '€',
  0x82: '‚',
  0x83: 'ƒ',
  0x84: '„',
  0x85: '…',
  0x86: '†',
  0x87: '‡',
  0x88: 'ˆ',
  0x89: '‰',
  0x8a: 'Š',
  0x8b: '‹',
  0x8c: 'Œ',
  0x8e: 'Ž',
  0x91: '‘',
  0x92: '’',
  0x93: '“',
  0x94: '”',
  0x95: '•',
  0x96: '–',
  0x97: '—',
  0x98: '˜',
  0x99: '™',
  0x9a: 'š',
  0x9b: '›',
  0x9c: 'œ',
  0x9e: 'ž',
  0x9f: 'Ÿ',
};

function decodeWinAnsi(bytes: readonly number[]): string {
  return bytes.map((byte) => WIN_ANSI_HIGH[byte] ?? String.fromCharCode(byte)).join('');
}

/** Streams that fonts point to: their glyphs and their CMaps, which hold no page text. */
function fontStreams(objects: Map<number, PdfObject>): Set<number> {
  const numbers = new Set<number>();
  for (const { dictionary } of objects.values()) {
    for (const [, number] of dictionary.matchAll(
      /\/(?:FontFile\d?|ToUnicode)\s+(\d+)\s+\d+\s+R/g,
    )) {
      numbers.add(Number(number));
    }
  }
  return numbers;
}

/** Object streams, cross-reference streams, metadata, images and font files hold no page text. */
function isContentStream(object: PdfObject): boolean {
  return (
    object.data !== undefined &&
    !/\/Type\s*\/(ObjStm|XRef|Metadata|XObject)\b/.test(object.dictionary) &&
    !/\/Subtype\s*\/(Image|Type1C|CIDFontType0C|OpenType)\b/.test(object.dictionary) &&
    !/\/Length[123]\b/.test(object.dictionary)
  );
}

type Operand =
  | { kind: 'string'; bytes: number[] }
  | { kind: 'number'; value: number }
  | { kind: 'array'; items: Operand[] }
  | { kind: 'name'; value: string }
  | { kind: 'other' };
type Token =
  | { kind: 'operand'; operand: Operand }
  | { kind: 'arrayStart' }
  | { kind: 'arrayEnd' }
  | { kind: 'operator'; name: string };

const OTHER: Operand = { kind: 'other' };

const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([...'()<>[]{}/%'].map((char) => char.charCodeAt(0)));

function isRegular(byte: number | undefined): byte is number {
  return byte !== undefined && !WHITESPACE.has(byte) && !DELIMITERS.has(byte);
}

/** A literal string `( … )` from just after its opening parenthesis; returns its bytes and the next index. */
function literalString(data: Buffer, from: number): [number[], number] {
  const bytes: number[] = [];
  let depth = 1;
  let index = from;
  while (index < data.length) {
    const byte = data[index] as number;
    index += 1;
    if (byte === 0x5c) {
      const next = data[index];
      index += 1;
      if (next === undefined) break;
      const simple: Record<number, number> = {
        0x6e: 0x0a,
        0x72: 0x0d,
        0x74: 0x09,
        0x62: 0x08,
        0x66: 0x0c,
        0x28: 0x28,
        0x29: 0x29,
        0x5c: 0x5c,
      };
      if (next in simple) {
        bytes.push(simple[next] as number);
      } else if (next >= 0x30 && next <= 0x37) {
        let octal = next - 0x30;
        for (let digits = 1; digits < 3; digits += 1) {
          const digit = data[index];
          if (digit === undefined || digit < 0x30 || digit > 0x37) break;
          octal = octal * 8 + (digit - 0x30);
          index += 1;
        }
        bytes.push(octal & 0xff);
      } else if (next === 0x0d) {
        // A backslash before an end of line continues the string on the next line.
        if (data[index] === 0x0a) index += 1;
      } else if (next !== 0x0a) {
        bytes.push(next);
      }
      continue;
    }
    if (byte === 0x28) depth += 1;
    if (byte === 0x29) {
      depth -= 1;
      if (depth === 0) break;
    }
    bytes.push(byte);
  }
  return [bytes, index];
}

/** A hex string `< … >` from just after `<`; an odd last digit counts as followed by 0. */
function hexString(data: Buffer, from: number): [number[], number] {
  const end = data.indexOf(0x3e, from);
  const stop = end < 0 ? data.length : end;
  const digits = data
    .subarray(from, stop)
    .toString('latin1')
    .replace(/[^0-9A-Fa-f]/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < digits.length; index += 2) {
    bytes.push(parseInt(digits.slice(index, index + 2).padEnd(2, '0'), 16));
  }
  return [bytes, stop + 1];
}

function* tokens(data: Buffer): Generator<Token> {
  let index = 0;
  while (index < data.length) {
    const byte = data[index] as number;
    if (WHITESPACE.has(byte)) {
      index += 1;
    } else if (byte === 0x25) {
      while (index < data.length && data[index] !== 0x0a && data[index] !== 0x0d) index += 1;
    } else if (byte === 0x28) {
      const [bytes, next] = literalString(data, index + 1);
      index = next;
      yield { kind: 'operand', operand: { kind: 'string', bytes } };
    } else if (byte === 0x3c && data[index + 1] === 0x3c) {
      index += 2;
      yield { kind: 'operand', operand: OTHER };
    } else if (byte === 0x3e && data[index + 1] === 0x3e) {
      index += 2;
    } else if (byte === 0x3c) {
      const [bytes, next] = hexString(data, index + 1);
      index = next;
      yield { kind: 'operand', operand: { kind: 'string', bytes } };
    } else if (byte === 0x5b) {
      index += 1;
      yield { kind: 'arrayStart' };
    } else if (byte === 0x5d) {
      index += 1;
      yield { kind: 'arrayEnd' };
    } else if (byte === 0x2f) {
      const start = index + 1;
      index = start;
      while (isRegular(data[index])) index += 1;
      const value = data.subarray(start, index).toString('latin1');
      yield { kind: 'operand', operand: { kind: 'name', value } };
    } else if (isRegular(byte)) {
      const start = index;
      while (isRegular(data[index])) index += 1;
      const word = data.subarray(start, index).toString('latin1');
      const value = Number(word);
      if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word) && Number.isFinite(value)) {
        yield { kind: 'operand', operand: { kind: 'number', value } };
      } else if (word === 'true' || word === 'false' || word === 'null') {
        yield { kind: 'operand', operand: OTHER };
      } else {
        yield { kind: 'operator', name: word };
      }
    } else {
      // `)`, `>`, `{` or `}` on their own: nothing a text operator uses.
      index += 1;
    }
  }
}

/** Operators that move to a new line or start/end a text object. */
const LINE_BREAKS = new Set(['BT', 'ET', 'Td', 'TD', 'Tm', 'T*', "'", '"']);
/** In a TJ array, a move left of more than a quarter em reads as a space. */
const TJ_SPACE = -250;

function textOfContent(data: Buffer, fonts: Map<string, BytesToText>, lines: string[]): void {
  let line = '';
  let operands: Operand[] = [];
  const arrays: Operand[][] = [];
  let decode: BytesToText = decodeWinAnsi;
  const breakLine = () => {
    if (line.trim()) lines.push(line.trim());
    line = '';
  };
  const show = (operand: Operand | undefined) => {
    if (operand?.kind === 'string') line += decode(operand.bytes);
  };

  for (const token of tokens(data)) {
    if (token.kind === 'arrayStart') {
      arrays.push([]);
    } else if (token.kind === 'arrayEnd') {
      const items = arrays.pop() ?? [];
      (arrays.at(-1) ?? operands).push({ kind: 'array', items });
    } else if (token.kind === 'operand') {
      (arrays.at(-1) ?? operands).push(token.operand);
    } else {
      if (LINE_BREAKS.has(token.name)) breakLine();
      const last = operands.at(-1);
      if (token.name === 'Tf') {
        const font = operands.at(-2);
        decode = (font?.kind === 'name' && fonts.get(font.value)) || decodeWinAnsi;
      }
      if (token.name === 'Tj' || token.name === "'" || token.name === '"') {
        show(last);
      } else if (token.name === 'TJ' && last?.kind === 'array') {
        for (const item of last.items) {
          if (item.kind === 'number' && item.value < TJ_SPACE) line += ' ';
          else show(item);
        }
      }
      operands = [];
      arrays.length = 0;
    }
  }
  breakLine();
}

/**
 * The text a reader sees in `bytes`, one line per positioned piece of text
 * (each drawText of pdf-lib is one line, and so is each drawRuns of ours,
 * whatever fonts it changes between).
 */
export function pdfText(bytes: Uint8Array): string {
  const pdf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const objects = pdfObjects(pdf);
  const fonts = fontDecoders(objects);
  const skipped = fontStreams(objects);
  const lines: string[] = [];
  for (const [number, object] of objects) {
    if (skipped.has(number) || !isContentStream(object)) continue;
    const data = decodedStream(object);
    if (data) textOfContent(data, fonts, lines);
  }
  return lines.join('\n');
}
