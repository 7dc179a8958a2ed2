/*
 * A JPEG's marker structure (ITU-T T.81, annex B), read without decoding
 * the picture: SOI, then segments each led by 0xFF and a marker code (most
 * with a length), a frame header before the first scan, the entropy-coded
 * data after each SOS, and EOI. It guards against a file that only starts
 * like a JPEG (a renamed executable behind FF D8 FF, a photo cut off in
 * upload) and gives the metadata stripper exact segment boundaries, so it
 * never has to guess where a segment ends.
 */

export const JPEG_MARKERS = {
  SOI: 0xd8,
  EOI: 0xd9,
  SOS: 0xda,
  COM: 0xfe,
  APP0: 0xe0,
  APP1: 0xe1,
  APP2: 0xe2,
  APP14: 0xee,
} as const;

/** One segment, fill bytes included; an SOS runs on through its entropy-coded data. */
export interface JpegSegment {
  /** The byte after 0xFF: 0xe1 for APP1, 0xda for SOS. */
  marker: number;
  /** Where its first 0xFF stands. */
  start: number;
  /** Where the next segment starts. */
  end: number;
  /** The segment's own data, after the length (for an SOS, its header only). */
  dataStart: number;
  dataEnd: number;
}

export interface JpegStructure {
  /** From SOI to EOI, each beginning where the one before ends. */
  segments: JpegSegment[];
  /** Where the bytes after EOI begin. */
  end: number;
}

/**
 * Far more than any camera or scanner writes (a progressive photo has a few
 * dozen); a file of millions of empty segments is refused rather than listed.
 */
const MAX_SEGMENTS = 10_000;

const isRestart = (marker: number) => marker >= 0xd0 && marker <= 0xd7;

/** SOF0–SOF15, less DHT (C4), JPG (C8) and DAC (CC), which share the range. */
const isFrameHeader = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** A frame header names at least one component, three bytes each, and a width. */
function frameHeaderIsSound(bytes: Buffer, dataStart: number, dataEnd: number): boolean {
  const length = dataEnd - dataStart;
  if (length < 6) return false;
  const width = bytes.readUInt16BE(dataStart + 3);
  const components = bytes[dataStart + 5] ?? 0;
  return width > 0 && components > 0 && length === 6 + 3 * components;
}

/** A scan header names one to four components, two bytes each, and three closing bytes. */
function scanHeaderIsSound(bytes: Buffer, dataStart: number, dataEnd: number): boolean {
  const components = bytes[dataStart] ?? 0;
  return components >= 1 && components <= 4 && dataEnd - dataStart === 4 + 2 * components;
}

/**
 * Where the entropy-coded data from `from` ends: at the 0xFF (fill bytes
 * included) of the next marker that is neither a stuffed zero nor a
 * restart; -1 when the file ends first.
 */
function entropyEnd(bytes: Buffer, from: number): number {
  let at = bytes.indexOf(0xff, from);
  while (at !== -1) {
    let code = at + 1;
    while (bytes[code] === 0xff) code += 1;
    const marker = bytes[code];
    if (marker === undefined) return -1;
    if (marker !== 0x00 && !isRestart(marker)) return at;
    at = bytes.indexOf(0xff, code + 1);
  }
  return -1;
}

interface Walk {
  segments: JpegSegment[];
  frame: boolean;
  scan: boolean;
}

/**
 * The segment at `start`, or null when it is not one a JPEG may hold there:
 * a missing 0xFF, a marker that stands alone (RST, SOI, TEM) or is reserved,
 * a length running past the end, a scan before the frame header.
 */
function readSegment(bytes: Buffer, start: number, walk: Walk): JpegSegment | null {
  if (bytes[start] !== 0xff) return null;
  let at = start;
  while (bytes[at] === 0xff) at += 1;
  const marker = bytes[at];
  if (marker === undefined) return null;
  at += 1;
  if (marker === JPEG_MARKERS.EOI) {
    return walk.scan ? { marker, start, end: at, dataStart: at, dataEnd: at } : null;
  }
  if (marker < 0xc0 || marker === JPEG_MARKERS.SOI || isRestart(marker)) return null;
  if (at + 2 > bytes.length) return null;
  const dataStart = at + 2;
  const dataEnd = at + bytes.readUInt16BE(at);
  if (dataEnd < dataStart || dataEnd > bytes.length) return null;
  if (isFrameHeader(marker)) {
    // One frame per file: a second is a hierarchical JPEG, which no browser shows.
    if (walk.frame || !frameHeaderIsSound(bytes, dataStart, dataEnd)) return null;
    walk.frame = true;
  }
  if (marker !== JPEG_MARKERS.SOS) return { marker, start, end: dataEnd, dataStart, dataEnd };
  if (!walk.frame || !scanHeaderIsSound(bytes, dataStart, dataEnd)) return null;
  const end = entropyEnd(bytes, dataEnd);
  if (end === -1) return null;
  walk.scan = true;
  return { marker, start, end, dataStart, dataEnd };
}

/** The file's segments from SOI to EOI, or null when it is not a whole, well-formed JPEG. */
export function readJpegStructure(bytes: Buffer): JpegStructure | null {
  if (bytes[0] !== 0xff || bytes[1] !== JPEG_MARKERS.SOI || bytes[2] !== 0xff) return null;
  const walk: Walk = {
    segments: [{ marker: JPEG_MARKERS.SOI, start: 0, end: 2, dataStart: 2, dataEnd: 2 }],
    frame: false,
    scan: false,
  };
  let at = 2;
  while (walk.segments.length < MAX_SEGMENTS) {
    const segment = readSegment(bytes, at, walk);
    if (!segment) return null;
    walk.segments.push(segment);
    at = segment.end;
    if (segment.marker === JPEG_MARKERS.EOI) return { segments: walk.segments, end: at };
  }
  return null;
}
