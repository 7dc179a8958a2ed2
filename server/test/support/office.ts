import { and, desc, eq } from 'drizzle-orm';
import {
  OFFICE_API_BASE_PATH,
  OFFICE_API_PATHS,
  staffSessionResponseSchema,
} from '@webpay/contracts/office';
import { auditEvents, staffMembers } from '../../src/db/schema.ts';
import type { DemoStaff } from '../../src/demo/demo-staff.ts';
import { totpCodeAt } from '../../src/modules/staff/totp.ts';
import type { TestServer } from './test-server.ts';

/*
 * Calls to the billing office console's API of a test server, and signing
 * in as the demo staff (DEMO_DATA.md §6) with codes computed from their keys.
 */

export interface OfficeRequest {
  method?: string;
  /** Sent as JSON. */
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
}

/** fetch() of an office path: no API key, the staff bearer token when given. */
export function officeCall(
  server: Pick<TestServer, 'baseUrl'>,
  path: string,
  request: OfficeRequest = {},
): Promise<Response> {
  return fetch(`${server.baseUrl}${OFFICE_API_BASE_PATH}${path}`, {
    method: request.method ?? (request.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(request.token ? { Authorization: `Bearer ${request.token}` } : {}),
      ...(request.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...request.headers,
    },
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
  });
}

/** The code a staff member's authenticator app shows now (or at `at`). */
export function totpCode(member: Pick<DemoStaff, 'totpSecret'>, at: Date = new Date()): string {
  return totpCodeAt(member.totpSecret, at);
}

/**
 * Forgets the last TOTP step a staff member used, so a test can sign them
 * in again within the same 30 seconds (the service refuses a code twice).
 */
export async function forgetUsedTotpCodes(server: TestServer, email: string): Promise<void> {
  await server.database.db
    .update(staffMembers)
    .set({ totpLastStep: null })
    .where(eq(staffMembers.email, email));
}

/** Signs a demo staff member in with password and the current TOTP code; returns the token. */
export async function staffSignIn(server: TestServer, member: DemoStaff): Promise<string> {
  await forgetUsedTotpCodes(server, member.email);
  const response = await officeCall(server, OFFICE_API_PATHS.signIn, {
    body: { email: member.email, password: member.password, code: totpCode(member) },
  });
  if (response.status !== 200) {
    throw new Error(
      `Sign-in as ${member.email} failed: ${response.status} ${await response.text()}`,
    );
  }
  return staffSessionResponseSchema.parse(await response.json()).access_token;
}

/**
 * A new session for a staff member straight from the service, without the
 * password and code: for tests that need many sessions quickly.
 */
export async function mintStaffSession(server: TestServer, email: string): Promise<string> {
  const member = await server.app.services.staff.members.findByEmail(email);
  if (!member) throw new Error(`no staff member ${email}`);
  const context = { requestId: 'test-session', correlationId: 'test-session', ipAddress: '' };
  const session = await server.app.services.staff.sessions.issueSession(member, 'password', {
    context,
  });
  return session.access_token;
}

/** The audit events of one action under one request id, newest first. */
export function auditEventsOf(server: TestServer, action: string, requestId: string) {
  return server.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.requestId, requestId)))
    .orderBy(desc(auditEvents.id));
}
