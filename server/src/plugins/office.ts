import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { OFFICE_BASE_PATH } from '@webpay/contracts/office';
import type { Env } from '../env.ts';
import { serveSpa } from './spa.ts';

/** Where the console's build sits in the web build (web/vite.office.config.ts). */
export const OFFICE_DIST_FOLDER = 'office';

/**
 * Serves the billing office console under /office, from its own build
 * beside the portal's. Its page carries no portal API key: staff calls use
 * the staff session alone (decision 0023).
 */
const office: FastifyPluginAsync<{ env: Env }> = async (app, { env }) => {
  await serveSpa(app, {
    basePath: OFFICE_BASE_PATH,
    root: join(env.WEB_DIST_DIR, OFFICE_DIST_FOLDER),
    name: 'The billing office console',
  });
};

export default office;
