import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { API_PATHS } from '@webpay/contracts/api';
import { addDays } from '@webpay/contracts/dates';
import { FACILITY, EXTERNAL_FACILITY_CODES } from '@webpay/contracts/facilities';
import { guarantors } from '@webpay/server/testkit/feed-loading';
import { hashPin } from '@webpay/server/testkit/feed-loading';
import { BillingFeedService } from '@webpay/server/testkit/feed-loading';
import {
  feedAmount,
  feedHeader,
  feedText,
  type FeedLine,
} from '@webpay/server/testkit/feed-loading';
import {
  createTestDatabase,
  type TestDatabase,
  type TestDatabaseKind,
} from '@webpay/server/testkit/database';
import { startTestServer } from '@webpay/server/testkit/test-server';
import { percentile } from './percentile.ts';

/*
 * How the pending-bills call grows with the account: one guarantor shaped
 * like Robert Johnson (150 main encounters, 25 plans, 40 at other
 * facilities), and the same ten and a hundred times over, loaded through
 * the billing feed. Anything worse than linear in the item count is a
 * finding (issue: indexes, pagination, virtualised rows).
 */

export interface ScaleRow {
  database: TestDatabaseKind;
  scale: number;
  encounters: number;
  plans: number;
  responseKb: number;
  medianMs: number;
  p95Ms: number;
  /** Median time per thousand items (encounters + plans): flat when growth is linear. */
  msPerThousandItems: number;
}

export const SCALE_PIN = '24681357';
const AS_OF = '2026-11-22';
const BASE = { main: 150, plans: 25, planEncounters: 4, external: 40 };

function scaleGuarantor(account: string, scale: number): FeedLine[] {
  const records: FeedLine[] = [
    {
      record: 'guarantor',
      accountNumber: account,
      mmi: `M${account}`,
      firstName: 'Scale',
      lastName: `Times${scale}`,
      birthdate: '1960-01-01',
      roles: ['historical-data'],
    },
  ];
  let serial = 0;
  const encounter = (facility: string, cents: number) => ({
    facility,
    accountNumber: `${account}${String((serial += 1)).padStart(6, '0')}`,
    patientName: `Scale Times${scale}`,
    admitDate: addDays(AS_OF, -(serial % 700)),
    balance: feedAmount(cents),
  });
  for (let index = 0; index < BASE.main * scale; index += 1) {
    records.push({
      record: 'encounter',
      guarantor: account,
      ...encounter(FACILITY.hospitalsAndClinics, 1_000 + (index % 50_000)),
    });
  }
  for (let index = 0; index < BASE.external * scale; index += 1) {
    const facility = EXTERNAL_FACILITY_CODES[index % EXTERNAL_FACILITY_CODES.length] ?? '153';
    records.push({ record: 'encounter', guarantor: account, ...encounter(facility, 2_500) });
  }
  for (let index = 0; index < BASE.plans * scale; index += 1) {
    const planEncounters = Array.from({ length: BASE.planEncounters }, () =>
      encounter(FACILITY.hospitalsAndClinics, 10_000),
    );
    const payments = 12;
    records.push({
      record: 'plan',
      guarantor: account,
      planNumber: `PS-${account}-${index + 1}`,
      version: 1,
      type: index % 2 === 0 ? 'Mail-in' : 'Auto',
      status: 'Active',
      nextDueDate: addDays(AS_OF, 10),
      dueAmount: '100.00',
      overdueAmount: '0.00',
      regularPaymentAmount: '100.00',
      currentBalance: feedAmount(10_000 * BASE.planEncounters),
      numberOfPayments: payments,
      instalments: Array.from({ length: payments }, (_, n) => ({
        number: n + 1,
        dueDate: addDays(AS_OF, (n - 3) * 30 + 10),
        amount: '100.00',
        completedAt: n < 3 ? addDays(AS_OF, (n - 3) * 30 + 7) : null,
      })),
      encounters: planEncounters,
    });
  }
  return records;
}

export interface ScaleAccounts {
  database: TestDatabase;
  /** Account number of the guarantor at each scale; all sign in with SCALE_PIN. */
  accounts: Map<number, string>;
}

/** A fresh database holding one guarantor per scale, loaded through the billing feed. */
export async function loadScaleGuarantors(
  kind: TestDatabaseKind,
  scales: readonly number[],
): Promise<ScaleAccounts> {
  const database = await createTestDatabase(kind, { seed: false });
  const accounts = new Map(scales.map((scale) => [scale, `9${String(scale).padStart(4, '0')}00`]));
  const feed = [
    feedHeader('SCALE', new Date(`${AS_OF}T06:00:00Z`)),
    ...scales.flatMap((scale) => scaleGuarantor(accounts.get(scale) ?? '', scale)),
  ];
  const report = await new BillingFeedService(database.db).importFeed(
    feedText(feed),
    { fileName: 'scale.jsonl', dryRun: false, allowOlder: false },
    { requestId: 'bench-scale', correlationId: 'bench-scale', ipAddress: '' },
  );
  if (report.problems.length > 0) {
    throw new Error(`the scale feed was refused: ${report.problems[0]?.message ?? '?'}`);
  }
  const pinHash = await hashPin(SCALE_PIN);
  for (const account of accounts.values()) {
    await database.db
      .update(guarantors)
      .set({ pinHash })
      .where(eq(guarantors.accountNumber, account));
  }
  return { database, accounts };
}

export async function benchEncountersScale(
  kind: TestDatabaseKind,
  scales: readonly number[] = [1, 10, 100],
  requests = 20,
): Promise<ScaleRow[]> {
  const { database, accounts } = await loadScaleGuarantors(kind, scales);
  const server = await startTestServer(kind, { database });
  const rows: ScaleRow[] = [];
  try {
    for (const scale of scales) {
      const token = await server.login(accounts.get(scale) ?? '', SCALE_PIN);
      const call = async () => {
        const started = performance.now();
        const response = await server.api(API_PATHS.encounters, { token });
        const body = await response.arrayBuffer();
        if (!response.ok) throw new Error(`GET /encounters answered ${response.status}`);
        return { ms: performance.now() - started, bytes: body.byteLength };
      };
      for (let warm = 0; warm < 3; warm += 1) await call();
      const samples: { ms: number; bytes: number }[] = [];
      for (let run = 0; run < requests; run += 1) samples.push(await call());
      const times = samples.map((sample) => sample.ms).sort((a, b) => a - b);
      const encounters = (BASE.main + BASE.external + BASE.plans * BASE.planEncounters) * scale;
      const plans = BASE.plans * scale;
      const medianMs = percentile(times, 0.5);
      rows.push({
        database: kind,
        scale,
        encounters,
        plans,
        responseKb: Math.round((samples[0]?.bytes ?? 0) / 1024),
        medianMs,
        p95Ms: percentile(times, 0.95),
        msPerThousandItems: (medianMs / (encounters + plans)) * 1000,
      });
    }
  } finally {
    await server.close();
    await database.close();
  }
  return rows;
}

export function printScaleTable(rows: readonly ScaleRow[]): void {
  console.table(
    rows.map((row) => {
      const base = rows.find((other) => other.database === row.database && other.scale === 1);
      return {
        database: row.database,
        'size (× Robert)': row.scale,
        encounters: row.encounters,
        plans: row.plans,
        'response KB': row.responseKb,
        'median ms': row.medianMs.toFixed(1),
        'p95 ms': row.p95Ms.toFixed(1),
        'ms per 1k items': row.msPerThousandItems.toFixed(2),
        'time vs 1×': base ? (row.medianMs / base.medianMs).toFixed(1) : '',
      };
    }),
  );
}
