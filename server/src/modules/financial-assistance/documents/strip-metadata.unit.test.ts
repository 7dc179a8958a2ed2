import { inflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { sniffDocument } from './document-type.ts';
import { exifOrientation } from './exif-orientation.ts';
import {
  COLOUR_SEGMENTS,
  JFIF,
  PHOTO_METADATA,
  PNG_METADATA,
  PNG_PHYS,
  SAMPLE_MAKE,
  PAGE_OBJECTS,
  SAMPLE_PLACE,
  buildPdf,
  jpegSegment,
  pdfStream,
  sampleExif,
  sampleJpeg,
  samplePdf,
  samplePdfWithMetadata,
  samplePng,
} from '../../../../test/support/sample-documents.ts';
import { stripMetadata } from './strip-metadata.ts';

/** Bytes a test looks for: the words, and the GPS latitude's first rational (40/1) as stored. */
const TRACES = [
  SAMPLE_PLACE,
  SAMPLE_MAKE,
  'Exif',
  'http://ns.adobe.com/xap',
  'Photoshop',
  'JFXX',
  Buffer.from([0, 0, 0, 40, 0, 0, 0, 1, 0, 0, 0, 26]),
];

function expectNoTrace(bytes: Buffer) {
  for (const trace of TRACES) expect(bytes.includes(trace)).toBe(false);
}

describe('stripping a JPEG', () => {
  const phonePhoto = sampleJpeg([
    JFIF,
    PHOTO_METADATA.thumbnail,
    PHOTO_METADATA.exif,
    PHOTO_METADATA.xmp,
    COLOUR_SEGMENTS.icc,
    PHOTO_METADATA.photoshop,
    PHOTO_METADATA.maker,
    COLOUR_SEGMENTS.adobe,
    PHOTO_METADATA.comment,
  ]);

  it('drops Exif with its GPS, XMP, IPTC, maker notes, the thumbnail and comments', () => {
    expect(phonePhoto.includes(SAMPLE_PLACE)).toBe(true);
    const { bytes } = stripMetadata(phonePhoto, 'image/jpeg');
    expectNoTrace(bytes);
  });

  it('keeps JFIF, the colour profile, the Adobe segment and the picture byte for byte', () => {
    const { bytes } = stripMetadata(phonePhoto, 'image/jpeg');
    expect(bytes).toEqual(sampleJpeg([JFIF, COLOUR_SEGMENTS.icc, COLOUR_SEGMENTS.adobe]));
    expect(sniffDocument(bytes)).toEqual({ contentType: 'image/jpeg' });
  });

  it('keeps scan data that only looks like metadata, and the zero padding after the end', () => {
    // A comment marker inside the scan, stuffed: it is picture data, not a segment.
    const scan = Buffer.concat([Buffer.from([0x11, 0xff, 0x00, 0xfe]), Buffer.from(SAMPLE_PLACE)]);
    const padding = Buffer.alloc(16);
    const photo = Buffer.concat([sampleJpeg([JFIF, PHOTO_METADATA.comment], scan), padding]);
    const { bytes } = stripMetadata(photo, 'image/jpeg');
    expect(bytes).toEqual(Buffer.concat([sampleJpeg([JFIF], scan), padding]));
    expect(sniffDocument(bytes)).toEqual({ contentType: 'image/jpeg' });
  });

  it('returns a photo without metadata unchanged', () => {
    const plain = sampleJpeg([JFIF, COLOUR_SEGMENTS.icc]);
    expect(stripMetadata(plain, 'image/jpeg')).toEqual({ bytes: plain, orientation: null });
  });

  it("reports the photo's Exif orientation, which the stripped file no longer carries", () => {
    expect(stripMetadata(phonePhoto, 'image/jpeg').orientation).toBe(6);
    const upsideDown = jpegSegment(0xe1, Buffer.concat([Buffer.from('Exif\0\0'), sampleExif(3)]));
    expect(stripMetadata(sampleJpeg([upsideDown]), 'image/jpeg').orientation).toBe(3);
  });

  it('still strips a photo whose Exif cannot be read, and reports no orientation', () => {
    const broken = jpegSegment(
      0xe1,
      Buffer.concat([Buffer.from('Exif\0\0'), sampleExif().subarray(0, 30)]),
    );
    const { bytes, orientation } = stripMetadata(sampleJpeg([JFIF, broken]), 'image/jpeg');
    expect(orientation).toBeNull();
    expect(bytes).toEqual(sampleJpeg([JFIF]));
  });

  it('throws on bytes that are not a whole JPEG', () => {
    expect(() => stripMetadata(samplePng(), 'image/jpeg')).toThrow();
    expect(() => stripMetadata(phonePhoto.subarray(0, 100), 'image/jpeg')).toThrow();
  });
});

describe('stripping a PNG', () => {
  const edited = samplePng([...Object.values(PNG_METADATA), PNG_PHYS]);

  it('drops text, Exif and the time, and keeps every other chunk byte for byte', () => {
    expect(edited.includes(SAMPLE_MAKE)).toBe(true);
    const { bytes } = stripMetadata(edited, 'image/png');
    expectNoTrace(bytes);
    for (const type of ['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']) {
      expect(bytes.includes(type)).toBe(false);
    }
    expect(bytes).toEqual(samplePng([PNG_PHYS]));
    expect(sniffDocument(bytes)).toEqual({ contentType: 'image/png' });
  });

  it("reports the eXIf chunk's orientation", () => {
    expect(stripMetadata(edited, 'image/png').orientation).toBe(8);
    expect(stripMetadata(samplePng(), 'image/png').orientation).toBeNull();
  });
});

/** Every cross-reference entry in use, as written in the file: the object's id and its offset. */
function xrefEntries(pdf: Buffer): { id: string; offset: number }[] {
  const entries: { id: string; offset: number }[] = [];
  const sections = pdf
    .toString('latin1')
    .matchAll(/xref\n((?:\d+ \d+\n(?:\d{10} \d{5} [nf] \n)+)+)/g);
  for (const [, section] of sections) {
    let number = 0;
    for (const line of (section ?? '').trim().split('\n')) {
      const [first, second, use] = line.trim().split(' ');
      if (use === undefined) number = Number(first);
      else {
        if (use === 'n') entries.push({ id: `${number} ${Number(second)}`, offset: Number(first) });
        number += 1;
      }
    }
  }
  return entries;
}

/** The PDF is whole: same length, header, end marker, and every offset still at its object. */
function expectSameLayout(stripped: Buffer, original: Buffer) {
  expect(stripped.length).toBe(original.length);
  expect(stripped.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(stripped.subarray(-6).toString('latin1')).toBe('%%EOF\n');
  const entries = xrefEntries(stripped);
  expect(entries).toEqual(xrefEntries(original));
  for (const { id, offset } of entries) {
    expect(stripped.toString('latin1', offset, offset + id.length + 4)).toBe(`${id} obj`);
  }
  for (const [, at] of stripped.toString('latin1').matchAll(/startxref\n(\d+)/g)) {
    expect(stripped.toString('latin1', Number(at), Number(at) + 4)).toBe('xref');
  }
}

const latin1 = (text: string) => Buffer.from(text, 'latin1');
/** The data of the stream of object `id` ("7 0"). */
function streamData(pdf: Buffer, id: string): Buffer {
  const object = pdf.indexOf(`\n${id} obj`);
  const start = pdf.indexOf('stream\n', object) + 'stream\n'.length;
  return pdf.subarray(start, pdf.indexOf('\nendstream', start));
}

describe('stripping a PDF', () => {
  const scanned = samplePdfWithMetadata();

  it("blanks every revision's information dictionary and every XMP packet", () => {
    for (const trace of [SAMPLE_MAKE, SAMPLE_PLACE, 'xpacket', 'D:2026']) {
      expect(scanned.includes(trace)).toBe(true);
    }
    const { bytes, orientation } = stripMetadata(scanned, 'application/pdf');
    expect(orientation).toBeNull();
    for (const trace of [SAMPLE_MAKE, SAMPLE_PLACE, 'xpacket', 'D:2026', 'clerk']) {
      expect(bytes.includes(trace)).toBe(false);
    }
    expect(bytes.includes('/Title <>  ')).toBe(true);
    expect(bytes.includes('/Author ()  ')).toBe(true);
    // A name says nothing of the author; the keys stay, so the dictionaries stay well formed.
    expect(bytes.includes('/CreationDate ()  ')).toBe(true);
    expect(bytes.includes('/Trapped /False >>')).toBe(true);
    expect(bytes.includes('6 0 obj\n()  ')).toBe(true);
  });

  it('keeps the file whole: its length, header, end and every cross-reference offset', () => {
    const { bytes } = stripMetadata(scanned, 'application/pdf');
    expectSameLayout(bytes, scanned);
    expect(sniffDocument(bytes)).toEqual({ contentType: 'application/pdf' });
  });

  it('still opens in a PDF reader, with its page and an empty information dictionary', async () => {
    const before = await PDFDocument.load(scanned, { updateMetadata: false });
    expect(before.getProducer()).toBe(`${SAMPLE_MAKE} Export`);
    const { bytes } = stripMetadata(scanned, 'application/pdf');
    const after = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(after.getPageCount()).toBe(1);
    expect(after.getProducer()).toBe('');
  });

  it('changes nothing but the values: pages, keys and stream lengths stay byte for byte', () => {
    const { bytes } = stripMetadata(scanned, 'application/pdf');
    const changed = [...bytes.keys()].filter((at) => bytes[at] !== scanned[at]);
    const page = scanned.indexOf('3 0 obj');
    expect(changed.every((at) => at > page)).toBe(true);
    expect(bytes.includes('/Type /Metadata /Subtype /XML /Length 281 >>')).toBe(true);
    const xmp = streamData(bytes, '5 0');
    expect(xmp.length).toBe(281);
    expect(xmp.every((byte) => byte === 0x20)).toBe(true);
  });

  it('leaves a compressed XMP packet one a reader can inflate, to spaces', () => {
    const original = streamData(scanned, '7 0');
    const blanked = streamData(stripMetadata(scanned, 'application/pdf').bytes, '7 0');
    expect(inflateSync(original).includes(SAMPLE_MAKE)).toBe(true);
    expect(blanked.length).toBe(original.length);
    const inflated = inflateSync(blanked);
    expect(inflated.length).toBeGreaterThan(0);
    expect(inflated.every((byte) => byte === 0x20)).toBe(true);
  });

  it('returns a PDF without metadata unchanged', () => {
    const plain = samplePdf();
    expect(stripMetadata(plain, 'application/pdf')).toEqual({ bytes: plain, orientation: null });
  });

  it("finds /Info in a cross-reference stream's dictionary, and a dictionary in the trailer", () => {
    const pdf = buildPdf([
      {
        objects: [
          ...PAGE_OBJECTS,
          [4, `<< /Author (${SAMPLE_MAKE}) >>`],
          [5, pdfStream('/Type /XRef /Size 6 /W [1 2 1] /Info 4 0 R', Buffer.alloc(24))],
        ],
        trailer: `/Info << /Producer (${SAMPLE_MAKE} direct) >>`,
      },
    ]);
    const { bytes } = stripMetadata(pdf, 'application/pdf');
    expect(bytes.includes(SAMPLE_MAKE)).toBe(false);
    expectSameLayout(bytes, pdf);
  });

  it('does not take bytes inside a stream for an object', () => {
    const lookalike = `4 0 obj << /Author (${SAMPLE_MAKE}) >> endobj`;
    const pdf = buildPdf([
      {
        objects: [
          ...PAGE_OBJECTS,
          [4, `<< /Author (${SAMPLE_PLACE}) >>`],
          [5, pdfStream('', `BT (${lookalike}) Tj ET`)],
        ],
        trailer: '/Info 4 0 R',
      },
    ]);
    const { bytes } = stripMetadata(pdf, 'application/pdf');
    expect(bytes.includes(SAMPLE_PLACE)).toBe(false);
    expect(bytes.includes(lookalike)).toBe(true);
  });

  it('never throws on a malformed PDF, and keeps its length', () => {
    const odd = [
      latin1(`%PDF-1.7\n1 0 obj\n${'['.repeat(100_000)}\n%%EOF\n`),
      latin1(`%PDF-1.7\n4 0 obj << /Author (${SAMPLE_MAKE} >>\ntrailer << /Info 4 0 R >>\n%%EOF`),
      latin1('%PDF-1.7\n4 0 obj << /Author <41 >>\ntrailer << /Info 4 0 R /Root >>\n%%EOF'),
      latin1('%PDF-1.7\ntrailer << /Info 9 0 R >> 9 0 obj [(a)] endobj\n%%EOF'),
      latin1('%PDF-1.7\n5 0 obj << /Subtype /XML /Length 99 >> stream\nxx\n%%EOF'),
      latin1('%PDF-1.7\n5 0 obj << /Subtype /XML /Length 2 >> stream\r\nxx\r\nendstream\n%%EOF'),
    ];
    // Cut anywhere, then given an end marker, as a file cut off in upload and "repaired" might be.
    for (let cut = 9; cut < scanned.length; cut += 7) {
      odd.push(Buffer.concat([scanned.subarray(0, cut), latin1('\n%%EOF\n')]));
    }
    // Single bytes changed throughout, the same ones every run.
    for (let at = 9; at < scanned.length; at += 11) {
      const changed = Buffer.from(scanned);
      changed[at] = Buffer.from('()<>[\\/%', 'latin1')[at % 8] ?? 0;
      odd.push(changed);
    }
    for (const pdf of odd) {
      expect(sniffDocument(pdf)).toEqual({ contentType: 'application/pdf' });
      const { bytes } = stripMetadata(pdf, 'application/pdf');
      expect(bytes.length).toBe(pdf.length);
    }
  });

  it('reads a file of endless unreadable objects in bounded time', () => {
    for (const unclosed of ['(', '<', '<< /Length 1 >> stream\n']) {
      const hostile = latin1(`%PDF-1.7\n${`1 0 obj ${unclosed}`.repeat(200_000)}\n%%EOF\n`);
      const started = performance.now();
      expect(stripMetadata(hostile, 'application/pdf').bytes.length).toBe(hostile.length);
      expect(performance.now() - started).toBeLessThan(2_000);
    }
  });

  it('blanks the data of a stream whose /Length is wrong up to its endstream', () => {
    const pdf = latin1(
      `%PDF-1.7\n5 0 obj << /Type /Metadata /Subtype /XML /Length 3 >> stream\r\n${SAMPLE_MAKE}\r\nendstream endobj\n%%EOF`,
    );
    const { bytes } = stripMetadata(pdf, 'application/pdf');
    expect(bytes.toString('latin1')).toBe(
      `%PDF-1.7\n5 0 obj << /Type /Metadata /Subtype /XML /Length 3 >> stream\r\n${' '.repeat(SAMPLE_MAKE.length)}\r\nendstream endobj\n%%EOF`,
    );
  });
});

describe('the Exif orientation', () => {
  it('is read in either byte order, with or without the Exif header', () => {
    const bigEndian = sampleExif(5);
    expect(exifOrientation(bigEndian)).toBe(5);
    expect(exifOrientation(Buffer.concat([Buffer.from('Exif\0\0'), bigEndian]))).toBe(5);
    // The same directory written little-endian: one entry, Orientation = 7.
    const littleEndian = Buffer.from([
      0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00, 0x01, 0x00, 0x12, 0x01, 0x03, 0x00, 0x01,
      0x00, 0x00, 0x00, 0x07, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    ]);
    expect(exifOrientation(littleEndian)).toBe(7);
  });

  it('is not known when the value is out of range or the block is malformed', () => {
    expect(exifOrientation(sampleExif(9))).toBeNull();
    expect(exifOrientation(sampleExif(0))).toBeNull();
    expect(exifOrientation(Buffer.from('MM\0*\xff\xff\xff\xff', 'latin1'))).toBeNull();
    expect(exifOrientation(Buffer.from('XX\0*\0\0\0\x08', 'latin1'))).toBeNull();
    expect(exifOrientation(Buffer.alloc(0))).toBeNull();
  });
});
