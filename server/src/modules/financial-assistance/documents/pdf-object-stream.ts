import { constants, inflateSync } from 'node:zlib';
import { readDictionaryPrefix, readValue, type PdfObject, type PdfValue } from './pdf-syntax.ts';

/*
 * The objects inside object streams (/Type /ObjStm, ISO 32000-2 section
 * 7.5.7): since PDF 1.5 a writer may pack dictionaries, strings and
 * numbers into one compressed stream, and most do, pdf-lib by default.
 * The stream's data starts with N pairs of "object-number offset", then
 * the objects themselves, each at /First plus its offset.
 *
 * A patient's file is read within a budget (below), and a stream whose
 * data is damaged part-way is read as far as zlib gets, as a forgiving
 * reader would show it. Objects are read only when asked for by id: the
 * stripper wants a few, and offsets are the sender's to choose.
 */

/**
 * Bytes inflated and read in all of one file's object streams together:
 * far above what a real file holds, and low enough that a hostile one
 * (a stream that inflates to gigabytes, thousands of tiny streams, offsets
 * that send reading over the same bytes again and again) ends soon.
 */
export const OBJECT_STREAM_BUDGET_BYTES = 32 * 1024 * 1024;
/** What an inflation is charged at least, so that thousands of tiny streams spend the budget too. */
const MIN_INFLATE_COST = 4096;

/** The budget of one file, spent as its object streams are read. */
export interface ObjectStreamBudget {
  remaining: number;
}

export interface ObjectStreamContents {
  /** The object stream itself, in the file. */
  object: PdfObject;
  /** Its decoded data; for an uncompressed stream, the file's own bytes. */
  data: Buffer;
  compressed: boolean;
  /** Where in `data` each object starts, by id ("12 0": always generation 0 here). */
  offsets: ReadonlyMap<string, number>;
}

/** How a stream's data is encoded: not at all, by /FlateDecode alone with no parameters, or otherwise. */
export function streamEncoding(object: PdfObject): 'plain' | 'flate' | 'other' {
  const entries = object.value.entries;
  const filter = entries?.get('Filter');
  if (filter === undefined) return 'plain';
  const only = filter.kind === 'array' && filter.items?.length === 1 ? filter.items[0] : filter;
  return only?.text === 'FlateDecode' && !entries?.has('DecodeParms') ? 'flate' : 'other';
}

const UNSIGNED = /^\d{1,10}$/;

function unsignedEntry(object: PdfObject, key: string): number | null {
  const value = object.value.entries?.get(key);
  return value?.kind === 'word' && UNSIGNED.test(value.text ?? '') ? Number(value.text) : null;
}

type Inflated = Buffer | 'damaged' | 'too large';

function inflateWithin(data: Buffer, budget: number): Inflated {
  try {
    // A sync flush gives what a stream cut short holds so far, rather than an error.
    return inflateSync(data, { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength: budget });
  } catch (error) {
    return error instanceof RangeError ? 'too large' : 'damaged';
  }
}

/**
 * The data a stream inflates to, or as much as inflates before the first
 * damaged byte: zlib reads in order, so the longest prefix of the data
 * that inflates without error is found by halving. Every attempt is
 * charged to the budget.
 */
function inflateReadable(data: Buffer, budget: ObjectStreamBudget): Buffer | null {
  if (budget.remaining <= 0) return null;
  let inflated = inflateWithin(data, budget.remaining);
  let attempts = 1;
  if (inflated === 'damaged') {
    let good = 0;
    let bad = data.length;
    while (bad - good > 1) {
      const middle = Math.floor((good + bad) / 2);
      const attempt = inflateWithin(data.subarray(0, middle), budget.remaining);
      attempts += 1;
      if (typeof attempt === 'string') bad = middle;
      else [good, inflated] = [middle, attempt];
    }
  }
  const size = typeof inflated === 'string' ? 0 : inflated.length;
  budget.remaining -= attempts * Math.max(size, MIN_INFLATE_COST);
  if (inflated === 'too large') budget.remaining = 0;
  return typeof inflated === 'string' ? null : inflated;
}

/** The header's offsets, made absolute; the first wins when an object is listed twice. */
function objectOffsets(data: Buffer, count: number, first: number): Map<string, number> {
  const header = data.toString('latin1', 0, Math.min(first, data.length)).trim().split(/\s+/);
  const offsets = new Map<string, number>();
  for (let pair = 0; pair < count && 2 * pair + 1 < header.length; pair += 1) {
    const [number = '', offset = ''] = header.slice(2 * pair, 2 * pair + 2);
    if (!UNSIGNED.test(number) || !UNSIGNED.test(offset)) break;
    const id = `${Number(number)} 0`;
    if (!offsets.has(id)) offsets.set(id, first + Number(offset));
  }
  return offsets;
}

/**
 * The contents of `object` when it is an object stream that can be read;
 * null otherwise (another kind of object, another filter, data that does
 * not inflate, or the budget spent). `file` is the buffer the object's
 * offsets refer to: an uncompressed stream's data is a view of it.
 */
export function readObjectStream(
  file: Buffer,
  object: PdfObject,
  budget: ObjectStreamBudget,
): ObjectStreamContents | null {
  const count = unsignedEntry(object, 'N');
  const first = unsignedEntry(object, 'First');
  const encoding = streamEncoding(object);
  if (!object.stream || object.value.entries?.get('Type')?.text !== 'ObjStm') return null;
  if (count === null || first === null || encoding === 'other') return null;
  const raw = file.subarray(object.stream.start, object.stream.end);
  const data = encoding === 'plain' ? raw : inflateReadable(raw, budget);
  if (!data) return null;
  return {
    object,
    data,
    compressed: encoding === 'flate',
    offsets: objectOffsets(data, count, first),
  };
}

/**
 * Object `id` of the stream, read where its header puts it; null when it
 * is not there, does not read, or the budget is spent. Damaged data may
 * break a dictionary off: what reads of it is still there to blank.
 */
export function containedObject(
  contents: ObjectStreamContents,
  id: string,
  budget: ObjectStreamBudget,
): PdfValue | null {
  const { data, offsets } = contents;
  const at = offsets.get(id);
  if (at === undefined || budget.remaining <= 0) return null;
  const whole = readValue(data, at);
  // What does not read may have been searched to the end of the data, twice.
  budget.remaining -= whole ? whole.end - at : 2 * (data.length - at);
  return whole ?? readDictionaryPrefix(data, at);
}
