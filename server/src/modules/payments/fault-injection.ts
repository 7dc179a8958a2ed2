import type { FaultInjectionPoint } from '../../env.ts';
import type { MailLog } from '../mail/mail.transport.ts';

/**
 * WEBPAY_FAULT_INJECTION (never in production): the crash test starts a
 * server with it and expects the process to die between the processor's
 * approval and our write, the one moment where only reconciliation can
 * save the payment.
 */
export class FaultInjector {
  constructor(
    private readonly point: FaultInjectionPoint | undefined,
    private readonly log: MailLog,
  ) {}

  /** Dies here when asked to; otherwise returns at once. */
  async afterApproval(): Promise<void> {
    if (this.point !== 'crash-after-approval') return;
    this.log.warn({ fault: this.point }, 'fault injection: killing the process after an approval');
    process.kill(process.pid, 'SIGKILL');
    // The signal may land a moment after kill() returns; nothing may run meanwhile.
    await new Promise<never>(() => undefined);
  }
}
