import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import { API_PATHS, SERVICE_BASE_PATH } from '@webpay/contracts/api';

/*
 * The API benchmark's ceiling, run as a process of its own: a bare Fastify
 * server with one route, GET /encounters at the service's path, answering
 * the JSON read once at start from CEILING_BODY_FILE (a real answer of the
 * service for Maria), serialized anew for each request as the service does.
 * No database, no authentication, no hooks: what this machine's Node and
 * Fastify can do at best for that answer.
 */

export const CEILING_BODY_FILE_ENV = 'CEILING_BODY_FILE';

async function main(): Promise<void> {
  const bodyFile = process.env[CEILING_BODY_FILE_ENV];
  if (!bodyFile) throw new Error(`${CEILING_BODY_FILE_ENV} is not set`);
  const body: unknown = JSON.parse(await readFile(bodyFile, 'utf8'));
  const app = Fastify({ logger: false });
  app.get(`${SERVICE_BASE_PATH}${API_PATHS.encounters}`, () => Promise.resolve(body));
  await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
  const close = () => void app.close().then(() => process.exit(0));
  process.once('SIGTERM', close);
  process.once('SIGINT', close);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
