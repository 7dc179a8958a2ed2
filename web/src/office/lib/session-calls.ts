import {
  OFFICE_API_PATHS,
  staffMeSchema,
  type StaffMe,
  type StaffSessionResponse,
} from '@webpay/contracts/office';
import type { ApiResult } from '@/lib/api-client.ts';
import { loadUnusedAnswerSchema } from '@/lib/load-unused-answer.ts';
import { officeApi } from './office-api.ts';
import { staffSession, type SessionEnd } from './staff-session.ts';

export function getMe(): Promise<ApiResult<StaffMe>> {
  return officeApi.get(OFFICE_API_PATHS.me, staffMeSchema);
}

/** The idle warning's "Stay signed in": the service's idle clock starts again. */
export function keepAlive(): Promise<ApiResult<unknown>> {
  return officeApi.post(OFFICE_API_PATHS.keepAlive, undefined, loadUnusedAnswerSchema);
}

/**
 * Opens a session from a sign-in's answer (password or single sign-on) and
 * learns who it belongs to; a session whose staff member cannot be read is
 * not kept.
 */
export async function beginStaffSession(
  response: StaffSessionResponse,
  now: number = Date.now(),
): Promise<ApiResult<StaffMe>> {
  staffSession.start({
    token: response.access_token,
    expiresAt: now + response.expires_in * 1000,
    idleTimeoutMs: response.idle_timeout * 1000,
  });
  const me = await getMe();
  if (me.data) staffSession.setMe(me.data);
  else staffSession.end('unauthorized');
  return me;
}

/**
 * Ends the session here and on the service; `everywhere` ends the staff
 * member's other sessions too. The console forgets the session whatever
 * the service answers.
 */
export async function endStaffSession(
  reason: SessionEnd,
  { everywhere = false }: { everywhere?: boolean } = {},
): Promise<void> {
  const token = staffSession.get()?.token;
  if (!token) return;
  // Forgotten first, so the screens clear at once and a refusal (an already expired
  // session) cannot be reported as a different ending.
  staffSession.end(reason);
  const path = everywhere ? OFFICE_API_PATHS.signOutEverywhere : OFFICE_API_PATHS.signOut;
  await officeApi.post(path, undefined, loadUnusedAnswerSchema, { token });
}
