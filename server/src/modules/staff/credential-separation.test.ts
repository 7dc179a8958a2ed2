import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_BASE_PATH } from '@webpay/contracts/api';
import { OFFICE_API_BASE_PATH, OFFICE_API_PATHS } from '@webpay/contracts/office';
import { DEMO_GUARANTORS } from '../../demo/demo-guarantors.ts';
import { DEMO_STAFF } from '../../demo/demo-staff.ts';
import { officeCall, staffSignIn } from '../../../test/support/office.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import {
  fetchOpenApiDocument,
  operationsOf,
  type Operation,
} from '../../../test/security/openapi-document.ts';

const { maria } = DEMO_GUARANTORS;

/** A path with every `{param}` filled in; the refusal comes before any parameter is read. */
const concrete = (operation: Operation) => operation.path.replace(/\{[^}]+\}/g, 'sample-id');

/*
 * Decision 0023: a staff session never opens a guarantor call and a
 * guarantor's token never opens a staff call. Every operation of the
 * published document is tried, so a route added later is covered too.
 */
describe('staff and guarantor credentials are kept apart (pglite)', () => {
  let server: TestServer;
  let operations: Operation[];
  let guarantorToken: string;
  let staffToken: string;

  beforeAll(async () => {
    server = await startTestServer('pglite');
    operations = operationsOf(await fetchOpenApiDocument(server.app), '');
    guarantorToken = await server.login(maria.accountNumber, maria.pin);
    staffToken = await staffSignIn(server, DEMO_STAFF.admin);
  });

  afterAll(async () => {
    await server?.close();
  });

  const send = (operation: Operation, headers: Record<string, string>) =>
    server.app.inject({
      method: operation.method as 'GET',
      url: concrete(operation),
      headers: { ...headers, ...(operation.body ? { 'content-type': 'application/json' } : {}) },
      ...(operation.body ? { payload: '{}' } : {}),
    });

  const officeOperations = () =>
    operations.filter((operation) => operation.path.startsWith(OFFICE_API_BASE_PATH));
  const guarantorOperations = () =>
    operations.filter((operation) => operation.path.startsWith(SERVICE_BASE_PATH));

  it('documents the staff calls as needing a staff session', () => {
    const needing = officeOperations()
      .filter((operation) => operation.needsToken)
      .map((operation) => operation.key);
    expect(needing).toEqual(
      expect.arrayContaining([
        `GET ${OFFICE_API_BASE_PATH}${OFFICE_API_PATHS.me}`,
        `POST ${OFFICE_API_BASE_PATH}${OFFICE_API_PATHS.keepAlive}`,
        `POST ${OFFICE_API_BASE_PATH}${OFFICE_API_PATHS.signOut}`,
        `POST ${OFFICE_API_BASE_PATH}${OFFICE_API_PATHS.signOutEverywhere}`,
        `GET ${OFFICE_API_BASE_PATH}${OFFICE_API_PATHS.staff}`,
        `POST ${OFFICE_API_BASE_PATH}${OFFICE_API_PATHS.staff}`,
      ]),
    );
    // No staff call asks for the portal's API key.
    expect(officeOperations().filter((operation) => operation.needsApiKey)).toEqual([]);
  });

  it('refuses a guarantor’s token on every staff call with 401', async () => {
    const refusals: string[] = [];
    for (const operation of officeOperations().filter((candidate) => candidate.needsToken)) {
      for (const headers of [
        { authorization: `Bearer ${guarantorToken}` },
        { ...server.apiHeaders(guarantorToken) },
      ]) {
        const answer = await send(operation, headers);
        if (answer.statusCode !== 401) refusals.push(`${operation.key}: ${answer.statusCode}`);
      }
    }
    expect(refusals).toEqual([]);
    expect(officeOperations().filter((operation) => operation.needsToken).length).toBeGreaterThan(
      5,
    );
  });

  it('refuses a staff token on every guarantor call with 401, public ones included', async () => {
    const refusals: string[] = [];
    const taking = guarantorOperations().filter((candidate) => candidate.acceptsToken);
    for (const operation of taking) {
      const answer = await send(operation, server.apiHeaders(staffToken));
      if (answer.statusCode !== 401) refusals.push(`${operation.key}: ${answer.statusCode}`);
    }
    expect(refusals).toEqual([]);
    expect(taking.some((operation) => !operation.needsToken)).toBe(true);
    expect(taking.length).toBeGreaterThan(10);
  });

  it('keeps both tokens good for their own calls', async () => {
    expect((await officeCall(server, OFFICE_API_PATHS.me, { token: staffToken })).status).toBe(200);
    expect((await server.api('/auth/me', { token: guarantorToken })).status).toBe(200);
  });
});
