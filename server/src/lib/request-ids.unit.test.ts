import { describe, expect, it } from 'vitest';
import { correlationIdFor, requestIdFor, saneId } from './request-ids.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids', () => {
  it('keeps a sane incoming X-Request-Id', () => {
    expect(requestIdFor({ 'x-request-id': 'abc-123_4.5:6' })).toBe('abc-123_4.5:6');
  });

  it.each([
    ['empty', ''],
    ['spaces', 'a b'],
    ['a forged log line', 'id\n{"level":60}'],
    ['quotes', '"x"'],
    ['too long', 'a'.repeat(129)],
    ['a leading dash', '-abc'],
  ])('replaces an id with %s by a random UUID', (_label, value) => {
    expect(saneId(value)).toBeUndefined();
    expect(requestIdFor({ 'x-request-id': value })).toMatch(UUID);
  });

  it('makes a fresh UUID per request when none is sent', () => {
    const first = requestIdFor({});
    expect(first).toMatch(UUID);
    expect(requestIdFor({})).not.toBe(first);
  });

  it('takes the correlation id from X-Correlation-Id, else the request id', () => {
    expect(correlationIdFor({ 'x-correlation-id': 'flow-7' }, 'req-1')).toBe('flow-7');
    expect(correlationIdFor({}, 'req-1')).toBe('req-1');
    expect(correlationIdFor({ 'x-correlation-id': 'bad id' }, 'req-1')).toBe('req-1');
  });
});
