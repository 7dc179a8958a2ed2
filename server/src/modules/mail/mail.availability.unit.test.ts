import { describe, expect, it } from 'vitest';
import { MailAvailability } from './mail.availability.ts';

const TRUSTED_MS = 15_000;

/** A mail server whose answer to the next probes the test decides, on a clock the test moves. */
function setUp() {
  const clock = { now: 1_000_000 };
  const server = { up: true, probes: 0 };
  const availability = new MailAvailability(
    async () => {
      server.probes += 1;
      await Promise.resolve();
      if (!server.up) throw new Error('connect ECONNREFUSED 127.0.0.1:2525');
    },
    TRUSTED_MS,
    () => clock.now,
  );
  return { availability, clock, server };
}

describe('MailAvailability', () => {
  it('trusts a good probe for a short while, then probes again', async () => {
    const { availability, clock, server } = setUp();
    await availability.ensure();
    clock.now += TRUSTED_MS - 1;
    await availability.ensure();
    expect(server.probes).toBe(1);

    clock.now += 1;
    await availability.ensure();
    expect(server.probes).toBe(2);
  });

  it('probes on every call while the mail server is down, and answers normally once it is back', async () => {
    const { availability, server } = setUp();
    server.up = false;
    await expect(availability.ensure()).rejects.toThrow('ECONNREFUSED');
    await expect(availability.ensure()).rejects.toThrow('ECONNREFUSED');
    expect(server.probes).toBe(2);

    server.up = true;
    await availability.ensure();
    await availability.ensure();
    expect(server.probes).toBe(3);
  });

  it('lets callers that arrive together share one probe, and its outcome', async () => {
    const { availability, server } = setUp();
    server.up = false;
    const outcomes = await Promise.allSettled([
      availability.ensure(),
      availability.ensure(),
      availability.ensure(),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(server.probes).toBe(1);
  });
});
