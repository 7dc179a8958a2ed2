import { describe, expect, it } from 'vitest';
import { productionInputs, testToolingIn } from '../../build-tools/build.ts';

/*
 * Fault injection reaches payments only through PaymentCheckpoints, and
 * only code under server/test supplies a listener that crashes. The
 * production bundle is built from src/main.ts and src/cli/webpay.ts: if it
 * holds no file of server/test, nothing a production start runs can kill a
 * payment halfway.
 */
describe('the production bundle', () => {
  it('carries the payment checkpoints but none of the test tooling that listens to them', async () => {
    const inputs = await productionInputs();
    expect(inputs).toContain('src/modules/payments/payment-checkpoints.ts');
    expect(inputs).toContain('src/main.ts');
    expect(testToolingIn(inputs)).toEqual([]);
    expect(inputs.filter((input) => input.includes('crashing-server'))).toEqual([]);
  });

  it('would notice test tooling taken in', () => {
    expect(testToolingIn(['src/main.ts', 'test/faults/crashing-server.ts'])).toEqual([
      'test/faults/crashing-server.ts',
    ]);
  });
});
