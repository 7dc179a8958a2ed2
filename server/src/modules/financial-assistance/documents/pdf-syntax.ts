/*
 * Just enough of PDF's syntax (ISO 32000-2, sections 7.2 to 7.5) to find a
 * file's objects, their dictionaries, streams and trailers by their bytes,
 * with the offset of every value: the metadata stripper overwrites values
 * in place and needs exact spans. Nothing here decodes a stream or follows
 * the cross-reference table, so a file whose table is wrong (common in
 * what scanners write) is read as well as one whose table is right, and
 * every way of being malformed ends in "not a value" rather than a throw.
 */

const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([...'()<>[]{}/%'].map((char) => char.charCodeAt(0)));
const OPEN_PAREN = 0x28;
const CLOSE_PAREN = 0x29;
const LESS = 0x3c;
const GREATER = 0x3e;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const SLASH = 0x2f;
const PERCENT = 0x25;
const BACKSLASH = 0x5c;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/** Deeper than any writer nests; a file of a million "[" is refused rather than recursed into. */
const MAX_DEPTH = 64;

type TokenKind =
  | 'dictionaryStart'
  | 'dictionaryEnd'
  | 'arrayStart'
  | 'arrayEnd'
  | 'string'
  | 'hexString'
  | 'name'
  | 'word';

interface Token {
  kind: TokenKind;
  start: number;
  end: number;
}

export interface PdfValue {
  kind: 'dictionary' | 'array' | 'string' | 'hexString' | 'name' | 'reference' | 'word';
  start: number;
  end: number;
  /** A dictionary's entries by their decoded key ("Type", not "/Type"). */
  entries?: ReadonlyMap<string, PdfValue>;
  /** An array's items. */
  items?: readonly PdfValue[];
  /** An indirect reference's object, as "12 0"; a name's decoded text; a word's text. */
  text?: string;
}

const isRegular = (byte: number | undefined) =>
  byte !== undefined && !WHITESPACE.has(byte) && !DELIMITERS.has(byte);

/** Past whitespace and comments. */
function skipSpace(bytes: Buffer, from: number): number {
  let at = from;
  while (at < bytes.length) {
    if (WHITESPACE.has(bytes[at] ?? -1)) at += 1;
    else if (bytes[at] === PERCENT) {
      while (at < bytes.length && bytes[at] !== LINE_FEED && bytes[at] !== CARRIAGE_RETURN) at += 1;
    } else break;
  }
  return at;
}

/** Just past a literal string's closing parenthesis, minding escapes and nesting; -1 if unclosed. */
function literalStringEnd(bytes: Buffer, start: number): number {
  let depth = 0;
  for (let at = start; at < bytes.length; at += 1) {
    const byte = bytes[at];
    if (byte === BACKSLASH) at += 1;
    else if (byte === OPEN_PAREN) depth += 1;
    else if (byte === CLOSE_PAREN && --depth === 0) return at + 1;
  }
  return -1;
}

function nextToken(bytes: Buffer, from: number): Token | null {
  const start = skipSpace(bytes, from);
  if (start >= bytes.length) return null;
  const byte = bytes[start];
  const pair = (kind: TokenKind): Token => ({ kind, start, end: start + 2 });
  const single = (kind: TokenKind): Token => ({ kind, start, end: start + 1 });
  if (byte === LESS && bytes[start + 1] === LESS) return pair('dictionaryStart');
  if (byte === GREATER && bytes[start + 1] === GREATER) return pair('dictionaryEnd');
  if (byte === OPEN_BRACKET) return single('arrayStart');
  if (byte === CLOSE_BRACKET) return single('arrayEnd');
  if (byte === OPEN_PAREN) {
    const end = literalStringEnd(bytes, start);
    return end === -1 ? null : { kind: 'string', start, end };
  }
  if (byte === LESS) {
    const close = bytes.indexOf(GREATER, start);
    return close === -1 ? null : { kind: 'hexString', start, end: close + 1 };
  }
  let end = start + 1;
  while (isRegular(bytes[end])) end += 1;
  // A stray ")", ">", "{" or "}" is taken as a one-byte word, so reading moves on.
  return { kind: byte === SLASH ? 'name' : 'word', start, end };
}

/** A name's text with its #xx escapes decoded. */
function nameText(bytes: Buffer, token: Token): string {
  return bytes
    .toString('latin1', token.start + 1, token.end)
    .replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

const UNSIGNED = /^\d{1,10}$/;

/** "12 0 R" starting at an already-read "12": its end, or -1 when the words are not a reference. */
function referenceEnd(bytes: Buffer, first: Token): number {
  const generation = nextToken(bytes, first.end);
  if (generation?.kind !== 'word' || !UNSIGNED.test(wordText(bytes, generation))) return -1;
  const keyword = nextToken(bytes, generation.end);
  return keyword?.kind === 'word' && wordText(bytes, keyword) === 'R' ? keyword.end : -1;
}

const wordText = (bytes: Buffer, token: Token) => bytes.toString('latin1', token.start, token.end);

/** With `partial`, a dictionary that breaks off is taken as far as its entries read, ending there. */
function readDictionary(
  bytes: Buffer,
  open: Token,
  depth: number,
  partial = false,
): PdfValue | null {
  const entries = new Map<string, PdfValue>();
  let at = open.end;
  const broken = () =>
    partial ? { kind: 'dictionary' as const, start: open.start, end: at, entries } : null;
  for (;;) {
    const key = nextToken(bytes, at);
    if (key?.kind === 'dictionaryEnd')
      return { kind: 'dictionary', start: open.start, end: key.end, entries };
    if (key?.kind !== 'name') return broken();
    const value = readValueAt(bytes, key.end, depth + 1);
    if (!value) return broken();
    entries.set(nameText(bytes, key), value);
    at = value.end;
  }
}

function readArray(bytes: Buffer, open: Token, depth: number): PdfValue | null {
  const items: PdfValue[] = [];
  let at = open.end;
  for (;;) {
    const next = nextToken(bytes, at);
    if (next?.kind === 'arrayEnd')
      return { kind: 'array', start: open.start, end: next.end, items };
    const item = readValueAt(bytes, at, depth + 1);
    if (!item) return null;
    items.push(item);
    at = item.end;
  }
}

function readValueAt(bytes: Buffer, from: number, depth: number): PdfValue | null {
  if (depth > MAX_DEPTH) return null;
  const token = nextToken(bytes, from);
  if (!token) return null;
  switch (token.kind) {
    case 'dictionaryStart':
      return readDictionary(bytes, token, depth);
    case 'arrayStart':
      return readArray(bytes, token, depth);
    case 'dictionaryEnd':
    case 'arrayEnd':
      return null;
    case 'name':
      return { kind: 'name', start: token.start, end: token.end, text: nameText(bytes, token) };
    case 'string':
    case 'hexString':
      return { kind: token.kind, start: token.start, end: token.end };
    case 'word':
      return readWord(bytes, token);
  }
}

/** A number, a keyword, or the first number of an indirect reference. */
function readWord(bytes: Buffer, token: Token): PdfValue {
  const text = wordText(bytes, token);
  const end = UNSIGNED.test(text) ? referenceEnd(bytes, token) : -1;
  if (end === -1) return { kind: 'word', start: token.start, end: token.end, text };
  const generation = bytes.toString('latin1', token.end, end).trim().split(/\s+/)[0];
  return {
    kind: 'reference',
    start: token.start,
    end,
    text: `${Number(text)} ${Number(generation)}`,
  };
}

/** The value starting at `from` (after whitespace and comments), or null when there is none. */
export function readValue(bytes: Buffer, from: number): PdfValue | null {
  return readValueAt(bytes, from, 0);
}

/**
 * The dictionary starting at `from` with the entries that read before it
 * breaks off (damaged data, cut short), or null when no dictionary starts
 * there: what a forgiving reader would still show of it.
 */
export function readDictionaryPrefix(bytes: Buffer, from: number): PdfValue | null {
  const open = nextToken(bytes, from);
  return open?.kind === 'dictionaryStart' ? readDictionary(bytes, open, 0, true) : null;
}

/** Where a stream's data lies: from after "stream" and its line end to before "endstream". */
export interface StreamSpan {
  start: number;
  end: number;
  /** Just past "endstream". */
  after: number;
}

const ENDSTREAM = Buffer.from('endstream', 'latin1');

/** Just past "endstream" when it follows `at` after nothing but whitespace; -1 otherwise. */
function endstreamAfter(bytes: Buffer, at: number): number {
  let keyword = at;
  while (WHITESPACE.has(bytes[keyword] ?? -1)) keyword += 1;
  const found = bytes.subarray(keyword, keyword + ENDSTREAM.length).equals(ENDSTREAM);
  return found ? keyword + ENDSTREAM.length : -1;
}

/**
 * The data of the stream whose keyword ends at `keywordEnd`: /Length bytes
 * when a direct /Length ends just before "endstream", as it should;
 * otherwise (a /Length held in another object, or wrong) up to the next
 * "endstream" less the line end before it.
 */
export function streamSpan(
  bytes: Buffer,
  keywordEnd: number,
  dictionary: PdfValue,
): StreamSpan | null {
  let start = keywordEnd;
  if (bytes[start] === CARRIAGE_RETURN) start += 1;
  if (bytes[start] === LINE_FEED) start += 1;
  const length = dictionary.entries?.get('Length');
  if (length?.kind === 'word' && UNSIGNED.test(length.text ?? '')) {
    const end = start + Number(length.text);
    const after = end <= bytes.length ? endstreamAfter(bytes, end) : -1;
    if (after !== -1) return { start, end, after };
  }
  const keyword = bytes.indexOf(ENDSTREAM, start);
  if (keyword === -1) return null;
  let end = keyword;
  if (end > start && bytes[end - 1] === LINE_FEED) end -= 1;
  if (end > start && bytes[end - 1] === CARRIAGE_RETURN) end -= 1;
  return { start, end, after: keyword + ENDSTREAM.length };
}

export interface PdfObject {
  /** "12 0": the object's number and generation. */
  id: string;
  value: PdfValue;
  stream: StreamSpan | null;
}

export interface PdfLayout {
  /** Every object in the file, every revision's, in the order they stand. */
  objects: readonly PdfObject[];
  /** Every trailer dictionary, every revision's. */
  trailers: readonly PdfValue[];
}

/** "12 0 obj" or "trailer", each standing alone rather than inside a longer word. */
const OBJECT_OR_TRAILER =
  /(?<![0-9A-Za-z])(?:(\d{1,10})[\0\t\n\f\r ]+(\d{1,5})[\0\t\n\f\r ]+obj|trailer)(?![^\0\t\n\f\r ()<>[\]{}/%])/g;

/**
 * How many objects may fail to read before reading stops. A value that
 * does not read (a string never closed, a stream with no "endstream")
 * is searched for to the end of the file; a file of a million such
 * would take hours, while a real file has none or a few.
 */
const MAX_UNREADABLE = 64;

/** The stream after an object's dictionary: none, its span, or null when it has no end. */
function objectStream(bytes: Buffer, value: PdfValue): StreamSpan | null | 'none' {
  const keyword = nextToken(bytes, value.end);
  if (value.kind !== 'dictionary' || keyword?.kind !== 'word') return 'none';
  if (wordText(bytes, keyword) !== 'stream') return 'none';
  return streamSpan(bytes, keyword.end, value);
}

/**
 * Every object and trailer found by scanning the file from its start. A
 * stream's data is stepped over once its end is known, so bytes inside it
 * that happen to read "5 0 obj" are not taken for an object.
 */
export function readPdfLayout(bytes: Buffer): PdfLayout {
  const text = bytes.toString('latin1');
  const objects: PdfObject[] = [];
  const trailers: PdfValue[] = [];
  const pattern = new RegExp(OBJECT_OR_TRAILER.source, 'g');
  let unreadable = 0;
  for (
    let match = pattern.exec(text);
    match && unreadable <= MAX_UNREADABLE;
    match = pattern.exec(text)
  ) {
    const value = readValue(bytes, pattern.lastIndex);
    if (!value) {
      unreadable += 1;
      continue;
    }
    pattern.lastIndex = value.end;
    if (match[1] === undefined) {
      if (value.kind === 'dictionary') trailers.push(value);
      continue;
    }
    const stream = objectStream(bytes, value);
    if (stream === null) unreadable += 1;
    else if (stream !== 'none') pattern.lastIndex = stream.after;
    const id = `${Number(match[1])} ${Number(match[2])}`;
    objects.push({ id, value, stream: stream === 'none' ? null : stream });
  }
  return { objects, trailers };
}
