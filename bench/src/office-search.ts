import { performance } from 'node:perf_hooks';
import { createTestDatabase, type TestDatabaseKind } from '@webpay/server/testkit/database';
import {
  AuditRepository,
  GuarantorSearchRepository,
  GuarantorSearchService,
  encounters,
  guarantors,
  pendingPayments,
} from '@webpay/server/testkit/office-search';
import { percentile } from './percentile.ts';

/*
 * The billing office's search box over BENCH_OFFICE_GUARANTORS synthetic
 * guarantors (100,000 by default), each with an encounter and a payment
 * received elsewhere, in a fresh database: p50 and p95 of the search call
 * (its lookups and its audit row) for each kind of key typed.
 */

export interface OfficeSearchRow {
  database: TestDatabaseKind;
  guarantors: number;
  key: string;
  searches: number;
  p50Ms: number;
  p95Ms: number;
  /** Hits of the last search of the key, to show each found someone. */
  hits: number;
}

const FIRST_NAMES = [
  'María',
  'José',
  'Juan',
  'Ana',
  'Luis',
  'Carmen',
  'Jorge',
  'Lucía',
  'Pedro',
  'Sofía',
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Emma',
  'Nguyễn',
  'Wei',
  'Aiko',
  'Chloé',
  'Zoë',
  'Noé',
  'Inés',
  'Ramón',
  'Begoña',
  'Joaquín',
];
const LAST_NAMES = [
  'García',
  'Martínez',
  'Rodríguez',
  'López',
  'Hernández',
  'González',
  'Pérez',
  'Sánchez',
  'Ramírez',
  'Torres',
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Miller',
  'Davis',
  'Wilson',
  'Anderson',
  'Taylor',
  'Chen',
  'Nguyen',
  'Kim',
  'Müller',
  'Ibáñez',
  'Núñez',
  'Peña',
  'Castillo',
  'Ortiz',
  'Morales',
  'Jiménez',
  'Ruiz',
  'Álvarez',
  'Romero',
  'Díaz',
];

const context = { requestId: 'bench-office-search', correlationId: 'bench', ipAddress: '' };
const staff = { staffId: 'bench-staff', sessionId: 'bench-session' };
const BATCH = 2000;
const SEARCHES_PER_KEY = 200;

const pick = <T>(list: readonly T[], index: number): T => list[index % list.length] as T;

function guarantorAt(index: number) {
  const firstName = pick(FIRST_NAMES, index * 7);
  const lastName = pick(LAST_NAMES, index * 13 + Math.floor(index / 97));
  const day = 1 + (index % 28);
  const month = 1 + (Math.floor(index / 28) % 12);
  const year = 1930 + (Math.floor(index / 336) % 75);
  const mm = String(month).padStart(2, '0');
  const dd = String(day).padStart(2, '0');
  return {
    id: `bench-g-${index}`,
    accountNumber: String(500_000_000 + index),
    mmi: String(7_000_000 + index),
    firstName,
    lastName,
    email: `guarantor${index}@example.org`,
    birthdate: `${year}-${mm}-${dd}`,
    supportPhone: `(801) ${String(200 + Math.floor(index / 10_000)).padStart(3, '0')}-${String(index % 10_000).padStart(4, '0')}`,
  };
}

async function load(kind: TestDatabaseKind, count: number) {
  const database = await createTestDatabase(kind, { seed: false });
  for (let start = 0; start < count; start += BATCH) {
    const indexes = Array.from({ length: Math.min(BATCH, count - start) }, (_, i) => start + i);
    await database.db.insert(guarantors).values(indexes.map(guarantorAt));
    await database.db.insert(encounters).values(
      indexes.map((index) => ({
        id: `bench-e-${index}`,
        guarantorId: `bench-g-${index}`,
        facilityId: '107',
        accountNumber: String(60_000_000 + index),
        patientName: 'Bench Patient',
        status: 'self_pay',
        balanceCents: 1000,
        type: 'ENT' as const,
      })),
    );
    await database.db.insert(pendingPayments).values(
      indexes.map((index) => ({
        id: `bench-p-${index}`,
        guarantorId: `bench-g-${index}`,
        receiptId: `R-${800_000 + index}`,
        paidOn: '2026-11-01',
        amountCents: 500,
      })),
    );
  }
  // Fresh statistics, as autovacuum would have them on a database in use.
  await database.db.execute('analyze');
  return database;
}

/** What staff type for each key, for the guarantor at `index`. */
const QUERIES: Record<string, (index: number) => string> = {
  'account number': (index) => guarantorAt(index).accountNumber,
  'name (one word)': (index) => guarantorAt(index).lastName.slice(0, 4).toLowerCase(),
  'name (first last)': (index) => {
    const g = guarantorAt(index);
    return `${g.firstName.slice(0, 3)} ${g.lastName}`;
  },
  'birthdate (ISO)': (index) => guarantorAt(index).birthdate,
  'birthdate (US)': (index) => {
    const [year, month, day] = guarantorAt(index).birthdate.split('-');
    return `${month}/${day}/${year}`;
  },
  'e-mail': (index) => guarantorAt(index).email.toUpperCase(),
  phone: (index) => guarantorAt(index).supportPhone.replace(/\D/g, ''),
  'receipt number': (index) => `r-${800_000 + index}`,
  'encounter id': (index) => `107-${60_000_000 + index}`,
};

export async function benchOfficeSearch(
  kind: TestDatabaseKind,
  count: number,
): Promise<OfficeSearchRow[]> {
  const loadStarted = performance.now();
  const database = await load(kind, count);
  console.info(
    `  ${kind.padEnd(8)} ${count.toLocaleString('en-US')} guarantors loaded in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`,
  );
  const service = new GuarantorSearchService(
    new GuarantorSearchRepository(database.db),
    new AuditRepository(database.db, { groupCommit: true }),
  );
  const rows: OfficeSearchRow[] = [];
  try {
    for (const [key, query] of Object.entries(QUERIES)) {
      // Warm the prepared plans and the cache, as a server in use has them.
      for (let i = 0; i < 10; i += 1) await service.search(query(i * 31), staff, context);
      const times: number[] = [];
      let hits = 0;
      for (let i = 0; i < SEARCHES_PER_KEY; i += 1) {
        const index = (i * 7919) % count;
        const started = performance.now();
        const result = await service.search(query(index), staff, context);
        times.push(performance.now() - started);
        hits = result.hits.length;
      }
      times.sort((a, b) => a - b);
      rows.push({
        database: kind,
        guarantors: count,
        key,
        searches: SEARCHES_PER_KEY,
        p50Ms: percentile(times, 0.5),
        p95Ms: percentile(times, 0.95),
        hits,
      });
    }
  } finally {
    await database.close();
  }
  return rows;
}

export function printOfficeSearchTable(rows: readonly OfficeSearchRow[]): void {
  console.info(
    `  ${'database'.padEnd(9)}${'key'.padEnd(20)}${'p50 ms'.padStart(8)}${'p95 ms'.padStart(8)}${'hits'.padStart(6)}`,
  );
  for (const row of rows) {
    console.info(
      `  ${row.database.padEnd(9)}${row.key.padEnd(20)}${row.p50Ms.toFixed(1).padStart(8)}${row.p95Ms.toFixed(1).padStart(8)}${String(row.hits).padStart(6)}`,
    );
  }
}
