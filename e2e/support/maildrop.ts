import os from 'node:os';
import path from 'node:path';

/** Where the test run's SMTP listener leaves the messages sent by the server on `port`. */
export function maildropFor(port: number): string {
  return path.join(os.tmpdir(), `webpay-e2e-mail-${port}`);
}
