import type { z } from 'zod';
import {
  feedRecordSchema,
  type EncounterRecord,
  type FeedHeader,
  type FeedRecord,
  type GuarantorRecord,
  type PendingPaymentRecord,
  type PlanRecord,
  type StatementRecord,
} from './feed-records.ts';

/*
 * Reading a billing feed: each line parsed as JSON and checked against its
 * record's schema, then the records checked against each other. Every
 * problem names the line it is on, and all of them are collected before the
 * import decides, so one run shows the billing office everything to fix.
 */

export interface FeedProblem {
  /** Line of the file, from 1. */
  line: number;
  message: string;
}

export interface Located<T> {
  line: number;
  record: T;
}

export interface ParsedFeed {
  header: Located<FeedHeader> | undefined;
  guarantors: Located<GuarantorRecord>[];
  encounters: Located<EncounterRecord>[];
  plans: Located<PlanRecord>[];
  statements: Located<StatementRecord>[];
  pendingPayments: Located<PendingPaymentRecord>[];
  /** Lines holding a record, blank lines aside. */
  records: number;
  /**
   * Keys named by records that failed their schema. Their problem is already
   * reported; records that refer to them get no second one.
   */
  unreadable: { guarantors: Set<string>; encounters: Set<string>; plans: Set<string> };
}

export interface FeedProgress {
  (stage: string, done: number, total: number): void;
}

/** What a record is, for messages: `encounter 107-40010001`. */
export function describeRecord(record: Partial<Record<string, unknown>>): string {
  const key = (value: unknown) => (typeof value === 'string' && value ? value : '?');
  switch (record.record) {
    case 'feed':
      return 'feed header';
    case 'guarantor':
      return `guarantor ${key(record.accountNumber)}`;
    case 'encounter':
      return `encounter ${key(record.facility)}-${key(record.accountNumber)}`;
    case 'plan':
      return `plan ${key(record.planNumber)}`;
    case 'statement':
      return `statement ${key(record.guarantor)} ${key(record.statementDate)}`;
    case 'pending_payment':
      return `pending payment ${key(record.receiptId)}`;
    default:
      return 'record';
  }
}

function valueAt(json: unknown, path: readonly PropertyKey[]): unknown {
  let value = json;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function issueMessage(issue: z.core.$ZodIssue, json: unknown): string {
  const path = issue.path.map((part) =>
    typeof part === 'number' ? `[${part}]` : `.${String(part)}`,
  );
  const where = path.join('').replace(/^\./, '');
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((key) => `"${key}"`).join(', ');
    return `${where ? `${where}: ` : ''}unknown field${issue.keys.length === 1 ? '' : 's'} ${keys}`;
  }
  if (where && valueAt(json, issue.path) === undefined) return `${where}: is missing`;
  return where ? `${where}: ${issue.message}` : issue.message;
}

const PROGRESS_EVERY = 10_000;

/** Parses every line; problems hold everything unreadable or not matching its schema. */
export function parseFeed(
  text: string,
  onProgress?: FeedProgress,
): { feed: ParsedFeed; problems: FeedProblem[] } {
  const feed: ParsedFeed = {
    header: undefined,
    guarantors: [],
    encounters: [],
    plans: [],
    statements: [],
    pendingPayments: [],
    records: 0,
    unreadable: { guarantors: new Set(), encounters: new Set(), plans: new Set() },
  };
  const problems: FeedProblem[] = [];
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const lines = source.split('\n');

  lines.forEach((raw, index) => {
    const line = index + 1;
    if (line % PROGRESS_EVERY === 0) onProgress?.('reading', line, lines.length);
    const content = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (content.trim() === '') return;
    feed.records += 1;
    let json: unknown;
    try {
      json = JSON.parse(content);
    } catch {
      problems.push({ line, message: 'not a JSON object (each line must hold one record)' });
      return;
    }
    if (typeof json !== 'object' || json === null || Array.isArray(json)) {
      problems.push({ line, message: 'not a JSON object (each line must hold one record)' });
      return;
    }
    const parsed = feedRecordSchema.safeParse(json);
    if (!parsed.success) {
      const raw = json as Record<string, unknown>;
      noteUnreadable(feed.unreadable, raw);
      const label = describeRecord(raw);
      for (const issue of parsed.error.issues) {
        problems.push({ line, message: `${label}: ${issueMessage(issue, json)}` });
      }
      return;
    }
    addRecord(feed, parsed.data, line, problems);
  });
  onProgress?.('reading', lines.length, lines.length);

  if (!feed.header && feed.records > 0) {
    problems.push({
      line: 1,
      message: 'the first record must be the feed header ("record": "feed")',
    });
  }
  if (feed.records === 0) problems.push({ line: 1, message: 'the feed is empty' });
  return { feed, problems };
}

function noteUnreadable(unreadable: ParsedFeed['unreadable'], raw: Record<string, unknown>): void {
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const encounterOf = (value: unknown) => {
    if (typeof value !== 'object' || value === null) return;
    const { facility, accountNumber } = value as Record<string, unknown>;
    if (text(facility) && text(accountNumber)) {
      unreadable.encounters.add(`${text(facility)}-${text(accountNumber)}`);
    }
  };
  if (raw.record === 'guarantor' && text(raw.accountNumber)) {
    unreadable.guarantors.add(text(raw.accountNumber) ?? '');
  }
  if (raw.record === 'encounter') encounterOf(raw);
  if (raw.record === 'plan') {
    if (text(raw.planNumber)) unreadable.plans.add(text(raw.planNumber) ?? '');
    if (Array.isArray(raw.encounters)) raw.encounters.forEach(encounterOf);
  }
}

function addRecord(
  feed: ParsedFeed,
  record: FeedRecord,
  line: number,
  problems: FeedProblem[],
): void {
  switch (record.record) {
    case 'feed':
      if (feed.header) {
        problems.push({
          line,
          message: `a second feed header (the first is on line ${feed.header.line})`,
        });
      } else if (feed.records !== 1) {
        problems.push({ line, message: 'the feed header must be the first record' });
      } else {
        feed.header = { line, record };
      }
      return;
    case 'guarantor':
      feed.guarantors.push({ line, record });
      return;
    case 'encounter':
      feed.encounters.push({ line, record });
      return;
    case 'plan':
      feed.plans.push({ line, record });
      return;
    case 'statement':
      feed.statements.push({ line, record });
      return;
    case 'pending_payment':
      feed.pendingPayments.push({ line, record });
      return;
  }
}
