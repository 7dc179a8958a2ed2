import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const startScript = path.join(here, 'start-server.ts');

export interface E2eServer {
  name: 'pglite' | 'postgres';
  baseUrl: string;
  command: string;
}

const basePort = Number(process.env.E2E_PORT ?? 8180);

function server(name: E2eServer['name'], port: number): E2eServer {
  return {
    name,
    baseUrl: `http://127.0.0.1:${port}`,
    // One node process with the TypeScript loader: no npm or tsx wrapper between the signal and it.
    command: `node --import tsx ${startScript} ${name} ${port}`,
  };
}

export const e2eServers: E2eServer[] = [
  server('pglite', basePort),
  ...(process.env.TEST_DATABASE_URL ? [server('postgres', basePort + 1)] : []),
];
