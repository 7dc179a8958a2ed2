import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProgress, type ProgressValue } from './progress.ts';

describe('progress bar timing', () => {
  let seen: ProgressValue[];
  let progress: ReturnType<typeof createProgress>;

  beforeEach(() => {
    vi.useFakeTimers();
    seen = [];
    progress = createProgress((value) => seen.push(value));
  });

  afterEach(() => {
    progress.dispose();
    vi.useRealTimers();
  });

  it('starts at 20 and rises by 5 every 500 ms', () => {
    progress.start();
    expect(progress.value).toBe(20);
    vi.advanceTimersByTime(499);
    expect(progress.value).toBe(20);
    vi.advanceTimersByTime(1);
    expect(progress.value).toBe(25);
    vi.advanceTimersByTime(1000);
    expect(progress.value).toBe(35);
  });

  it('never passes 90 while work is running', () => {
    progress.start();
    vi.advanceTimersByTime(60_000);
    expect(progress.value).toBe(90);
    expect(Math.max(...seen.filter((v): v is number => v !== null))).toBe(90);
  });

  it('jumps to 100 when done and clears 300 ms later', () => {
    progress.start();
    vi.advanceTimersByTime(1000);
    progress.done();
    expect(progress.value).toBe(100);
    vi.advanceTimersByTime(299);
    expect(progress.value).toBe(100);
    vi.advanceTimersByTime(1);
    expect(progress.value).toBeNull();
    expect(seen).toEqual([20, 25, 30, 100, null]);
  });

  it('does not advance after done', () => {
    progress.start();
    progress.done();
    vi.advanceTimersByTime(5000);
    expect(seen).toEqual([20, 100, null]);
  });

  it('restarts from 20 when new work begins while clearing', () => {
    progress.start();
    progress.done();
    vi.advanceTimersByTime(100);
    progress.start();
    expect(progress.value).toBe(20);
    vi.advanceTimersByTime(300);
    expect(progress.value).toBe(20);
    vi.advanceTimersByTime(200);
    expect(progress.value).toBe(25);
  });

  it('ignores a second start while running and a done while idle', () => {
    progress.done();
    expect(seen).toEqual([]);
    progress.start();
    vi.advanceTimersByTime(500);
    progress.start();
    expect(progress.value).toBe(25);
  });
});
