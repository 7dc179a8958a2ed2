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
  SAMPLE_PLACE,
  jpegSegment,
  sampleExif,
  sampleJpeg,
  samplePdf,
  samplePng,
} from './sample-documents.ts';
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

describe('a PDF', () => {
  it('is left as it was sent', () => {
    const pdf = samplePdf();
    expect(stripMetadata(pdf, 'application/pdf')).toEqual({ bytes: pdf, orientation: null });
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
