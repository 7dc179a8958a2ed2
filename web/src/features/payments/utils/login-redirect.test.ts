import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnyRouter } from '@tanstack/react-router';
import { scheduleLoginRedirect } from './login-redirect.ts';

type Listener = (event: { hrefChanged: boolean }) => void;

function fakeRouter() {
  const listeners = new Set<Listener>();
  const router = {
    navigate: vi.fn(async () => undefined),
    subscribe: vi.fn((_event: string, listener: Listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    }),
  };
  const emit = (hrefChanged: boolean) => {
    for (const listener of [...listeners]) listener({ hrefChanged });
  };
  return { router, emit, listeners, asRouter: router as unknown as AnyRouter };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('scheduleLoginRedirect (SPEC §8: 401 → PIN sign-in after 5 s)', () => {
  it('goes to /login/pin?next=/dashboard after 5 seconds and stops listening', () => {
    vi.useFakeTimers();
    const { router, asRouter, listeners } = fakeRouter();
    const before = vi.fn();
    scheduleLoginRedirect(asRouter, before);
    vi.advanceTimersByTime(4_999);
    expect(router.navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(before).toHaveBeenCalled();
    expect(router.navigate).toHaveBeenCalledWith({
      to: '/login/pin',
      search: { next: '/dashboard' },
    });
    expect(listeners.size).toBe(0);
  });

  it('gives way to a navigation the guarantor makes first, but not to a reload of the same page', () => {
    vi.useFakeTimers();
    const { router, asRouter, emit } = fakeRouter();
    scheduleLoginRedirect(asRouter);
    emit(false);
    emit(true);
    vi.advanceTimersByTime(10_000);
    expect(router.navigate).not.toHaveBeenCalled();
  });

  it('keeps one redirect when a second 401 comes', () => {
    vi.useFakeTimers();
    const { router, asRouter } = fakeRouter();
    scheduleLoginRedirect(asRouter);
    vi.advanceTimersByTime(3_000);
    scheduleLoginRedirect(asRouter);
    vi.advanceTimersByTime(5_000);
    expect(router.navigate).toHaveBeenCalledTimes(1);
  });
});
