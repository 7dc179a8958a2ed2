import { describe, expect, it } from 'vitest';
import { fallbackError, isErrorObject } from './errors.ts';

describe('SPEC §8 fallback errors', () => {
  it('uses ERR1002 for a 401', () => {
    expect(fallbackError(401)).toEqual({
      title: 'Session expired',
      status: 401,
      code: 'ERR1002',
      details: ['Your session has expired. Please log in again.'],
      requestId: '',
      correlationId: '',
    });
  });

  it('uses ERR1001 for any other status, 500 when there is none', () => {
    const expected = {
      title: 'An unexpected error occurred',
      code: 'ERR1001',
      details: ['An error occurred while processing your request. Please try again later.'],
      requestId: '',
      correlationId: '',
    };
    expect(fallbackError(undefined)).toEqual({ ...expected, status: 500 });
    expect(fallbackError(502)).toEqual({ ...expected, status: 502 });
  });
});

describe('isErrorObject', () => {
  it('recognises the error object by its fields', () => {
    expect(isErrorObject({ title: 'Not found', status: 404, code: 'NOT_FOUND', details: [] })).toBe(
      true,
    );
    expect(
      isErrorObject({
        title: 'x',
        status: 400,
        code: 'VALIDATION_ERROR',
        details: ['body.pin: required'],
        requestId: 'r',
        correlationId: 'c',
      }),
    ).toBe(true);
  });

  it('rejects bodies that lack a field or have the wrong types', () => {
    expect(isErrorObject({ message: 'Not Found', statusCode: 404 })).toBe(false);
    expect(isErrorObject({ title: 'x', status: '404', code: 'X', details: [] })).toBe(false);
    expect(isErrorObject({ title: 'x', status: 404, code: 'X', details: 'oops' })).toBe(false);
    expect(isErrorObject(null)).toBe(false);
    expect(isErrorObject('error')).toBe(false);
  });
});
