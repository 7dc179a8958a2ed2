/*
 * The log check's own tests (support/log-check.ts): it must find a planted
 * secret, read codes out of quoted-printable mail, ignore six digits inside
 * longer numbers, and refuse a log too short to be the whole log. No browser.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { DEMO_GUARANTORS } from '@webpay/server/testkit/demo';
import { SANDBOX_BANK_ACCOUNTS, SANDBOX_TEST_CARDS } from '@webpay/server/testkit/instruments';
import {
  checkServerLogs,
  countRequests,
  findLeaks,
  fixedSecrets,
  formatReport,
  literal,
  numberOfItsOwn,
  secretsInMail,
  type Secret,
} from '../support/log-check.ts';

const CODE = '407315';
const TOKEN = 'q8Zr-3vX_0aLmN4pQ7sT1uW9yB2cD5eF6gH8iJ0kLmN';

/** A code e-mail as the service sends it: quoted-printable, the long link broken by a soft line break. */
const MAIL = [
  'From: WebPay <no-reply@example.com>',
  'To: maria.garcia@example.com',
  'Subject: Your WebPay sign-in code',
  'MIME-Version: 1.0',
  'Content-Type: multipart/alternative; boundary="--_part_1"',
  '',
  '----_part_1',
  'Content-Type: text/plain; charset=utf-8',
  'Content-Transfer-Encoding: quoted-printable',
  '',
  'Enter this code on the WebPay page where you asked for it:',
  '',
  `    ${CODE}`,
  '',
  'Or sign in with one click:',
  `http://127.0.0.1:8180/webpay/login/magic?abracadabra=3D${TOKEN.slice(0, 20)}=`,
  TOKEN.slice(20),
  '',
  '----_part_1',
  'Content-Type: text/html; charset=utf-8',
  'Content-Transfer-Encoding: quoted-printable',
  '',
  `<p style=3D"font-size:32px">${CODE}</p>`,
  `<a href=3D"http://127.0.0.1:8180/webpay/login/magic?abracadabra=3D${TOKEN}">Sign in</a>`,
  '----_part_1--',
  '',
].join('\r\n');

const entry = (fields: Record<string, unknown>) =>
  JSON.stringify({ level: 30, time: 1795434909587, pid: 4242, hostname: 'ci', ...fields });
const request = (url: string) =>
  entry({
    requestId: 'a319c4a7-01d8-4f9b-8c67-346fc76ea612',
    req: { method: 'GET', url, remoteAddress: '127.0.0.1' },
    msg: 'incoming request',
  });

const mailSecrets = (): Secret[] => {
  const { codes, tokens } = secretsInMail(MAIL);
  return [
    ...codes.map((code) => numberOfItsOwn('code', 'code', code)),
    ...tokens.map((token) => literal('sign-in token', 'token', token)),
  ];
};

test('reads the code and the sign-in token out of a quoted-printable e-mail', () => {
  expect(secretsInMail(MAIL)).toEqual({ codes: [CODE], tokens: [TOKEN], unreadable: [] });
  const garbled = MAIL.replace(`    ${CODE}`, '    4073').replaceAll('abracadabra', 'x');
  expect(secretsInMail(garbled).unreadable).toEqual(['code', 'sign-in token']);
});

test('finds every planted secret, spaced or dashed card numbers too, by line', () => {
  const visa = SANDBOX_TEST_CARDS.visa.number;
  const log = [
    request('/readyz'),
    entry({ msg: 'sign-in', body: { pin: DEMO_GUARANTORS.linda.pin } }),
    entry({ msg: `card ${visa.replace(/(\d{4})(?=\d)/g, '$1 ')}` }),
    entry({ msg: `card ${SANDBOX_TEST_CARDS.amex.number.replace(/^(\d{4})(\d{6})/, '$1-$2-')}` }),
    entry({ msg: 'eCheck', account: SANDBOX_BANK_ACCOUNTS.declined.accountNumber }),
    entry({ msg: `code ${CODE} sent.` }),
    request(`/webpay/login/magic?abracadabra=${TOKEN}`),
    '',
  ].join('\n');
  const leaks = findLeaks('planted.log', log, [...fixedSecrets(), ...mailSecrets()]);
  expect(leaks.map((leak) => [leak.line, leak.secret.kind, leak.secret.value])).toEqual([
    [2, 'PIN', DEMO_GUARANTORS.linda.pin],
    [3, 'card number', visa],
    [4, 'card number', SANDBOX_TEST_CARDS.amex.number],
    [5, 'bank account number', SANDBOX_BANK_ACCOUNTS.declined.accountNumber],
    [6, 'code', CODE],
    [7, 'sign-in token', TOKEN],
  ]);
  // Each leak is shown by its own line, not its neighbours.
  expect(leaks.filter((leak) => leak.excerpt.includes('\n'))).toEqual([]);
});

test('takes six digits inside a timestamp, an id or a decimal for no code', () => {
  const log = [
    entry({ time: Number(`1795${CODE}587`), msg: 'request completed', responseTime: 5.407315 }),
    entry({ requestId: `a319c4a7-01d8-4f9b-8c67-${CODE}fc76ea`, msg: 'incoming request' }),
    entry({ msg: `receipt R-9001 of ${CODE}.25 dollars`, amount: `12${CODE}` }),
    request('/webpay/login/magic?abracadabra=[REDACTED]'),
  ].join('\n');
  expect(findLeaks('clean.log', log, [...fixedSecrets(), ...mailSecrets()])).toEqual([]);
  expect(countRequests(log)).toBe(1);
});

test.describe('over the files of a run', () => {
  let dir = '';
  test.beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'webpay-log-check-'));
    await mkdir(path.join(dir, 'mail'));
    await writeFile(path.join(dir, 'mail', '00001.eml'), MAIL);
  });
  test.afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const server = (name: string, testsPassed: number) => ({
    name,
    logFile: path.join(dir, `${name}.log`),
    maildrop: path.join(dir, 'mail'),
    testsPassed,
  });
  const requests = (count: number) =>
    Array.from({ length: count }, (_, index) => request(`/webpay/page-${index}`));

  test('passes a clean log, with its figures', async () => {
    await writeFile(path.join(dir, 'clean.log'), `${requests(3).join('\n')}\n`);
    const report = await checkServerLogs([server('clean', 3)]);
    expect(report).toMatchObject({ lines: 3, requests: 3, mails: 1, leaks: [], problems: [] });
    expect(report.secrets).toEqual({
      PIN: Object.keys(DEMO_GUARANTORS).length,
      'card number': Object.keys(SANDBOX_TEST_CARDS).length + 1,
      'bank account number': Object.keys(SANDBOX_BANK_ACCOUNTS).length,
      code: 1,
      'sign-in token': 1,
    });
    expect(formatReport(report)).toContain('leaks found: 0');
  });

  test('fails on the e-mailed code in a log, an empty log and a missing one', async () => {
    await writeFile(
      path.join(dir, 'leaky.log'),
      [...requests(3), entry({ msg: 'verification', code: CODE })].join('\n'),
    );
    await writeFile(path.join(dir, 'empty.log'), '');
    const report = await checkServerLogs([
      server('leaky', 3),
      server('empty', 2),
      server('missing', 0),
    ]);
    expect(report.leaks).toHaveLength(1);
    expect(report.leaks[0]).toMatchObject({ line: 4, secret: { kind: 'code', value: CODE } });
    expect(report.problems).toEqual([
      expect.stringMatching(/^empty: 0 requests logged for 2 passed tests/),
      expect.stringMatching(/^missing: no log at /),
    ]);
    expect(formatReport(report)).toMatch(/leaks found: 1\n {2}LEAK leaky\.log:4: code in /);
  });
});
