/*
 * Loaded into the soaked server process (`node --import`), beside the
 * service and untouched by it: answers the benchmark's memory questions over
 * the IPC channel. With --expose-gc it collects first, so the heap figure is
 * what the process keeps, not garbage it has yet to collect — the figure a
 * leak shows in.
 */

export const MEMORY_REQUEST = 'webpay-soak:memory';

export interface MemorySample {
  type: typeof MEMORY_REQUEST;
  /** Whether a full collection ran before measuring. */
  afterGc: boolean;
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
}

/** Set in the soaked server's environment only, so that importing this file elsewhere does nothing. */
export const PROBE_ENV = 'WEBPAY_SOAK_PROBE';

if (process.env[PROBE_ENV] === '1') {
  const gc = (globalThis as { gc?: () => void }).gc;
  process.on('message', (message: unknown) => {
    if (message !== MEMORY_REQUEST) return;
    gc?.();
    const sample: MemorySample = {
      type: MEMORY_REQUEST,
      afterGc: gc !== undefined,
      ...process.memoryUsage(),
    };
    process.send?.(sample);
  });
  // The channel must not keep the server alive once it is asked to stop.
  process.channel?.unref();
}
