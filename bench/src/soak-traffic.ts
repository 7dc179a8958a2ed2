import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { API_PATHS, IDEMPOTENCY_KEY_HEADER } from '@webpay/contracts/api';
import { loginResponseSchema } from '@webpay/contracts/auth';
import { encountersResponseSchema } from '@webpay/contracts/encounters';
import {
  PAYMENT_TYPE_LABELS,
  cardStartResponseSchema,
  type PaymentLine,
} from '@webpay/contracts/payments';
import { statementListSchema } from '@webpay/contracts/statements';
import { DEMO_GUARANTORS } from '@webpay/server/testkit/demo';
import { sandboxUrls } from '@webpay/server/testkit/converge-sandbox';
import { SANDBOX_CARD_DETAILS, SANDBOX_TEST_CARDS } from '@webpay/server/testkit/instruments';
import type { SoakServer } from './soak-server.ts';
import type { SoakStats } from './soak-stats.ts';
import { ROBERT_PAYER } from './robert-payer.ts';

/*
 * The soak's traffic: workers that each act like a guarantor at the portal,
 * picking what to do next by a fixed mix. Maria signs in, opens her
 * dashboard, statements and payment history; Robert, whose large account
 * has dozens of open encounters, pays 1 to 100 cents by card through the
 * sandbox lightbox. Payments only add pending payments (the billing office
 * applies them), so a balance never falls below what is paid against it,
 * and Maria's history stays the same size all along: a latency that grows
 * is the service's, not the data's.
 */

const { maria, robert } = DEMO_GUARANTORS;

export const SOAK_MIX = {
  'sign-in': 10,
  dashboard: 40,
  statements: 15,
  'payment history': 15,
  'card payment': 20,
} as const;
type Action = keyof typeof SOAK_MIX;

/** What the traffic needs to know of the demo data, read once before it starts. */
export interface SoakFixture {
  statementIds: string[];
  /** Robert's encounters billed on their own with at least $1.00 open. */
  payableAccounts: Pick<PaymentLine, 'paymentType' | 'facilityId' | 'accountId'>[];
}

class UnexpectedAnswer extends Error {}

/** One timed call; its whole body is read, as the portal would. Undefined on a failure. */
async function timed<T>(
  stats: SoakStats,
  kind: string,
  call: () => Promise<Response>,
  read: (body: unknown) => T = (body) => body as T,
): Promise<T | undefined> {
  const started = performance.now();
  try {
    const response = await call();
    const text = await response.text();
    if (response.status !== 200) throw new UnexpectedAnswer(`${response.status} ${text}`);
    const value = read(JSON.parse(text));
    stats.record(kind, performance.now() - started);
    return value;
  } catch (error) {
    stats.record(kind, performance.now() - started, (error as Error).message.slice(0, 300));
    return undefined;
  }
}

async function signIn(server: SoakServer, who: typeof maria | typeof robert, stats: SoakStats) {
  const answer = await timed(
    stats,
    'POST /auth/login',
    () => server.api(API_PATHS.login, { body: { accountNumber: who.accountNumber, pin: who.pin } }),
    (body) => loginResponseSchema.parse(body),
  );
  return answer?.access_token;
}

export async function readFixture(server: SoakServer, stats: SoakStats): Promise<SoakFixture> {
  const mariaToken = await signIn(server, maria, stats);
  const robertToken = await signIn(server, robert, stats);
  if (!mariaToken || !robertToken) throw new Error(`sign-in failed: ${stats.failures.join('; ')}`);
  const statements = await timed(
    stats,
    'GET /statements',
    () => server.api(API_PATHS.statements, { token: mariaToken }),
    (body) => statementListSchema.parse(body),
  );
  const encounters = await timed(
    stats,
    'GET /encounters',
    () => server.api(API_PATHS.encounters, { token: robertToken }),
    (body) => encountersResponseSchema.parse(body),
  );
  const fixture: SoakFixture = {
    statementIds: statements?.statements.map((statement) => statement.id) ?? [],
    payableAccounts: (encounters?.encounters ?? [])
      .filter((encounter) => encounter.type === 'ENT' && encounter.balance >= 1)
      .map((encounter) => ({
        paymentType: PAYMENT_TYPE_LABELS.encounter,
        facilityId: encounter.facilityId,
        accountId: `${encounter.facilityId}-${encounter.accountNumber}`,
      })),
  };
  if (fixture.statementIds.length === 0 || fixture.payableAccounts.length === 0) {
    throw new Error('the demo data lacks Maria’s statements or Robert’s payable encounters');
  }
  return fixture;
}

/** A small, seeded generator, so that two runs make the same choices. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function pickAction(random: () => number): Action {
  const total = Object.values(SOAK_MIX).reduce((sum, weight) => sum + weight, 0);
  let point = random() * total;
  for (const [action, weight] of Object.entries(SOAK_MIX) as [Action, number][]) {
    point -= weight;
    if (point < 0) return action;
  }
  return 'dashboard';
}

const pick = <T>(items: readonly T[], random: () => number): T =>
  items[Math.floor(random() * items.length)] as T;

export interface TrafficOptions {
  server: SoakServer;
  fixture: SoakFixture;
  stats: SoakStats;
  concurrency: number;
  /** Stops at whichever comes first. */
  seconds: number;
  maxRequests: number;
  seed?: number;
}

/** Runs the mix with `concurrency` guarantors at once until the time or the request count is up. */
export async function runTraffic(options: TrafficOptions): Promise<void> {
  const { server, fixture, stats } = options;
  const deadline = performance.now() + options.seconds * 1000;
  const going = () => performance.now() < deadline && stats.requests < options.maxRequests;

  const worker = async (index: number) => {
    const random = seededRandom((options.seed ?? 20_261_122) + index);
    const tokens = {
      maria: await signIn(server, maria, stats),
      robert: await signIn(server, robert, stats),
    };
    let nextSignIn: 'maria' | 'robert' = 'maria';
    while (going()) {
      const action = pickAction(random);
      if (action === 'sign-in') {
        // Each sign-in replaces that guarantor's token, so none outlives its 15 minutes.
        tokens[nextSignIn] =
          (await signIn(server, DEMO_GUARANTORS[nextSignIn], stats)) ?? tokens[nextSignIn];
        nextSignIn = nextSignIn === 'maria' ? 'robert' : 'maria';
      } else if (action === 'dashboard') {
        // The dashboard asks for these at once.
        await Promise.all([
          timed(stats, 'GET /config/app', () => server.api(API_PATHS.configApp)),
          timed(stats, 'GET /auth/me', () => server.api(API_PATHS.me, { token: tokens.maria })),
          timed(stats, 'GET /encounters', () =>
            server.api(API_PATHS.encounters, { token: tokens.maria }),
          ),
        ]);
      } else if (action === 'statements') {
        await timed(stats, 'GET /statements', () =>
          server.api(API_PATHS.statements, { token: tokens.maria }),
        );
        const id = pick(fixture.statementIds, random);
        await timed(stats, 'GET /statements/{id}', () =>
          server.api(API_PATHS.statement(id), { token: tokens.maria }),
        );
      } else if (action === 'payment history') {
        await timed(stats, 'GET /payments', () =>
          server.api(API_PATHS.payments, { token: tokens.maria }),
        );
      } else {
        const cents = 1 + Math.floor(random() * 100);
        await payByCard(options, tokens.robert, {
          ...pick(fixture.payableAccounts, random),
          amount: cents / 100,
        });
      }
    }
  };

  await Promise.all(Array.from({ length: options.concurrency }, (_, index) => worker(index)));
}

/** Start, pay in the lightbox with the sandbox's approving Visa, complete: the portal's three steps. */
async function payByCard(
  { server, stats }: TrafficOptions,
  token: string | undefined,
  line: PaymentLine,
): Promise<void> {
  const started = performance.now();
  const card = await timed(
    stats,
    'POST /payments/init',
    () =>
      server.api(API_PATHS.paymentsInit, {
        token,
        headers: { [IDEMPOTENCY_KEY_HEADER]: `soak-${randomUUID()}` },
        // Many small payments land on the same few accounts; the soak measures load, not the
        // question the portal asks before paying beyond what is already pending.
        body: {
          accounts: [line],
          payer: ROBERT_PAYER,
          saveEmailAsGuarantor: false,
          acknowledgePending: true,
        },
      }),
    (body) => cardStartResponseSchema.parse(body),
  );
  if (!card) return;
  const sale = await timed(
    stats,
    'POST lightbox sale (sandbox)',
    // What the lightbox's form posts when Pay is pressed.
    () =>
      fetch(sandboxUrls(server.baseUrl).sale, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          expiry: SANDBOX_CARD_DETAILS.expiry,
          cvv: SANDBOX_CARD_DETAILS.cvv,
          name: SANDBOX_CARD_DETAILS.name,
          token: card.token,
          cardNumber: SANDBOX_TEST_CARDS.visa.number,
        }),
        signal: AbortSignal.timeout(30_000),
      }),
    (body) => {
      const answer = body as { type?: string; response?: Record<string, string> };
      if (answer.type !== 'approval' || !answer.response) {
        throw new UnexpectedAnswer(`the sandbox answered ${answer.type ?? '?'}`);
      }
      return answer.response;
    },
  );
  if (!sale) return;
  const receipt = await timed(stats, 'PUT /payments/{ref}/card', () =>
    server.api(API_PATHS.paymentCard(card.refNum), {
      method: 'PUT',
      token,
      body: { convergeResponse: sale, saveEmailAsGuarantor: false },
    }),
  );
  if (receipt) stats.journey('card payment, end to end', performance.now() - started);
}
