/** How long a mail server that took a probe is trusted to take mail without another. */
export const MAIL_TRUSTED_FOR_MS = 15_000;

/**
 * Whether the mail server can take mail now, asked before answering a
 * sign-in form whose e-mail goes out after the answer (decision 0006,
 * amendment). The answer depends on the mail server alone, never on the
 * message or its address, so every caller waits alike: a good probe is
 * trusted for a short while, during which callers do not wait at all;
 * while the mail server is down, every call probes again (callers that
 * arrive together share one probe), so the first call after it recovers
 * is answered normally. Deliveries do not feed it, on purpose: only a
 * matched address has one, and its outcome must not change how the next
 * caller is answered.
 */
export class MailAvailability {
  private trustedUntil = 0;
  private probing: Promise<void> | undefined;

  constructor(
    private readonly probe: () => Promise<void>,
    private readonly trustedForMs = MAIL_TRUSTED_FOR_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Resolves when the mail server can take mail; rejects with the probe's error when not. */
  async ensure(): Promise<void> {
    if (this.now() < this.trustedUntil) return;
    this.probing ??= this.probe()
      .then(() => {
        this.trustedUntil = this.now() + this.trustedForMs;
      })
      .finally(() => {
        this.probing = undefined;
      });
    await this.probing;
  }
}
