import { describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { isDatabaseUnavailable } from './database-errors.ts';

const withCode = (code: string) => Object.assign(new Error('driver error'), { code });

describe('isDatabaseUnavailable', () => {
  it.each(['ECONNREFUSED', 'ETIMEDOUT', '08006', '57P01', '53300'])('recognises %s', (code) => {
    expect(isDatabaseUnavailable(withCode(code))).toBe(true);
  });

  it('looks through the wrapper drizzle puts around driver errors', () => {
    const wrapped = new DrizzleQueryError('select 1', [], withCode('ECONNREFUSED'));
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    expect(
      isDatabaseUnavailable(
        new DrizzleQueryError('select 1', [], new Error('Connection terminated unexpectedly')),
      ),
    ).toBe(true);
  });

  it('does not mistake a bad query or a bug for an outage', () => {
    expect(isDatabaseUnavailable(withCode('23505'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});
