import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Placeholder } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Database } from '../../src/db/client.ts';
import { embeddedPrepared } from '../../src/db/embedded-prepared.ts';
import * as schema from '../../src/db/schema.ts';
import { sessionReadQuery } from '../../src/modules/auth/session-read.ts';
import { SessionTokens } from '../../src/modules/auth/session-tokens.ts';
import { sessionKeyRing } from '../../src/modules/auth/signing-keys.ts';
import { OPEN_BILLS_READ } from '../../src/modules/encounters/encounters.service.ts';

/*
 * What the API benchmark's floor (bench/src/api-floor.ts) takes from the
 * service: the statement of GET /encounters (session check, audit row and
 * the bills, auth's session-read.ts) and the session token check, so that
 * the floor costs exactly what these guarantees cost and nothing else. It
 * runs them on the bare driver; the statement answers the route's JSON
 * text, as the service sends it.
 */

export interface FloorRead {
  /** The answer's JSON text, or null when the session is not live for this guarantor. */
  run(values: FloorReadValues): Promise<string | null>;
  close(): Promise<void>;
}

export interface FloorReadValues {
  sessionId: string;
  guarantorId: string;
  now: string;
  requestId: string;
  correlationId: string;
  ipAddress: string;
}

type Bind = (values: FloorReadValues) => unknown;

/** The statement's text and how to fill in its parameters, rendered by the service's own code. */
function openBillsStatement(db: Database): {
  text: string;
  bind: (values: FloorReadValues) => unknown[];
} {
  const query = sessionReadQuery(db, OPEN_BILLS_READ).toSQL();
  // A placeholder takes its value from the request; anything else (the audit action) is fixed.
  const binds: Bind[] = query.params.map((param) =>
    param instanceof Placeholder
      ? (values) => values[param.name as keyof FloorReadValues]
      : () => param,
  );
  return { text: query.sql, bind: (values) => binds.map((fill) => fill(values)) };
}

/** `databaseUrl` PostgreSQL, else the embedded database the service left under `dataDir`. */
export async function openFloorRead(
  databaseUrl: string,
  dataDir: string,
  poolSize: number,
): Promise<FloorRead> {
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
    const { text, bind } = openBillsStatement(drizzleNodePostgres({ client: pool, schema }));
    return {
      async run(values) {
        const result = await pool.query<{ payload: string | null }>({
          name: 'floor_open_bills',
          text,
          values: bind(values),
        });
        return result.rows[0]?.payload ?? null;
      },
      close: () => pool.end(),
    };
  }
  const client = await PGlite.create({ dataDir: path.join(dataDir, 'pglite') });
  const { text, bind } = openBillsStatement(drizzlePglite({ client, schema }));
  // As the service does on PGlite: prepared once, its values quoted as literals.
  const execute = embeddedPrepared(client, 'floor_open_bills', text);
  return {
    async run(values) {
      const rows = await execute<{ payload: string | null }>(bind(values));
      return rows[0]?.payload ?? null;
    },
    close: () => client.close(),
  };
}

/** The service's check of a session token: signature, expiry and claims; throws for a bad one. */
export function floorTokenCheck(jwtSecret: string): (token: string) => Promise<{
  sid: string;
  sub: string;
}> {
  const tokens = new SessionTokens(sessionKeyRing(jwtSecret, undefined), 900);
  return (token) => tokens.verify(token);
}
