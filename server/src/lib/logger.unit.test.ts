import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { REDACTED, loggerOptions, redactUrl } from './logger.ts';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino(loggerOptions('info'), stream), lines };
}

describe('redactUrl', () => {
  it('keeps the path and parameter names but not their values', () => {
    expect(redactUrl('/webpay/login/magic?abracadabra=s3cret&next=/dashboard')).toBe(
      `/webpay/login/magic?abracadabra=${REDACTED}&next=${REDACTED}`,
    );
    expect(redactUrl('/api/x')).toBe('/api/x');
    expect(redactUrl('/api/x?flag')).toBe('/api/x?flag');
  });

  it('masks the token of a staff enrolment link in the path', () => {
    expect(redactUrl('/api/v1/office/enrolment/abc-DEF_123?x=1')).toBe(
      `/api/v1/office/enrolment/${REDACTED}?x=${REDACTED}`,
    );
    expect(redactUrl('/office/enrol/abc-DEF_123')).toBe(`/office/enrol/${REDACTED}`);
  });
});

describe('logger options', () => {
  it('masks credentials and bodies wherever a log call passes them', () => {
    const { logger, lines } = capture();
    logger.info(
      {
        req: {
          headers: { authorization: 'Bearer abc.def.ghi', 'x-api-key': 'k' },
          body: { pin: '1234' },
        },
        pin: '48271936',
        body: { accountNumber: '100200300' },
        payer: { token: 'bearer-value-1', cardNumber: '4111111111111111' },
      },
      'something happened',
    );
    const text = JSON.stringify(lines);
    for (const secret of [
      'abc.def.ghi',
      '48271936',
      '100200300',
      'bearer-value-1',
      '4111111111111111',
      '"1234"',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('logs a failed statement without its parameters', () => {
    const { logger, lines } = capture();
    const error = new DrizzleQueryError(
      'select * from sessions where id = $1',
      ['secret-token-hash'],
      new Error('boom'),
    );
    logger.error({ err: error }, 'request failed');
    const text = JSON.stringify(lines);
    expect(text).toContain('select * from sessions');
    expect(text).not.toContain('secret-token-hash');
  });
});
