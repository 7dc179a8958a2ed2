import { accountNumberSchema } from '@webpay/contracts/auth';
import { addDays, isoDateSchema, isoDateTimeSchema } from '@webpay/contracts/dates';
import {
  AuditTrail,
  type AuditTrailEntry,
  type AuditTrailFilter,
} from '../../modules/audit/audit-trail.ts';
import { withMigratedDatabase } from '../operator-run.ts';
import type { Command } from '../command.ts';

const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 100_000;

/**
 * A day (UTC) or an instant, as the start or the (exclusive) end of a range.
 * Both ends include what they name: the end of a day is the midnight after
 * it, and the end of an instant the millisecond after it, since times are
 * shown to the millisecond and stored more finely.
 */
function instantOf(value: string, end: boolean): Date | undefined {
  if (isoDateSchema.safeParse(value).success) {
    return new Date(`${end ? addDays(value, 1) : value}T00:00:00.000Z`);
  }
  if (!isoDateTimeSchema.safeParse(value).success) return undefined;
  const instant = new Date(value);
  return end ? new Date(instant.getTime() + 1) : instant;
}

/** Who acted; a guarantor acting on their own account is named in the guarantor column. */
function actorOf(entry: AuditTrailEntry): string {
  if (!entry.actorId || entry.actorId === entry.guarantorId) return entry.actorType;
  return `${entry.actorType} ${entry.actorId}`;
}

const HEADINGS = ['TIME', 'ACTION', 'OUTCOME', 'ACTOR', 'GUARANTOR', 'TARGET', 'REQUEST ID'];

/** The events as a table whose columns are as wide as their widest value. */
export function auditTable(entries: readonly AuditTrailEntry[]): string[] {
  const rows = entries.map((entry) => [
    entry.occurredAt.toISOString(),
    entry.action,
    entry.outcome,
    actorOf(entry),
    entry.guarantorAccount ?? '-',
    entry.targetType ? `${entry.targetType} ${entry.targetId ?? ''}`.trimEnd() : '-',
    entry.requestId ?? '-',
  ]);
  const widths = HEADINGS.map((heading, column) =>
    Math.max(heading.length, ...rows.map((row) => row[column]?.length ?? 0)),
  );
  return [HEADINGS, ...rows].map((row) =>
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd(),
  );
}

export function auditJson(entry: AuditTrailEntry): string {
  return JSON.stringify({
    id: entry.id,
    time: entry.occurredAt.toISOString(),
    action: entry.action,
    outcome: entry.outcome,
    actorType: entry.actorType,
    actorId: entry.actorId,
    guarantorAccount: entry.guarantorAccount,
    targetType: entry.targetType,
    targetId: entry.targetId,
    requestId: entry.requestId,
    correlationId: entry.correlationId,
    ipAddress: entry.ipAddress,
    details: entry.details,
  });
}

export const auditCommand: Command = {
  name: 'audit',
  summary: 'Show the audit trail: who did what and when, newest first',
  description: [
    'Lists audit events newest first, as a table or, with --json, one JSON object per line (with the details of each event). The filters combine.',
    'Days are UTC. --since and --until include the day or the time they name; a time is ISO 8601 with its offset, e.g. 2026-11-22T10:00:00Z, as the table shows them.',
  ],
  options: {
    guarantor: {
      type: 'string',
      valueName: 'ACCOUNT_NUMBER',
      description: "only events concerning this guarantor's account",
    },
    'request-id': {
      type: 'string',
      valueName: 'ID',
      description: 'only events of this request (the requestId of an error or a log line)',
    },
    since: { type: 'string', valueName: 'DATE', description: 'from this day or time on' },
    until: { type: 'string', valueName: 'DATE', description: 'up to this day or time' },
    action: {
      type: 'string',
      valueName: 'PREFIX',
      description: 'only actions starting with this, e.g. payment or auth.login',
    },
    limit: {
      type: 'string',
      valueName: 'N',
      description: `at most this many events (default ${DEFAULT_LIMIT})`,
    },
    json: { type: 'boolean', description: 'one JSON object per line instead of a table' },
  },
  async run(values, command) {
    const { io } = command;
    const filter: AuditTrailFilter = { limit: DEFAULT_LIMIT };
    const fail = (message: string) => {
      io.err(`audit: ${message}`);
      return 1;
    };
    let accountNumber: string | undefined;
    if (values.guarantor !== undefined) {
      const parsed = accountNumberSchema.safeParse(values.guarantor);
      if (!parsed.success) {
        return fail(`--guarantor: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
      }
      accountNumber = parsed.data;
    }
    if (values['request-id'] !== undefined) filter.requestId = String(values['request-id']);
    for (const bound of ['since', 'until'] as const) {
      if (values[bound] === undefined) continue;
      const instant = instantOf(String(values[bound]), bound === 'until');
      if (!instant) return fail(`--${bound}: must be YYYY-MM-DD or an ISO 8601 time with offset`);
      filter[bound] = instant;
    }
    if (values.action !== undefined) filter.actionPrefix = String(values.action);
    if (values.limit !== undefined) {
      const text = String(values.limit);
      if (!/^\d{1,6}$/.test(text) || Number(text) < 1 || Number(text) > MAX_LIMIT) {
        return fail(`--limit: must be a whole number from 1 to ${MAX_LIMIT}`);
      }
      filter.limit = Number(text);
    }

    return withMigratedDatabase(command, async (database) => {
      const trail = new AuditTrail(database.db);
      if (accountNumber !== undefined) {
        const guarantorId = await trail.guarantorIdByAccount(accountNumber);
        if (!guarantorId) return fail(`there is no guarantor with account number ${accountNumber}`);
        filter.guarantorId = guarantorId;
      }
      const entries = await trail.events(filter);
      if (values.json === true) {
        for (const entry of entries) io.out(auditJson(entry));
      } else if (entries.length === 0) {
        io.out('No audit events match.');
      } else {
        for (const line of auditTable(entries)) io.out(line);
      }
      if (entries.length === filter.limit) {
        io.err(`Showing the newest ${filter.limit}; --limit shows more.`);
      }
      return 0;
    });
  },
};
