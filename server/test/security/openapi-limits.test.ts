import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, SERVICE_BASE_PATH } from '@webpay/contracts/api';
import { US_STATES } from '@webpay/contracts/billing';
import { errorObjectSchema } from '@webpay/contracts/errors';
import { DEMO_GUARANTORS } from '../../src/demo/demo-guarantors.ts';
import { MARIA_PAYER, acceptedAuthorization, newKey } from '../support/payments.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { patternRegExp, type JsonSchema } from './json-schema.ts';
import { fetchOpenApiDocument, operationsOf, type Operation } from './openapi-document.ts';

/*
 * The published OpenAPI document states the limits the service enforces, no
 * looser and no stricter (the document once said an amount's minimum was 0
 * while the service refused $0.00). For the payment and sign-in routes,
 * every limit the document gives a request field is listed below with the
 * value it must have, a value just outside it and one at it. The service
 * must refuse the first with a 400 that names the field, and must not
 * refuse the second for that field. A limit the document adds, or one it
 * drops, fails the test until this list says the same.
 */

const LIMIT_KEYWORDS = [
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'enum',
  'minItems',
  'maxItems',
] as const;
type LimitKeyword = (typeof LIMIT_KEYWORDS)[number];

interface Documented {
  /** `body.accounts[].amount`, `headers.idempotency-key`, `params.id`. */
  field: string;
  keyword: LimitKeyword;
  value: unknown;
}

interface Probe {
  keyword: LimitKeyword;
  /** The document's value, or a test of it where the value is a long pattern. */
  documented: unknown;
  outside: unknown;
  inside: unknown;
}

/** Every limit on a field of an operation's input, allOf parts and nullable branches included. */
function documentedLimits(operation: Operation): Documented[] {
  const found: Documented[] = [];
  const walk = (schema: JsonSchema, field: string) => {
    for (const part of [schema, ...(schema.allOf ?? [])]) {
      for (const keyword of LIMIT_KEYWORDS) {
        if (part[keyword] !== undefined) found.push({ field, keyword, value: part[keyword] });
      }
    }
    for (const branch of schema.anyOf ?? []) walk(branch, field);
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      walk(property, `${field}.${name}`);
    }
    if (schema.items) walk(schema.items, `${field}[]`);
  };
  const scopes = { path: 'params', header: 'headers', query: 'querystring' } as const;
  for (const parameter of operation.parameters) {
    walk(parameter.schema, `${scopes[parameter.in]}.${parameter.name}`);
  }
  if (operation.body) walk(operation.body.schema, 'body');
  return found;
}

const text = (length: number, letter = 'a') => letter.repeat(length);
/** A valid-looking address of exactly `length` characters. */
const emailOf = (length: number) => `${text(length - '@example.com'.length)}@example.com`;

/** A pattern that takes every `accepted` and no `refused`: long patterns are checked by what they do. */
const takes =
  (accepted: readonly string[], refused: readonly string[]) =>
  (pattern: unknown): boolean =>
    typeof pattern === 'string' &&
    accepted.every((value) => patternRegExp(pattern).test(value)) &&
    !refused.some((value) => patternRegExp(pattern).test(value));

const lengths = (min: number, max: number, letter = 'a'): Probe[] => [
  {
    keyword: 'minLength',
    documented: min,
    outside: text(min - 1, letter),
    inside: text(min, letter),
  },
  {
    keyword: 'maxLength',
    documented: max,
    outside: text(max + 1, letter),
    inside: text(max, letter),
  },
];
const required = (inside: string): Probe => ({
  keyword: 'minLength',
  documented: 1,
  outside: '',
  inside,
});
const pattern = (documented: unknown, outside: string, inside: string): Probe => ({
  keyword: 'pattern',
  documented,
  outside,
  inside,
});

const LINE = {
  paymentType: 'Account Payment',
  facilityId: '107',
  accountId: '107-40010002',
  amount: 1,
};
// Functions, so each field has probes of its own: a field is tried once per probe.
const NAME_PATTERN = "^[\\p{L}\\p{M} '’.-]+$";
const payerName = () => [...lengths(1, 20, 'A'), pattern(NAME_PATTERN, 'Ana1', "O'Brien-Smith")];
const signupName = () => [...lengths(1, 50, 'A'), pattern(NAME_PATTERN, 'Ana1', 'José Núñez')];
const id = () => lengths(1, 64);
const STATE_CODES = US_STATES.map(([code]) => code);

const PROBES: Record<string, Probe[]> = {
  'body.accounts': [
    { keyword: 'minItems', documented: 1, outside: [], inside: [LINE] },
    {
      keyword: 'maxItems',
      documented: 500,
      outside: Array.from({ length: 501 }, () => LINE),
      inside: Array.from({ length: 500 }, () => LINE),
    },
  ],
  'body.accounts[].paymentType': [
    {
      keyword: 'enum',
      documented: ['Account Payment', 'Payment Plan', 'Guarantor Payment', 'GL Payment'],
      outside: 'Card Payment',
      inside: 'GL Payment',
    },
  ],
  'body.accounts[].facilityId': [pattern('^\\d{1,6}$', '1234567', '123456')],
  'body.accounts[].accountId': lengths(1, 64),
  'body.accounts[].amount': [
    { keyword: 'minimum', documented: 0.01, outside: 0, inside: 0.01 },
    {
      keyword: 'maximum',
      documented: 21_474_836.47,
      outside: 21_474_836.48,
      inside: 21_474_836.47,
    },
    { keyword: 'multipleOf', documented: 0.01, outside: 0.015, inside: 0.02 },
  ],
  'body.payer.firstName': payerName(),
  'body.payer.lastName': payerName(),
  'body.payer.address': lengths(2, 25),
  'body.payer.city': [
    ...lengths(1, 20, 'A'),
    pattern("^[A-Za-z\\s'.-]+$", 'Salt Lake 1', "St. John's"),
  ],
  'body.payer.state': [
    required('UT'),
    pattern('^[A-Za-z]{2}$', 'UTA', 'UT'),
    pattern(
      takes([...STATE_CODES, ...STATE_CODES.map((code) => code.toLowerCase())], ['ZZ', 'XX']),
      'ZZ',
      'ut',
    ),
  ],
  'body.payer.zipCode': [required('84101'), pattern('^\\d{5}(-\\d{4})?$', '8410', '84101-1234')],
  'body.payer.email': [
    { keyword: 'maxLength', documented: 256, outside: emailOf(257), inside: emailOf(256) },
    pattern(
      takes(['maria.garcia@example.com', "o'brien+bills@mail.example.org"], ['maria@', 'maria']),
      'maria@example',
      'maria@example.com',
    ),
  ],
  // The words must be the portal's own, so a text of the right length is refused as
  // body.authorization (other words), never as body.authorization.text.
  'body.authorization.text': lengths(1, 2000, 'A'),
  // So are the words of the consent to save a card: refused as body.saveCard.
  'body.saveCard.text': lengths(1, 2000, 'A'),
  'body.eCheck.routingNumber': [
    required('490000018'),
    pattern('^\\d{9}$', '49000001', '490000018'),
  ],
  'body.eCheck.accountNumber': [required('1234'), pattern('^\\d{4,20}$', '123', '1234')],
  'body.eCheck.accountType': [
    {
      keyword: 'enum',
      documented: ['CHECKING', 'SAVINGS'],
      outside: 'MONEY_MARKET',
      inside: 'SAVINGS',
    },
  ],
  [`headers.${IDEMPOTENCY_KEY_HEADER.toLowerCase()}`]: [
    pattern('^[A-Za-z0-9_-]{8,128}$', 'seven-7', 'eight-88'),
  ],
  'params.id': id(),
  'body.message': lengths(1, 500),
  'body.accountNumber': [required('123456'), pattern('^\\d{6,12}$', '12345', '123456789012')],
  'body.pin': [required('1234'), pattern('^\\d{4,12}$', '123', '1234')],
  'body.abracadabra': lengths(1, 512),
  'body.email': [
    required('a@example.com'),
    { keyword: 'maxLength', documented: 256, outside: emailOf(257), inside: emailOf(256) },
    pattern(
      takes(['maria.garcia@example.com', "o'brien+bills@mail.example.org"], ['maria@', 'maria']),
      'maria@example',
      'maria@example.com',
    ),
  ],
  'body.birthdate': [
    required('1984-03-17'),
    pattern(
      takes(['1984-03-17', '2024-02-29'], ['1984-02-30', '84-03-17', '1984-3-17']),
      '1984-02-30',
      '1984-02-29',
    ),
  ],
  'body.guarantorId': id(),
  'body.verificationId': id(),
  'body.code': [pattern('^\\d{6}$', '12345', '123456')],
  'body.firstName': signupName(),
  'body.lastName': signupName(),
};

interface Input {
  body?: Record<string, unknown>;
  headers?: Record<string, string>;
  params?: Record<string, string>;
}

const NO_ONE = 'nobody@example.com';
const PAYER: Record<string, unknown> = { ...MARIA_PAYER };
const ECHECK = { routingNumber: '490000018', accountNumber: '123456789', accountType: 'CHECKING' };
/** The authorization the portal shows for the eCheck below, accepted; read once the server runs. */
let achAuthorization: unknown;

/** A request each operation takes, for an account or payment that matters to no one. */
const BASES: Record<string, () => Input> = {
  'POST /payments/init': () => ({
    body: { accounts: [LINE], payer: PAYER, saveEmailAsGuarantor: false },
  }),
  'POST /payments/ach': () => ({
    body: {
      accounts: [LINE],
      payer: PAYER,
      eCheck: ECHECK,
      authorization: achAuthorization,
      saveEmailAsGuarantor: false,
    },
  }),
  'PUT /payments/{id}/card': () => ({
    params: { id: 'WP-NO-SUCH-PAYMENT' },
    body: { convergeResponse: {}, saveEmailAsGuarantor: false },
  }),
  'DELETE /payments/{id}': () => ({
    params: { id: 'WP-NO-SUCH-PAYMENT' },
    body: { message: 'Cancelled in the card window' },
  }),
  'POST /auth/login': () => ({ body: { accountNumber: '999000111', pin: '12345678' } }),
  'POST /auth/login/magic': () => ({ body: { abracadabra: 'not-a-sign-in-link' } }),
  'POST /auth/login/magic/request': () => ({ body: { email: NO_ONE } }),
  'POST /auth/login/email': () => ({ body: { email: NO_ONE, birthdate: '1984-03-17' } }),
  'POST /auth/login/code': () => ({
    body: { guarantorId: 'no-one', verificationId: 'nothing', code: '123456' },
  }),
  'POST /auth/signup/email': () => ({
    body: {
      accountNumber: '999000111',
      firstName: 'Ana',
      lastName: 'Torres',
      birthdate: '1995-12-08',
      email: NO_ONE,
      enrollPaperless: false,
    },
  }),
  'POST /auth/signup/email/send-code': () => ({
    body: { guarantorId: 'no-one', verificationId: 'nothing' },
  }),
};

const inScope = (operation: Operation) =>
  /^(POST|PUT|DELETE) \/payments\b/.test(operation.key) ||
  /^POST \/auth\/(login|signup)\b/.test(operation.key);

/** `input` with `field` set to `value`; `[]` is the first item of a list. */
function withValue(input: Input, field: string, value: unknown): Input {
  const [scope, ...path] = field.replaceAll('[]', '.0').split('.');
  const copy = structuredClone(input);
  if (scope === 'headers' || scope === 'params') {
    copy[scope] = { ...copy[scope], [path.join('.')]: String(value) };
    return copy;
  }
  let node: unknown = copy.body;
  path.forEach((key, index) => {
    const container = node as Record<string, unknown>;
    if (index === path.length - 1) container[key] = value;
    // An optional object the base request leaves out (saveCard) is added, accepted.
    else node = container[key] ??= { accepted: true };
  });
  return copy;
}

/** The probe that describes a documented limit, or undefined when none or several do. */
function probeFor(limit: Documented): Probe | undefined {
  const matching = (PROBES[limit.field] ?? []).filter(
    (probe) =>
      probe.keyword === limit.keyword &&
      (typeof probe.documented === 'function'
        ? (probe.documented as (value: unknown) => boolean)(limit.value)
        : JSON.stringify(probe.documented) === JSON.stringify(limit.value)),
  );
  return matching.length === 1 ? matching[0] : undefined;
}

describe('OpenAPI limits of the payment and sign-in routes', () => {
  let server: TestServer;
  let token: string;
  let operations: Operation[];

  beforeAll(async () => {
    server = await startTestServer('pglite');
    token = await server.login(DEMO_GUARANTORS.maria.accountNumber, DEMO_GUARANTORS.maria.pin);
    achAuthorization = await acceptedAuthorization(server, token, [LINE], {
      accountType: 'CHECKING',
      accountNumber: ECHECK.accountNumber,
    });
    const document = await fetchOpenApiDocument(server.app);
    operations = operationsOf(document, SERVICE_BASE_PATH).filter(inScope);
  });

  afterAll(async () => {
    await server?.close();
  });

  function send(operation: Operation, input: Input): Promise<Response> {
    const [method = 'GET', template = ''] = operation.key.split(' ');
    const path = template.replace(/\{(\w+)\}/g, (_whole, name: string) =>
      encodeURIComponent(input.params?.[name] ?? ''),
    );
    return server.api(path, {
      method,
      ...(operation.needsToken ? { token } : {}),
      headers: {
        ...(operation.parameters.some((p) => p.name === IDEMPOTENCY_KEY_HEADER.toLowerCase())
          ? { [IDEMPOTENCY_KEY_HEADER.toLowerCase()]: newKey() }
          : {}),
        ...input.headers,
      },
      ...(input.body ? { body: input.body } : {}),
    });
  }

  /** Whether the answer refuses `field` itself (not the request for another reason). */
  async function refusesField(response: Response, field: string): Promise<boolean> {
    if (response.status !== 400) return false;
    const error = errorObjectSchema.parse(await response.json());
    const name = field.replaceAll('[]', '.0');
    return error.details.some((detail) => detail.startsWith(`${name}: `));
  }

  it('covers every payment and sign-in route, each with a request it takes', async () => {
    expect(operations.map((operation) => operation.key).sort()).toEqual(Object.keys(BASES).sort());
    for (const operation of operations) {
      const response = await send(operation, BASES[operation.key]?.() ?? {});
      const body: unknown = await response.json();
      expect(body, operation.key).not.toMatchObject({ code: 'VALIDATION_ERROR' });
    }
  });

  it('documents exactly the limits listed here, an amount of at least $0.01 among them', () => {
    const documented = operations.flatMap(documentedLimits);
    const unexplained = documented.filter((limit) => !probeFor(limit));
    expect(unexplained).toEqual([]);
    const probed = new Set(documented.map(probeFor));
    const undocumented = Object.entries(PROBES).flatMap(([field, probes]) =>
      probes.filter((probe) => !probed.has(probe)).map((probe) => `${field} ${probe.keyword}`),
    );
    expect(undocumented).toEqual([]);
    expect(documented).toContainEqual({
      field: 'body.accounts[].amount',
      keyword: 'minimum',
      value: 0.01,
    });
  });

  it('refuses a value just outside each limit with a 400 naming the field', async () => {
    const accepted: string[] = [];
    for (const operation of operations) {
      const base = BASES[operation.key]?.() ?? {};
      for (const limit of documentedLimits(operation)) {
        // A limit without its probe fails the test above; nothing to send for it here.
        const probe = probeFor(limit);
        if (!probe) continue;
        const response = await send(operation, withValue(base, limit.field, probe.outside));
        if (!(await refusesField(response, limit.field))) {
          accepted.push(`${operation.key} ${limit.field} ${limit.keyword}: ${response.status}`);
        }
      }
    }
    expect(accepted).toEqual([]);
  }, 120_000);

  it('takes the value at each limit', async () => {
    const refused: string[] = [];
    const tried = new Set<Probe>();
    for (const operation of operations) {
      const base = BASES[operation.key]?.() ?? {};
      for (const limit of documentedLimits(operation)) {
        // A field two routes share (the payer) is tried once: an eCheck at the limit is charged.
        const probe = probeFor(limit);
        if (!probe || tried.has(probe)) continue;
        tried.add(probe);
        const response = await send(operation, withValue(base, limit.field, probe.inside));
        if (await refusesField(response, limit.field)) {
          refused.push(`${operation.key} ${limit.field} ${limit.keyword}`);
        }
      }
    }
    expect(refused).toEqual([]);
  }, 120_000);

  it('says in words what a pattern cannot: the routing number checksum', async () => {
    const ach = operations.find((operation) => operation.key === 'POST /payments/ach');
    if (!ach) throw new Error('POST /payments/ach is not in the document');
    const routing = ach.body?.schema.properties?.eCheck?.properties?.routingNumber;
    expect(routing?.description).toMatch(/3-7-1/);
    // Nine digits, so within the pattern, but not a routing number.
    const base = BASES['POST /payments/ach']?.() ?? {};
    const response = await send(ach, withValue(base, 'body.eCheck.routingNumber', '490000017'));
    expect(await refusesField(response, 'body.eCheck.routingNumber')).toBe(true);
  });
});
