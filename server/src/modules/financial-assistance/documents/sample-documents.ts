import { crc32, deflateSync } from 'node:zlib';
import { PNG_SIGNATURE } from './png-structure.ts';

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

/** A one-page PDF with a correct cross-reference table. */
export function samplePdf(version = '1.7'): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
  ];
  let text = `%PDF-${version}\n%\xe2\xe3\xcf\xd3\n`;
  const offsets = objects.map((object, index) => {
    const at = text.length;
    text += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return at;
  });
  const xref = text.length;
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  text += offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`).join('');
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, 'latin1');
}
