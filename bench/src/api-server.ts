import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_PATHS, SERVICE_BASE_PATH } from '@webpay/contracts/api';
import { freePort } from '@webpay/server/testkit/test-server';
import { CEILING_BODY_FILE_ENV } from './api-ceiling.ts';
import { FLOOR_ENV } from './api-floor.ts';
import {
  startBenchProcess,
  startServiceProcess,
  type BenchProcess,
  type ServiceProcess,
} from './bench-process.ts';

/*
 * The processes the API benchmark measures: the service as production runs
 * it, with request logging off (LOG_LEVEL=warn), and the bare Fastify
 * ceiling of api-ceiling.ts.
 */

const CEILING_ENTRY = fileURLToPath(new URL('./api-ceiling.ts', import.meta.url));
const FLOOR_ENTRY = fileURLToPath(new URL('./api-floor.ts', import.meta.url));

export type ApiServer = ServiceProcess;

/** The ceiling or the floor: one route, GET /encounters. */
export interface OneRouteServer extends BenchProcess {
  /** The URL of its one route. */
  url: string;
}

/** Where a service ran, so that the floor can open the same database after it. */
export interface ApiServerDatabase {
  /** PostgreSQL; empty for the embedded database under `dataDir`. */
  databaseUrl: string;
  dataDir: string;
  jwtSecret: string;
}

export function startApiServer(database: ApiServerDatabase): Promise<ApiServer> {
  return startServiceProcess({
    databaseUrl: database.databaseUrl,
    logLevel: 'warn',
    env: { DATA_DIR: database.dataDir, JWT_SECRET: database.jwtSecret },
  });
}

/** The floor (api-floor.ts) over the database a stopped service left. */
export async function startFloorServer(database: ApiServerDatabase): Promise<OneRouteServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = await startBenchProcess({
    entry: FLOOR_ENTRY,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      JWT_SECRET: database.jwtSecret,
      [FLOOR_ENV.databaseUrl]: database.databaseUrl,
      [FLOOR_ENV.dataDir]: database.dataDir,
    },
    baseUrl,
    readyUrl: `${baseUrl}/readyz`,
    cleanUp: () => Promise.resolve(),
  });
  return { ...started, url: `${baseUrl}${SERVICE_BASE_PATH}${API_PATHS.encounters}` };
}

/** The bare Fastify ceiling (api-ceiling.ts), answering GET /encounters with `body` from memory. */
export async function startCeilingServer(body: string): Promise<OneRouteServer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'webpay-api-ceiling-'));
  const bodyFile = path.join(dir, 'encounters.json');
  await writeFile(bodyFile, body);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const url = `${baseUrl}${SERVICE_BASE_PATH}${API_PATHS.encounters}`;
  const started = await startBenchProcess({
    entry: CEILING_ENTRY,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      [CEILING_BODY_FILE_ENV]: bodyFile,
    },
    baseUrl,
    readyUrl: url,
    cleanUp: () => rm(dir, { recursive: true, force: true }),
  });
  return { ...started, url };
}
