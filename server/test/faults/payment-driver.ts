import type { RequestContext } from '../../src/lib/request-context.ts';
import { MARIA_LINES, newKey, payAch, type TestServer } from '../support/payments.ts';

/*
 * The eCheck call as the portal makes it, beside the card helpers of
 * server/test/support/payments.ts, for the fault tests of both kinds of server
 * (in-process and spawned).
 */

export const FAULTS_CONTEXT: RequestContext = {
  requestId: 'test-faults',
  correlationId: 'test-faults',
  ipAddress: '',
};

/**
 * POST /payments/ach for Maria's surgery account, with an account the
 * sandbox approves and the authorization the portal shows, accepted.
 */
export function payByEcheck(
  server: TestServer,
  token: string,
  amount: number,
  key: string = newKey(),
): Promise<Response> {
  return payAch(server, token, { accounts: [MARIA_LINES.surgery(amount)] }, key);
}
