import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

/*
 * Every CSV file WebPay writes for someone else (the PIN file for the
 * statement printing vendor, the posting file for the billing system) and
 * every one it reads back (the posting confirmation) goes through here: CSV
 * as RFC 4180 defines it, written by csv-stringify and read by csv-parse.
 *
 * These files are opened in spreadsheets, and a cell that starts like a
 * formula is run as one there: `=HYPERLINK(…)` in a guarantor's name from the
 * billing feed would be a live link in the printing vendor's copy. So, as
 * OWASP's CSV injection advice says, a cell starting with `=`, `+`, `-`, `@`,
 * a tab or a carriage return (or the full-width `＝＋－＠` that Apple
 * Numbers also reads as formulas) gets a leading `'`, which spreadsheets take
 * as "this is text" and do not show. A plain number, such as the amount
 * `-2.50`, is left as it is: it is no formula, and the programs that read the
 * file must see the number.
 */

const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;
const TEXT_MARK = "'";

/**
 * Whether a cell needs the text mark: it starts like a formula, or it starts
 * with the mark followed by something that needs it (so that reading the
 * file back gives every cell exactly as it was written).
 */
function needsTextMark(cell: string): boolean {
  let start = 0;
  while (cell.startsWith(TEXT_MARK, start)) start += TEXT_MARK.length;
  const rest = cell.slice(start);
  return FORMULA_START.test(rest) && !PLAIN_NUMBER.test(rest);
}

/** The cell as written to a file: a spreadsheet shows it as text, never runs it. */
export function spreadsheetSafe(cell: string): string {
  return needsTextMark(cell) ? `${TEXT_MARK}${cell}` : cell;
}

/** The cell as it was before `spreadsheetSafe`, for a file read back. */
export function withoutTextMark(cell: string): string {
  const rest = cell.slice(TEXT_MARK.length);
  return cell.startsWith(TEXT_MARK) && needsTextMark(rest) ? rest : cell;
}

/**
 * The whole file: a header row, then the rows, every cell made
 * spreadsheet-safe; CRLF after every record, fields quoted when they hold a
 * comma, a quote or a line break, quotes doubled inside.
 */
export function csvText(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return stringify(
    [header, ...rows].map((row) => row.map(spreadsheetSafe)),
    {
      record_delimiter: '\r\n',
      // Given a record delimiter, csv-stringify would quote only cells holding
      // that one; a lone LF or CR must be quoted as well, or readers split the row.
      quote_record_delimiter: true,
      eof: true,
    },
  );
}

export interface CsvRecord {
  /** The line of the file the record starts on, counting from 1. */
  line: number;
  fields: string[];
}

export interface FileProblem {
  line: number;
  message: string;
}

const LF = 0x0a;
const CR = 0x0d;

/** The line (from 1) of the first byte at or after `offset` that is not a line break. */
function lineAt(bytes: Buffer, offset: number): number {
  let start = offset;
  while (bytes[start] === CR || bytes[start] === LF) start += 1;
  let line = 1;
  for (let index = 0; index < start; index += 1) if (bytes[index] === LF) line += 1;
  return line;
}

function problemOf(error: CsvError): string {
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'a quoted field is never closed';
    case 'INVALID_OPENING_QUOTE':
    case 'CSV_INVALID_CLOSING_QUOTE':
      return 'a quote is misplaced (quote the whole field)';
    default:
      return error.message;
  }
}

/**
 * Reads CSV leniently where RFC 4180 leaves room (LF alone as line end, a
 * byte-order mark, a missing final line break, blank lines, rows of
 * different lengths) and strictly where a mistake would change a value (an
 * unterminated or stray quote). Broken quoting makes everything after it
 * doubtful, so reading stops there with one problem; the records before it
 * are returned. Every cell comes back without the text mark `csvText` gave it.
 */
export function readCsv(text: string): { records: CsvRecord[]; problems: FileProblem[] } {
  const bytes = Buffer.from(text, 'utf8');
  const records: CsvRecord[] = [];
  let recordStart = 0;
  try {
    parse(bytes, {
      bom: true,
      record_delimiter: ['\r\n', '\n'],
      relax_column_count: true,
      skip_empty_lines: true,
      on_record: (fields: string[], info) => {
        records.push({ line: lineAt(bytes, recordStart), fields: fields.map(withoutTextMark) });
        recordStart = info.bytes;
        return null;
      },
    });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    return { records, problems: [{ line: lineAt(bytes, recordStart), message: problemOf(error) }] };
  }
  return { records, problems: [] };
}
