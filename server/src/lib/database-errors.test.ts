import { describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { causeChain, isDatabaseUnavailable, isUniqueViolation } from './database-errors.ts';

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

/** A driver error carrying a SQLSTATE and, optionally, the refusing constraint. */
function pgError(code: string, message: string, constraint?: string): Error {
  return Object.assign(new Error(message), { code, ...(constraint ? { constraint } : {}) });
}

describe('causeChain', () => {
  it('walks the wrapped errors, outermost first, and stops at a non-error cause', () => {
    const inner = new Error('inner', { cause: 'not an error' });
    const outer = new Error('outer', { cause: inner });
    expect([...causeChain(outer)].map((error) => error.message)).toEqual(['outer', 'inner']);
  });

  it('stops after five links', () => {
    let error = new Error('0');
    for (let index = 1; index < 10; index += 1) error = new Error(String(index), { cause: error });
    expect([...causeChain(error)]).toHaveLength(5);
    expect([...causeChain('text')]).toEqual([]);
  });
});

describe('isUniqueViolation', () => {
  it('finds a unique violation wrapped by drizzle', () => {
    const wrapped = new Error('Failed query', { cause: pgError('23505', 'duplicate key') });
    expect(isUniqueViolation(wrapped)).toBe(true);
    expect(isUniqueViolation(new Error('other', { cause: pgError('23503', 'fk') }))).toBe(false);
  });

  it('with an index, counts only a refusal by that index', () => {
    const byName = pgError('23505', 'duplicate key', 'guarantors_email_key');
    const byMessage = pgError('23505', 'violates unique constraint "receipts_receipt_id_key"');
    expect(isUniqueViolation(byName, 'guarantors_email_key')).toBe(true);
    expect(isUniqueViolation(byName, 'receipts_receipt_id_key')).toBe(false);
    expect(
      isUniqueViolation(new Error('wrap', { cause: byMessage }), 'receipts_receipt_id_key'),
    ).toBe(true);
  });
});
