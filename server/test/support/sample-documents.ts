import { crc32, deflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { PNG_SIGNATURE } from '../../src/modules/financial-assistance/documents/png-structure.ts';

/*
 * Small, real documents built byte by byte for tests: an 8×8 grey JPEG a
 * decoder shows, a 1×1 PNG, a one-page PDF, each with the metadata a phone
 * or an editor adds when asked. Built here rather than kept as binary
 * files, so what each test feeds the checks is visible in the code.
 */

// ------------------------------------------------------------ TIFF (Exif)

interface TiffEntry {
  tag: number;
  /** 2 ASCII, 3 SHORT, 4 LONG, 5 RATIONAL. */
  type: 2 | 3 | 4 | 5;
  values: readonly number[] | string;
}

const TYPE_BYTES = { 2: 1, 3: 2, 4: 4, 5: 8 } as const;

/** A big-endian TIFF structure with two directories: the image's, and a GPS one it points to. */
function tiff(image: readonly TiffEntry[], gps: readonly TiffEntry[]): Buffer {
  const imageAt = 8;
  const gpsAt = imageAt + 2 + (image.length + 1) * 12 + 4;
  const extraAt = gpsAt + 2 + gps.length * 12 + 4;
  const out = Buffer.alloc(extraAt + 256);
  out.write('MM\0*', 0, 'latin1');
  out.writeUInt32BE(imageAt, 4);
  let extra = extraAt;
  const directory = (at: number, entries: readonly TiffEntry[]) => {
    out.writeUInt16BE(entries.length, at);
    entries.forEach((entry, index) => {
      const place = at + 2 + index * 12;
      const count = entry.type === 5 ? entry.values.length / 2 : entry.values.length;
      const size = count * TYPE_BYTES[entry.type];
      out.writeUInt16BE(entry.tag, place);
      out.writeUInt16BE(entry.type, place + 2);
      out.writeUInt32BE(count, place + 4);
      let value = place + 8;
      if (size > 4) {
        out.writeUInt32BE(extra, place + 8);
        value = extra;
        extra += size;
      }
      if (typeof entry.values === 'string') out.write(entry.values, value, 'latin1');
      else if (entry.type === 3)
        entry.values.forEach((n, i) => out.writeUInt16BE(n, value + 2 * i));
      else entry.values.forEach((n, i) => out.writeUInt32BE(n, value + 4 * i));
    });
    out.writeUInt32BE(0, at + 2 + entries.length * 12);
  };
  directory(imageAt, [...image, { tag: 0x8825, type: 4, values: [gpsAt] }]);
  directory(gpsAt, gps);
  return out.subarray(0, extra);
}

/** Where the photo was taken, as a phone writes it: 40°26'46" N, 79°58'56" W. */
export const SAMPLE_GPS: readonly TiffEntry[] = [
  { tag: 0x0001, type: 2, values: 'N\0' },
  { tag: 0x0002, type: 5, values: [40, 1, 26, 1, 46, 1] },
  { tag: 0x0003, type: 2, values: 'W\0' },
  { tag: 0x0004, type: 5, values: [79, 1, 58, 1, 56, 1] },
];

/** The phone's make: text a test can look for in the output. */
export const SAMPLE_MAKE = 'AcmePhone';

/** An Exif block (TIFF structure) with the phone's make, an orientation and GPS. */
export function sampleExif(orientation = 6): Buffer {
  return tiff(
    [
      { tag: 0x010f, type: 2, values: `${SAMPLE_MAKE}\0` },
      { tag: 0x0112, type: 3, values: [orientation] },
    ],
    SAMPLE_GPS,
  );
}

// ------------------------------------------------------------ JPEG

/** A marker segment: 0xFF, the marker, the length (itself included), the data. */
export function jpegSegment(marker: number, data: Buffer | string): Buffer {
  const body = typeof data === 'string' ? Buffer.from(data, 'latin1') : data;
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

const SOI = Buffer.from([0xff, 0xd8]);
const EOI = Buffer.from([0xff, 0xd9]);

/** JFIF 1.01, square pixels, no thumbnail. */
export const JFIF = jpegSegment(
  0xe0,
  Buffer.from('JFIF\0\x01\x01\x00\x00\x01\x00\x01\x00\x00', 'latin1'),
);

/**
 * The picture itself: quantisation table, an 8×8 one-component baseline
 * frame, one-code Huffman tables, and a scan header; `scan` (the
 * entropy-coded data) follows. The default scan is the one block at
 * mid-grey: DC difference 0 ("0"), end of block ("0"), padded with ones.
 */
export function jpegPicture(scan: Buffer = Buffer.from([0x3f])): Buffer {
  const oneCode = (tableClass: number) =>
    jpegSegment(0xc4, Buffer.from([tableClass, 1, ...new Array<number>(15).fill(0), 0]));
  return Buffer.concat([
    jpegSegment(0xdb, Buffer.from([0, ...new Array<number>(64).fill(1)])),
    jpegSegment(0xc0, Buffer.from([8, 0, 8, 0, 8, 1, 1, 0x11, 0])),
    oneCode(0x00),
    oneCode(0x10),
    jpegSegment(0xda, Buffer.from([1, 1, 0x00, 0, 63, 0])),
    scan,
  ]);
}

/** A JPEG: SOI, the segments given, the picture, EOI. */
export function sampleJpeg(segments: readonly Buffer[] = [JFIF], scan?: Buffer): Buffer {
  return Buffer.concat([SOI, ...segments, jpegPicture(scan), EOI]);
}

/** Text a test can look for: where the photo was taken, in words. */
export const SAMPLE_PLACE = '1200 Main Street';

/** What a phone and an editor put in a photo, each in its own segment. */
export const PHOTO_METADATA = {
  exif: jpegSegment(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), sampleExif()])),
  xmp: jpegSegment(
    0xe1,
    `http://ns.adobe.com/xap/1.0/\0<x:xmpmeta xmlns:x="adobe:ns:meta/">${SAMPLE_PLACE}</x:xmpmeta>`,
  ),
  photoshop: jpegSegment(0xed, `Photoshop 3.0\x008BIM\x04\x04\0\0\0\0\0\x10${SAMPLE_PLACE}`),
  comment: jpegSegment(0xfe, `Taken at ${SAMPLE_PLACE}`),
  thumbnail: jpegSegment(0xe0, 'JFXX\0\x10thumbnail'),
  maker: jpegSegment(0xe5, `${SAMPLE_MAKE} maker notes`),
} as const;

/** The segments a stripped photo keeps besides JFIF: its colour profile and Adobe's colour flag. */
export const COLOUR_SEGMENTS = {
  icc: jpegSegment(0xe2, 'ICC_PROFILE\0\x01\x01sample profile'),
  adobe: jpegSegment(0xee, Buffer.from('Adobe\x00\x64\x00\x00\x00\x00\x01', 'latin1')),
} as const;

// ------------------------------------------------------------ PNG

/** A chunk with its length and CRC. */
export function pngChunk(type: string, data: Buffer | string = Buffer.alloc(0)): Buffer {
  const body = Buffer.concat([
    Buffer.from(type, 'latin1'),
    typeof data === 'string' ? Buffer.from(data, 'latin1') : data,
  ]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length - 4);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** 1×1, 8-bit greyscale. */
const IHDR = pngChunk('IHDR', Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0]));
/** The one row: filter none, one grey pixel. */
const IDAT = pngChunk('IDAT', deflateSync(Buffer.from([0, 0x80])));

/** A PNG: the signature, IHDR, the chunks given, the image data, IEND. */
export function samplePng(chunks: readonly Buffer[] = []): Buffer {
  return Buffer.concat([PNG_SIGNATURE, IHDR, ...chunks, IDAT, pngChunk('IEND')]);
}

/** What editors and phones put in a PNG. */
export const PNG_METADATA = {
  text: pngChunk('tEXt', `Author\0${SAMPLE_MAKE}`),
  compressedText: pngChunk(
    'zTXt',
    Buffer.concat([Buffer.from('Comment\0\0', 'latin1'), deflateSync(SAMPLE_PLACE)]),
  ),
  internationalText: pngChunk('iTXt', `Location\0\0\0\0\0${SAMPLE_PLACE}`),
  exif: pngChunk('eXIf', sampleExif(8)),
  time: pngChunk('tIME', Buffer.from([0x07, 0xea, 1, 15, 9, 30, 0])),
} as const;

/** A chunk a stripped PNG keeps: the physical pixel size. */
export const PNG_PHYS = pngChunk('pHYs', Buffer.from([0, 0, 0x0b, 0x13, 0, 0, 0x0b, 0x13, 1]));

// ------------------------------------------------------------ PDF

/** An object of a PDF: its number and what stands between "N 0 obj" and "endobj". */
export type PdfObjectSpec = readonly [number: number, body: string];

/** One revision: the objects it writes and what its trailer adds to /Size, /Root and /Prev. */
export interface PdfRevisionSpec {
  objects: readonly PdfObjectSpec[];
  trailer?: string;
}

/** A catalog, its page tree and one empty page. */
export const PAGE_OBJECTS: readonly PdfObjectSpec[] = [
  [1, '<< /Type /Catalog /Pages 2 0 R >>'],
  [2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
  [3, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>'],
];

/** Cross-reference subsections: one per run of consecutive object numbers. */
function xrefSection(entries: ReadonlyMap<number, string>): string {
  const numbers = [...entries.keys()].sort((a, b) => a - b);
  let text = '';
  numbers.forEach((number, index) => {
    if (index === 0 || numbers[index - 1] !== number - 1) {
      let count = 1;
      while (entries.has(number + count)) count += 1;
      text += `${number} ${count}\n`;
    }
    text += entries.get(number) ?? '';
  });
  return `xref\n${text}`;
}

/**
 * A PDF of one or more revisions, the later ones appended as incremental
 * updates (each with its own cross-reference section and a /Prev to the
 * one before), with correct offsets throughout.
 */
export function buildPdf(revisions: readonly PdfRevisionSpec[], version = '1.7'): Buffer {
  let text = `%PDF-${version}\n%\xe2\xe3\xcf\xd3\n`;
  let previous: number | undefined;
  let size = 1;
  for (const revision of revisions) {
    const entries = new Map<number, string>();
    if (previous === undefined) entries.set(0, '0000000000 65535 f \n');
    for (const [number, body] of revision.objects) {
      entries.set(number, `${String(text.length).padStart(10, '0')} 00000 n \n`);
      text += `${number} 0 obj\n${body}\nendobj\n`;
      size = Math.max(size, number + 1);
    }
    const xref = text.length;
    const prev = previous === undefined ? '' : ` /Prev ${previous}`;
    const extra = revision.trailer ? ` ${revision.trailer}` : '';
    text += `${xrefSection(entries)}trailer\n<< /Size ${size} /Root 1 0 R${extra}${prev} >>\n`;
    text += `startxref\n${xref}\n%%EOF\n`;
    previous = xref;
  }
  return Buffer.from(text, 'latin1');
}

/** A one-page PDF with a correct cross-reference table. */
export function samplePdf(version = '1.7'): Buffer {
  return buildPdf([{ objects: PAGE_OBJECTS }], version);
}

/** A stream object's body: its dictionary with the right /Length, and its data. */
export function pdfStream(dictionary: string, data: Buffer | string): string {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'latin1') : data;
  return `<< ${dictionary} /Length ${bytes.length} >>\nstream\n${bytes.toString('latin1')}\nendstream`;
}

/** An XMP packet as a writer puts it in a PDF, naming the author's machine. */
export const SAMPLE_XMP = `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:pdf="http://ns.adobe.com/pdf/1.3/" pdf:Producer="${SAMPLE_MAKE} Scan"/></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;

/** Hex for "1200 Main Street": a value written as a hex string. */
const SAMPLE_PLACE_HEX = Buffer.from(SAMPLE_PLACE, 'latin1').toString('hex').toUpperCase();

/**
 * A PDF a payroll system and a scanner app both touched: an information
 * dictionary (literal strings with escapes and nested parentheses, a hex
 * string, dates, a name) and an XMP packet for the document, then an
 * incremental update with a new information dictionary under the same
 * number, an author held in an object of its own, and a compressed XMP
 * packet for the page; then a second update whose information dictionary
 * has a number of its own, so the first two are reachable only from the
 * older trailers.
 */
export function samplePdfWithMetadata(): Buffer {
  const catalog = '<< /Type /Catalog /Pages 2 0 R /Metadata 5 0 R >>';
  return buildPdf([
    {
      objects: [
        [1, catalog],
        ...PAGE_OBJECTS.slice(1),
        [
          4,
          `<< /Author (${SAMPLE_MAKE} \\(payroll\\) (clerk) \\\\) /Title <${SAMPLE_PLACE_HEX}>` +
            ` /Producer (${SAMPLE_MAKE}\\051 Scan\\\n2) /CreationDate (D:20260105093000-05'00')` +
            ` /Trapped /False >>`,
        ],
        [5, pdfStream('/Type /Metadata /Subtype /XML', SAMPLE_XMP)],
      ],
      trailer: '/Info 4 0 R',
    },
    {
      objects: [
        [3, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Metadata 7 0 R >>'],
        [4, `<< /Author 6 0 R /Keywords (${SAMPLE_PLACE}) /ModDate (D:20260106) >>`],
        [6, `(${SAMPLE_MAKE} clerk)`],
        [
          7,
          pdfStream('/Type /Metadata /Subtype /XML /Filter /FlateDecode', deflateSync(SAMPLE_XMP)),
        ],
      ],
      trailer: '/Info 4 0 R',
    },
    {
      objects: [[8, `<< /Producer (${SAMPLE_MAKE} Export) /ModDate (D:20260107) >>`]],
      trailer: '/Info 8 0 R',
    },
  ]);
}

/** What a payroll system's PDF library writes into the information dictionary. */
export const PDF_LIB_METADATA = {
  author: `${SAMPLE_MAKE} clerk`,
  creator: `${SAMPLE_MAKE} Payroll`,
  producer: `${SAMPLE_MAKE} PDF`,
  title: SAMPLE_PLACE,
  subject: `${SAMPLE_MAKE} pay stub`,
} as const;

/**
 * A two-page PDF as pdf-lib writes it by default: every dictionary, the
 * information dictionary among them, in one compressed object stream,
 * found through a compressed cross-reference stream (PDF 1.5).
 */
export async function pdfLibPdfWithMetadata(): Promise<Buffer> {
  const document = await PDFDocument.create();
  const { author, creator, producer, title, subject } = PDF_LIB_METADATA;
  document.setAuthor(author);
  document.setCreator(creator);
  document.setProducer(producer);
  document.setTitle(title);
  document.setSubject(subject);
  document.setKeywords([SAMPLE_PLACE]);
  document.addPage();
  document.addPage();
  return Buffer.from(await document.save());
}
