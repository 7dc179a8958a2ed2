import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { CONFIG_CACHE } from './constants.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { sessionStore, toSession } from '@/lib/session.ts';
import { json } from '@test/render-app.tsx';
import { appConfig, claimsFor, maria, tokenFor } from '@test/fixtures.ts';
import { useAppConfig } from './get-app-config.ts';

const HOUR = 60 * 60 * 1000;

const outage = () =>
  json(
    { title: 'Service unavailable', status: 503, code: 'DATABASE_UNAVAILABLE', details: [] },
    503,
  );

/** GET /config/app answers in turn with each of `answers`, the last one from then on. */
function stubConfig(...answers: (() => Response)[]) {
  let call = 0;
  const fetchMock = vi.fn<typeof fetch>(async () => {
    const answer = answers[Math.min(call, answers.length - 1)];
    call += 1;
    if (!answer) throw new Error('no answer stubbed');
    return answer();
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Lets the fake clock run `ms` and every promise settle that it woke up. */
const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** TanStack Query tells components about a change on a later tick (a zero timeout). */
const notified = () => elapse(1);

describe('GET /config/app (SPEC §7, §9: once, 24 h, never stale, 2 retries at 500 ms)', () => {
  let client: QueryClient;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  // A component re-renders only for the fields it reads, so the consumer reads every one asserted.
  const consumer = () =>
    renderHook(
      () => {
        const { data, isError, isFetching, isStale } = useAppConfig();
        return { data, isError, isFetching, isStale };
      },
      { wrapper },
    );

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'Date'] });
    client = createQueryClient();
  });

  afterEach(() => {
    client.clear();
    vi.useRealTimers();
  });

  it('uses the SPEC numbers', () => {
    expect(CONFIG_CACHE).toEqual({ gcTimeMs: 24 * HOUR, retries: 2, retryDelayMs: 500 });
  });

  it('is fetched once: a second consumer reads the cache and nothing refetches it', async () => {
    const fetchMock = stubConfig(() => json(appConfig));
    const first = consumer();
    await notified();
    expect(first.result.current.data).toEqual(appConfig);

    const second = consumer();
    expect(second.result.current.data).toEqual(appConfig);
    expect(second.result.current.isFetching).toBe(false);

    // Neither a returning tab nor a restored connection asks again.
    await act(async () => {
      window.dispatchEvent(new Event('visibilitychange'));
      window.dispatchEvent(new Event('focus'));
      window.dispatchEvent(new Event('online'));
    });
    await elapse(1000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('is never considered stale, however old it gets', async () => {
    const fetchMock = stubConfig(() => json(appConfig));
    const first = consumer();
    await notified();

    vi.setSystemTime(Date.now() + 7 * 24 * HOUR);
    expect(first.result.current.isStale).toBe(false);
    const later = consumer();
    await notified();
    expect(later.result.current.isStale).toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('is kept 24 hours after the last consumer has gone, then dropped', async () => {
    stubConfig(() => json(appConfig));
    const only = consumer();
    await notified();
    only.unmount();

    await elapse(24 * HOUR - 1);
    expect(client.getQueryData(queryKeys.appConfig)).toEqual(appConfig);
    await elapse(1);
    expect(client.getQueryData(queryKeys.appConfig)).toBeUndefined();
  });

  it('survives two failures 500 ms apart and uses the third answer', async () => {
    const fetchMock = stubConfig(outage, outage, () => json(appConfig));
    const view = consumer();
    await elapse(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await elapse(499);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await elapse(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);

    await elapse(499);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await elapse(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await notified();
    expect(view.result.current.data).toEqual(appConfig);
    expect(view.result.current.isError).toBe(false);
  });

  it('gives up after the second retry', async () => {
    const fetchMock = stubConfig(outage);
    const view = consumer();
    await elapse(1000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await notified();
    expect(view.result.current.isError).toBe(true);

    await elapse(HOUR);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('does not carry the session token: the config is the same for everyone', async () => {
    const claims = claimsFor();
    sessionStore.set(
      toSession({ token: tokenFor(claims), expiresAt: Date.now() + HOUR, user: maria, claims }),
    );
    onTestFinished(() => sessionStore.set(null));
    const fetchMock = stubConfig(() => json(appConfig));
    consumer();
    await notified();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toMatch(/\/config\/app$/);
    expect(new Headers(init?.headers).has('Authorization')).toBe(false);
  });
});
