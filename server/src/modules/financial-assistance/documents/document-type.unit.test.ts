import { MAX_DOCUMENT_BYTES } from '@webpay/contracts/assistance-application';
import { describe, expect, it } from 'vitest';
import { declaredMatches, sniffDocument } from './document-type.ts';
import {
  COLOUR_SEGMENTS,
  JFIF,
  PHOTO_METADATA,
  PNG_METADATA,
  jpegPicture,
  jpegSegment,
  pngChunk,
  sampleJpeg,
  samplePdf,
  samplePng,
} from '../../../../test/support/sample-documents.ts';

const latin1 = (text: string) => Buffer.from(text, 'latin1');
const JPEG = { contentType: 'image/jpeg' };
const PNG = { contentType: 'image/png' };
const PDF = { contentType: 'application/pdf' };
const DAMAGED = { refused: 'damaged' };
const NOT_A_DOCUMENT = { refused: 'not_a_document' };

/** The start of a Windows program: "MZ", the DOS stub's message, the PE header's offset. */
const WINDOWS_PROGRAM = Buffer.concat([
  latin1('MZ\x90\x00\x03\x00\x00\x00'),
  Buffer.alloc(52),
  latin1('This program cannot be run in DOS mode.\r\r\n$'),
  Buffer.alloc(64),
]);

describe('sniffing a document by its bytes', () => {
  it('accepts a whole JPEG, PNG and PDF, with or without their metadata', () => {
    expect(sniffDocument(sampleJpeg())).toEqual(JPEG);
    expect(
      sniffDocument(sampleJpeg([JFIF, ...Object.values(PHOTO_METADATA), COLOUR_SEGMENTS.icc])),
    ).toEqual(JPEG);
    expect(sniffDocument(samplePng())).toEqual(PNG);
    expect(sniffDocument(samplePng(Object.values(PNG_METADATA)))).toEqual(PNG);
    expect(sniffDocument(samplePdf('1.4'))).toEqual(PDF);
    expect(sniffDocument(samplePdf('2.0'))).toEqual(PDF);
  });

  it("reads a JPEG's scans through stuffed bytes, restarts and a second scan", () => {
    // FF 00 is a data byte, FF D0 a restart: neither ends the scan.
    const scan = Buffer.from([0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56]);
    expect(sniffDocument(sampleJpeg([JFIF], scan))).toEqual(JPEG);
    const second = Buffer.concat([
      scan,
      jpegSegment(0xc4, Buffer.from([0x11, 1, ...new Array<number>(15).fill(0), 0])),
      jpegSegment(0xda, Buffer.from([1, 1, 0x01, 1, 63, 0])),
      Buffer.from([0x7f]),
    ]);
    expect(sniffDocument(sampleJpeg([JFIF], second))).toEqual(JPEG);
  });

  it("allows zero padding after a JPEG's end, and nothing else", () => {
    expect(sniffDocument(Buffer.concat([sampleJpeg(), Buffer.alloc(64)]))).toEqual(JPEG);
    expect(sniffDocument(Buffer.concat([sampleJpeg(), WINDOWS_PROGRAM]))).toEqual(DAMAGED);
    expect(sniffDocument(Buffer.concat([sampleJpeg(), Buffer.from([0, 0, 1])]))).toEqual(DAMAGED);
  });

  it('refuses nothing and too much', () => {
    expect(sniffDocument(Buffer.alloc(0))).toEqual({ refused: 'empty' });
    const jpeg = sampleJpeg();
    const atLimit = Buffer.concat([jpeg, Buffer.alloc(MAX_DOCUMENT_BYTES - jpeg.length)]);
    expect(sniffDocument(atLimit)).toEqual(JPEG);
    const overLimit = Buffer.concat([atLimit, Buffer.alloc(1)]);
    expect(sniffDocument(overLimit)).toEqual({ refused: 'too_large' });
  });

  it('refuses programs, archives, web pages and scripts, whatever they are called', () => {
    for (const bytes of [
      WINDOWS_PROGRAM,
      latin1('\x7fELF\x02\x01\x01\x00'),
      latin1('PK\x03\x04\x14\x00\x00\x00paystub.pdf'),
      latin1('<!DOCTYPE html><html><script>alert(1)</script></html>'),
      Buffer.from('\ufeff\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', 'utf8'),
      latin1('#!/bin/sh\nrm -rf /\n'),
      latin1('Paystub for March: $2,400.00'),
    ]) {
      expect(sniffDocument(bytes)).toEqual(NOT_A_DOCUMENT);
    }
  });

  it('refuses a program or a web page carrying a PDF header and end', () => {
    const pdf = samplePdf();
    expect(sniffDocument(Buffer.concat([WINDOWS_PROGRAM, pdf]))).toEqual(NOT_A_DOCUMENT);
    expect(sniffDocument(Buffer.concat([latin1('<html>'), pdf]))).toEqual(NOT_A_DOCUMENT);
  });

  it('refuses a program that only starts like a JPEG or a PNG', () => {
    expect(
      sniffDocument(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), WINDOWS_PROGRAM])),
    ).toEqual(DAMAGED);
    const signature = samplePng().subarray(0, 8);
    expect(sniffDocument(Buffer.concat([signature, WINDOWS_PROGRAM]))).toEqual(DAMAGED);
  });

  it('refuses a JPEG cut off or out of order', () => {
    const whole = sampleJpeg([JFIF, PHOTO_METADATA.exif]);
    // Cut before EOI, in the scan, in the Exif segment, after SOI.
    for (const length of [whole.length - 2, whole.length - 3, 40, 3]) {
      expect(sniffDocument(whole.subarray(0, length))).toEqual(DAMAGED);
    }
    const noScan = Buffer.concat([whole.subarray(0, 2), JFIF, Buffer.from([0xff, 0xd9])]);
    expect(sniffDocument(noScan)).toEqual(DAMAGED);
    const picture = jpegPicture();
    const scanFirst = Buffer.concat([
      Buffer.from([0xff, 0xd8]),
      picture.subarray(picture.indexOf(Buffer.from([0xff, 0xda]))),
      Buffer.from([0xff, 0xd9]),
    ]);
    expect(sniffDocument(scanFirst)).toEqual(DAMAGED);
    const overlong = Buffer.from(whole);
    overlong.writeUInt16BE(0xfff0, 4); // JFIF's length now runs past the end
    expect(sniffDocument(overlong)).toEqual(DAMAGED);
  });

  it('refuses a PNG with a changed byte, a missing end or anything after it', () => {
    const whole = samplePng([PNG_METADATA.text]);
    const changed = Buffer.from(whole);
    changed[whole.indexOf('Author') + 2] = 0x41; // the tEXt chunk's CRC no longer matches
    expect(sniffDocument(changed)).toEqual(DAMAGED);
    expect(sniffDocument(whole.subarray(0, whole.length - 12))).toEqual(DAMAGED);
    expect(sniffDocument(whole.subarray(0, whole.length - 1))).toEqual(DAMAGED);
    expect(sniffDocument(Buffer.concat([whole, WINDOWS_PROGRAM]))).toEqual(DAMAGED);
  });

  it('refuses a PNG without its header first, without image data, or with an unknown critical chunk', () => {
    const png = samplePng();
    const signature = png.subarray(0, 8);
    const [header, data, end] = [png.subarray(8, 33), png.subarray(33, -12), png.subarray(-12)];
    expect(sniffDocument(Buffer.concat([signature, data, header, end]))).toEqual(DAMAGED);
    expect(sniffDocument(Buffer.concat([signature, header, end]))).toEqual(DAMAGED);
    expect(sniffDocument(Buffer.concat([signature, header, data, header, end]))).toEqual(DAMAGED);
    expect(sniffDocument(samplePng([pngChunk('XXXX', 'payload')]))).toEqual(DAMAGED);
    expect(sniffDocument(samplePng([pngChunk('xXXX', 'ancillary')]))).toEqual(PNG);
  });

  it('finds a PDF header up to 1024 bytes in, and wants its end marker', () => {
    const pdf = samplePdf();
    expect(sniffDocument(Buffer.concat([Buffer.alloc(1023, 0x20), pdf]))).toEqual(PDF);
    expect(sniffDocument(Buffer.concat([Buffer.alloc(1024, 0x20), pdf]))).toEqual(NOT_A_DOCUMENT);
    expect(sniffDocument(pdf.subarray(0, pdf.indexOf('%%EOF')))).toEqual(DAMAGED);
    expect(sniffDocument(Buffer.concat([pdf, Buffer.alloc(2048, 0x20)]))).toEqual(DAMAGED);
    expect(sniffDocument(samplePdf('3.0'))).toEqual(DAMAGED);
  });
});

describe('the declared type', () => {
  it('matches the sniffed type, whatever its case or parameters', () => {
    expect(declaredMatches('image/jpeg', 'image/jpeg')).toBe(true);
    expect(declaredMatches('Image/JPEG; name="IMG_0042.jpg"', 'image/jpeg')).toBe(true);
    expect(declaredMatches('application/pdf', 'application/pdf')).toBe(true);
    expect(declaredMatches('image/jpg', 'image/jpeg')).toBe(true);
  });

  it('refuses another type, a vague one, or none', () => {
    expect(declaredMatches('image/png', 'image/jpeg')).toBe(false);
    expect(declaredMatches('application/pdf', 'image/png')).toBe(false);
    expect(declaredMatches('application/octet-stream', 'application/pdf')).toBe(false);
    expect(declaredMatches('', 'image/jpeg')).toBe(false);
    expect(declaredMatches(undefined, 'image/jpeg')).toBe(false);
  });
});
