import { writeSync } from 'node:fs';
import type { FaultInjectionPoint } from '../../env.ts';

/**
 * WEBPAY_FAULT_INJECTION (never in production): the crash tests start a
 * server with one point and expect the process to die there, as a power cut
 * or an OOM kill would stop it — no shutdown hook, no finally block, no
 * flush. Each point is a step of the payment pipeline after which only the
 * stored state, the guarantor's retry and reconciliation can save the
 * payment.
 */
export class FaultInjector {
  constructor(private readonly point: FaultInjectionPoint | undefined) {}

  /** Dies here when this is the configured point; otherwise returns at once. */
  async crashAt(point: FaultInjectionPoint): Promise<void> {
    if (this.point !== point) return;
    // Straight to stderr: the logger buffers, and nothing is flushed after SIGKILL.
    writeSync(2, `fault injection: killing the process at ${point}\n`);
    process.kill(process.pid, 'SIGKILL');
    // The signal may land a moment after kill() returns; nothing may run meanwhile.
    await new Promise<never>(() => undefined);
  }
}
