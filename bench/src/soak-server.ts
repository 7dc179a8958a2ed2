import { fileURLToPath } from 'node:url';
import { startServiceProcess, type ServiceProcess } from './bench-process.ts';
import { MEMORY_REQUEST, PROBE_ENV, type MemorySample } from './soak-probe.ts';

/*
 * The service as production runs it (bench-process.ts), with request logging
 * at info and the memory probe loaded beside it.
 */

const PROBE = fileURLToPath(new URL('./soak-probe.ts', import.meta.url));

export interface SoakServer extends ServiceProcess {
  /** The server process's memory, after a full collection when --expose-gc took. */
  memory(): Promise<MemorySample>;
}

/** Starts the server over `databaseUrl` (unset: the embedded database in a fresh data directory). */
export async function startSoakServer(databaseUrl: string | undefined): Promise<SoakServer> {
  const server = await startServiceProcess({
    databaseUrl,
    logLevel: 'info',
    nodeArgs: ['--expose-gc', '--import', PROBE],
    ipc: true,
    env: { [PROBE_ENV]: '1' },
  });
  const { child } = server;
  return {
    ...server,
    memory: () =>
      new Promise<MemorySample>((resolve, reject) => {
        const timer = setTimeout(() => {
          child.off('message', onMessage);
          reject(new Error('the server did not report its memory within 10 s'));
        }, 10_000);
        const onMessage = (message: unknown) => {
          if ((message as Partial<MemorySample> | null)?.type !== MEMORY_REQUEST) return;
          clearTimeout(timer);
          child.off('message', onMessage);
          resolve(message as MemorySample);
        };
        child.on('message', onMessage);
        child.send(MEMORY_REQUEST);
      }),
  };
}
