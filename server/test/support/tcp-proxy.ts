import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';

/*
 * A TCP proxy a test controls, to put faults on a real connection (to
 * PostgreSQL, to a mail server) without touching the server behind it,
 * which other test runs share: it can stall every byte (a network
 * partition, a frozen host), cut every connection (a restart, a reset
 * firewall), refuse new ones (the host is down) and add latency.
 */

export interface TcpProxy {
  readonly host: string;
  /** The port to point the client at; it stays the same across refuse/accept. */
  readonly port: number;
  /** Stops moving bytes: open and new connections stay up but nothing arrives either way. */
  pause(): void;
  /** Moves the held bytes on, and everything after them. */
  resume(): void;
  /** Resets every open connection, as a restarted database or a dropped route does. */
  cutAll(): void;
  /**
   * Cuts every connection and refuses new ones: `closed` (the default) as a
   * host that is down (ECONNREFUSED), `reset` as a server that accepts and
   * drops each connection at once (ECONNRESET).
   */
  refuse(how?: 'closed' | 'reset'): Promise<void>;
  /** Takes connections again after refuse(). */
  accept(): Promise<void>;
  /** Delays each chunk by this long in each direction (0: none). */
  setLatency(ms: number): void;
  close(): Promise<void>;
}

interface Link {
  client: Socket;
  upstream: Socket | undefined;
}

/** Forwards `from` into `to` through a queue, so a delay never reorders bytes. */
function forward(from: Socket, to: () => Socket | undefined, latency: () => number): void {
  const queue: { chunk: Buffer; at: number }[] = [];
  let timer: NodeJS.Timeout | undefined;
  let ended = false;

  const drain = () => {
    timer = undefined;
    const now = Date.now();
    while (queue.length > 0 && (queue[0]?.at ?? 0) <= now) {
      const next = queue.shift();
      const target = to();
      if (next && target && !target.destroyed) target.write(next.chunk);
    }
    if (queue.length > 0) {
      timer = setTimeout(drain, (queue[0]?.at ?? now) - now);
    } else if (ended) {
      to()?.end();
    }
  };

  from.on('data', (chunk: Buffer) => {
    const last = queue.at(-1)?.at ?? 0;
    queue.push({ chunk, at: Math.max(Date.now() + latency(), last) });
    if (!timer) drain();
  });
  from.on('end', () => {
    ended = true;
    if (!timer) drain();
  });
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const links = new Set<Link>();
  let paused = false;
  let resetting = false;
  let latencyMs = 0;
  const host = '127.0.0.1';
  // Replaced on each accept(): a closed net.Server cannot listen again.
  let server: Server | undefined;

  const openUpstream = (link: Link) => {
    const upstream = connect(targetPort, targetHost);
    link.upstream = upstream;
    upstream.on('error', () => link.client.destroy());
    upstream.on('close', () => link.client.destroy());
    forward(
      upstream,
      () => link.client,
      () => latencyMs,
    );
    if (paused) upstream.pause();
  };

  const onConnection = (client: Socket) => {
    if (resetting) {
      client.resetAndDestroy();
      return;
    }
    const link: Link = { client, upstream: undefined };
    links.add(link);
    client.on('error', () => link.upstream?.destroy());
    client.on('close', () => {
      links.delete(link);
      link.upstream?.destroy();
    });
    forward(
      client,
      () => link.upstream,
      () => latencyMs,
    );
    // While paused, the client's bytes wait in the kernel and the upstream
    // connection is opened only on resume, as with a stalled route.
    if (paused) client.pause();
    else openUpstream(link);
  };

  const cutAll = () => {
    for (const link of links) {
      link.client.resetAndDestroy();
      link.upstream?.destroy();
    }
    links.clear();
  };

  const listen = (port: number) =>
    new Promise<Server>((resolve, reject) => {
      const listener = createServer(onConnection);
      listener.once('error', reject);
      listener.listen(port, host, () => resolve(listener));
    });
  const stopListening = async () => {
    const listener = server;
    server = undefined;
    if (!listener) return;
    const closed = new Promise<void>((resolve) => listener.close(() => resolve()));
    cutAll();
    await closed;
  };

  server = await listen(0);
  const { port } = server.address() as AddressInfo;

  return {
    host,
    port,
    pause() {
      paused = true;
      for (const link of links) {
        link.client.pause();
        link.upstream?.pause();
      }
    },
    resume() {
      paused = false;
      for (const link of links) {
        link.client.resume();
        if (link.upstream) link.upstream.resume();
        else openUpstream(link);
      }
    },
    cutAll,
    async refuse(how = 'closed') {
      if (how === 'closed') return stopListening();
      resetting = true;
      cutAll();
    },
    async accept() {
      resetting = false;
      if (server) return;
      // The same port, so the client's configuration stays valid; another
      // socket taking it meanwhile would fail the test loudly, not silently.
      server = await listen(port);
    },
    setLatency(ms: number) {
      latencyMs = ms;
    },
    async close() {
      paused = false;
      resetting = false;
      latencyMs = 0;
      await stopListening();
      cutAll();
    },
  };
}
