import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../db/client.ts';
import type { Env } from '../env.ts';
import { AuditRepository } from '../modules/audit/audit.repository.ts';
import { AuthRepository } from '../modules/auth/auth.repository.ts';
import { AuthService } from '../modules/auth/auth.service.ts';
import { SessionTokens } from '../modules/auth/session-tokens.ts';
import { ConfigRepository } from '../modules/config/config.repository.ts';
import { ConfigService } from '../modules/config/config.service.ts';
import { EncountersRepository } from '../modules/encounters/encounters.repository.ts';
import { EncountersService } from '../modules/encounters/encounters.service.ts';

export interface Services {
  audit: AuditRepository;
  auth: AuthService;
  config: ConfigService;
  encounters: EncountersService;
}

export function createServices(database: DatabaseHandle, env: Env): Services {
  const { db } = database;
  const audit = new AuditRepository(db);
  const config = new ConfigService(new ConfigRepository(db), env);
  const auth = new AuthService(
    new AuthRepository(db),
    new SessionTokens(env.JWT_SECRET, env.JWT_TTL_SECONDS),
    audit,
    { fallbackSupportPhone: env.WEBPAY_FALLBACK_SUPPORT_PHONE },
  );
  const encounters = new EncountersService(new EncountersRepository(db), audit);
  return { audit, auth, config, encounters };
}

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    services: Services;
  }
}

/** The app's own decorators: the database handle and the services built on it. */
export default fp(
  async function services(app, options: { database: DatabaseHandle; env: Env }) {
    app.decorate('database', options.database);
    app.decorate('services', createServices(options.database, options.env));
  },
  { name: 'services' },
);
