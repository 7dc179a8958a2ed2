import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@webpay/contracts/api';
import { errorObjectSchema } from '@webpay/contracts/errors';
import { DEMO_GUARANTORS } from '../../src/demo/demo-guarantors.ts';
import { randomToken } from '../../src/lib/secrets.ts';
import { testDatabaseKinds, type TestDatabaseKind } from '../support/database.ts';
import { linkFrom, startMailCatcher, type MailCatcher } from '../support/mail-catcher.ts';
import type { TestServer } from '../support/test-server.ts';
import {
  THROTTLE_MAX,
  THROTTLE_STORE,
  THROTTLE_WINDOW_SECONDS,
  from,
  newClient,
  startAbuseServer,
} from './abuse-server.ts';
import { AttackTable, AttackTally } from './attack-tally.ts';

/*
 * Guessing magic-link tokens at volume (ASVS 4.0 2.7.x / 5.0 6.6.x: random,
 * single use, expiring; ASVS 5.0 6.3.1 anti-automation). A link names no
 * account, so there is no identifier to lock: what stops guessing is 256
 * random bits per token and, for one client, the throttle. The attack must
 * neither get in nor spoil the link the guarantor is holding.
 * magic-link.routes.test.ts proves single use, expiry and the race.
 */

const { maria } = DEMO_GUARANTORS;
const MANY_CLIENTS = 500;
/** Tokens that differ from the real one in one character. */
const NEAR_MISSES = 40;
const ONE_CLIENT = 200;

const table = new AttackTable('Magic-link tokens under attack');
afterAll(() => table.print());

/** `token` with the character at `index` replaced by another base64url character. */
function nearMiss(token: string, index: number): string {
  const at = index % token.length;
  const replacement = token[at] === 'A' ? 'B' : 'A';
  return `${token.slice(0, at)}${replacement}${token.slice(at + 1)}`;
}

describe.each(testDatabaseKinds)('magic-link guessing (%s)', (kind: TestDatabaseKind) => {
  let catcher: MailCatcher;
  let server: TestServer;
  let mariasToken: string;

  beforeAll(async () => {
    catcher = await startMailCatcher();
    server = await startAbuseServer(kind, { env: { SMTP_URL: catcher.url } });
    // Maria asked for a link just before the attack; she opens it after.
    const requested = await server.api(API_PATHS.loginMagicRequest, {
      body: { email: maria.email },
      headers: from(newClient()),
    });
    expect(requested.status).toBe(202);
    const mail = await catcher.waitForMail({ to: maria.email, subject: 'sign-in link' });
    mariasToken = new URL(linkFrom(mail, '/login/magic')).searchParams.get('abracadabra') ?? '';
  });

  afterAll(async () => {
    await server?.close();
    await catcher?.close();
  });

  const signIn = (abracadabra: string, headers = from(newClient())) =>
    server.api(API_PATHS.loginMagic, { body: { abracadabra }, headers });

  it(`lets ${MANY_CLIENTS} random tokens and ${NEAR_MISSES} near misses from as many clients sign in zero times; Maria's link still works`, async () => {
    const tally = new AttackTally(
      `${MANY_CLIENTS} random + ${NEAR_MISSES} near-miss tokens, one client each [${kind}]`,
    );
    const tokens = [
      ...Array.from({ length: MANY_CLIENTS }, () => randomToken(32)),
      ...Array.from({ length: NEAR_MISSES }, (_, i) => nearMiss(mariasToken, i)),
    ];
    const codes = new Set<string>();
    for (const token of tokens) {
      const response = await signIn(token);
      tally.add(response.status);
      if (response.status === 401) codes.add(errorObjectSchema.parse(await response.json()).code);
      else await response.arrayBuffer();
    }
    table.add(tally, tokens.length);

    expect(tally.successes).toBe(0);
    expect(tally.count(401)).toBe(tokens.length);
    expect([...codes]).toEqual(['MAGIC_LINK_INVALID']);
    // Nothing to lock, and the guesses did not spoil the real link.
    expect((await signIn(mariasToken)).status).toBe(200);
  });

  it(`throttles one client trying ${ONE_CLIENT} random tokens after ${THROTTLE_MAX} (${THROTTLE_STORE} store)`, async () => {
    const tally = new AttackTally(
      `one client, ${ONE_CLIENT} random tokens (${THROTTLE_STORE} throttle) [${kind}]`,
    );
    const attacker = from(newClient());
    let retryAfter: number | undefined;
    for (let i = 0; i < ONE_CLIENT; i++) {
      const response = await signIn(randomToken(32), attacker);
      tally.add(response.status);
      if (response.status === 429) retryAfter ??= Number(response.headers.get('retry-after'));
      await response.arrayBuffer();
    }
    table.add(tally, THROTTLE_MAX);

    expect(tally.successes).toBe(0);
    expect(tally.count(401)).toBe(THROTTLE_MAX);
    expect(tally.firstOf(429)).toBe(THROTTLE_MAX + 1);
    expect(tally.count(429)).toBe(ONE_CLIENT - THROTTLE_MAX);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(THROTTLE_WINDOW_SECONDS);
  });
});
