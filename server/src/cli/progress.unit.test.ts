import { describe, expect, it } from 'vitest';
import { progressPrinter } from './progress.ts';

describe('progress lines', () => {
  const printer = (options: { minimumTotal?: number } = {}) => {
    const lines: string[] = [];
    let clock = 0;
    const report = progressPrinter((line) => lines.push(line), {
      ...options,
      intervalMs: 1000,
      now: () => clock,
    });
    return { lines, report, advance: (ms: number) => (clock += ms) };
  };

  it('shows a stage at most once a second, and once when it completes', () => {
    const { lines, report, advance } = printer();
    report('writing encounters', 0, 100_000);
    advance(400);
    report('writing encounters', 20_000, 100_000);
    advance(700);
    report('writing encounters', 40_000, 100_000);
    advance(100);
    report('writing encounters', 60_000, 100_000);
    report('writing encounters', 100_000, 100_000);
    report('writing encounters', 100_000, 100_000);
    expect(lines).toEqual([
      'writing encounters: 40,000 of 100,000 (40%)',
      'writing encounters: 100,000 of 100,000 (100%)',
    ]);
  });

  it('keeps each stage to itself', () => {
    const { lines, report } = printer();
    report('reading', 10, 10);
    report('writing guarantors', 3, 3);
    expect(lines).toEqual(['reading: 10 of 10 (100%)', 'writing guarantors: 3 of 3 (100%)']);
  });

  it('says nothing of stages smaller than the minimum', () => {
    const { lines, report } = printer({ minimumTotal: 5_000 });
    report('writing plans', 4_999, 4_999);
    report('writing encounters', 5_000, 5_000);
    expect(lines).toEqual(['writing encounters: 5,000 of 5,000 (100%)']);
  });
});
