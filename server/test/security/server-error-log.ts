import { Writable } from 'node:stream';

/*
 * A test server's error-level log lines, kept by request id, so that a
 * fuzzed request answered with a 5xx is reported with the cause the server
 * logged for it (the answer itself rightly says nothing about internals).
 */

interface LogLine {
  level?: number;
  requestId?: string;
  msg?: string;
  err?: { type?: string; message?: string; stack?: string };
}

const ERROR_LEVEL = 50;

export class ServerErrorLog extends Writable {
  private readonly causes = new Map<string, string>();
  private partial = '';

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    const lines = (this.partial + chunk.toString()).split('\n');
    this.partial = lines.pop() ?? '';
    for (const line of lines) this.read(line);
    done();
  }

  private read(text: string): void {
    let line: LogLine;
    try {
      line = JSON.parse(text) as LogLine;
    } catch {
      return;
    }
    if ((line.level ?? 0) < ERROR_LEVEL || !line.requestId) return;
    const causedBy = (line.err?.stack ?? '')
      .split('\n')
      .filter((entry) => entry.startsWith('caused by'))
      .join('; ');
    const message = (line.err?.message ?? '').split('\n')[0];
    this.causes.set(
      line.requestId,
      [line.msg, line.err?.type, message, causedBy].filter(Boolean).join(': '),
    );
  }

  /** What the server logged for a request; waits a turn for the line to arrive. */
  async causeOf(requestId: string | undefined): Promise<string | undefined> {
    await new Promise((resolve) => setImmediate(resolve));
    return requestId ? this.causes.get(requestId) : undefined;
  }
}
