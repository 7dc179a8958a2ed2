import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import { API_PATHS, SERVICE_BASE_PATH } from '@webpay/contracts/api';
import { floorTokenCheck, openFloorRead } from '@webpay/server/testkit/api-floor';

/*
 * The API benchmark's floor, run as a process of its own: a bare Fastify
 * server with one route, GET /encounters at the service's path, doing what
 * any server that keeps the service's guarantees must do and nothing else:
 * check the token's signature, then one statement on the same driver that
 * checks the session, writes the read's audit row and returns the bills as
 * JSON text, which goes out as it came. It opens the database the service
 * used (FLOOR_DATABASE_URL, or the embedded one under FLOOR_DATA_DIR) once
 * the service has stopped, with the service's JWT_SECRET, so the service's
 * tokens and sessions hold.
 */

export const FLOOR_ENV = {
  databaseUrl: 'FLOOR_DATABASE_URL',
  dataDir: 'FLOOR_DATA_DIR',
} as const;

const BEARER = /^Bearer (.+)$/;

async function main(): Promise<void> {
  const jwtSecret = process.env.JWT_SECRET;
  if (!jwtSecret) throw new Error('JWT_SECRET is not set');
  const read = await openFloorRead(
    process.env[FLOOR_ENV.databaseUrl] ?? '',
    process.env[FLOOR_ENV.dataDir] ?? '',
    Number(process.env.DATABASE_POOL_SIZE || 10),
  );
  const checkToken = floorTokenCheck(jwtSecret);
  const app = Fastify({ logger: false });
  app.get(`${SERVICE_BASE_PATH}${API_PATHS.encounters}`, async (request, reply) => {
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    const claims = token ? await checkToken(token).catch(() => null) : null;
    if (!claims) return reply.code(401).send({ status: 401 });
    const requestId = randomUUID();
    const bills = await read.run({
      sessionId: claims.sid,
      guarantorId: claims.sub,
      now: new Date().toISOString(),
      requestId,
      correlationId: requestId,
      ipAddress: request.ip,
    });
    if (bills === null) return reply.code(401).send({ status: 401 });
    return reply.type('application/json; charset=utf-8').send(bills);
  });
  app.get('/readyz', () => ({ status: 'ok' }));
  await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
  const close = () =>
    void app
      .close()
      .then(() => read.close())
      .then(() => process.exit(0));
  process.once('SIGTERM', close);
  process.once('SIGINT', close);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
