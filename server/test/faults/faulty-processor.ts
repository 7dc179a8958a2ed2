import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SANDBOX_CONVERGE_PATH } from '../../src/env.ts';

/*
 * Converge as it fails in production, in front of the sandbox processor: a
 * proxy that passes each call on to the sandbox unless a fault is set for
 * its operation. The service is pointed at it with CONVERGE_HOSTED_URL and
 * CONVERGE_XML_URL; the lightbox (the browser's side) still talks to the
 * sandbox directly, as the browser talks to Converge.
 */

/** The operation of a call: `transaction_token` (hosted payments) or the XML API's transaction type. */
export type ProcessorOperation = 'transaction_token' | 'txnquery' | 'ecspurchase';

export type ProcessorFault =
  /** Never answers. With `after`, the sandbox got the call first: it acted, the answer is lost. */
  | { kind: 'hang'; after?: boolean }
  /** Answers this HTTP status with an error page, as a load balancer in trouble does. */
  | { kind: 'status'; status: number; after?: boolean }
  /** Answers 200 with something that is not Converge's protocol. */
  | { kind: 'garbage'; after?: boolean }
  /** Drops the connection without an answer. */
  | { kind: 'reset' }
  /** Passes the call on and changes these fields in every transaction of the answer. */
  | { kind: 'rewrite'; fields: Record<string, string> };

export interface FaultyProcessor {
  hostedUrl: string;
  xmlUrl: string;
  /** The sandbox to pass calls on to: a test server's base URL. */
  setTarget(baseUrl: string): void;
  inject(operation: ProcessorOperation, fault: ProcessorFault): void;
  /** Back to passing everything on; hanging calls are dropped. */
  clear(): void;
  /** Refuses connections (ECONNREFUSED) until accept(). */
  refuse(): Promise<void>;
  accept(): Promise<void>;
  close(): Promise<void>;
}

const GARBAGE = '<html><body><h1>502 Bad Gateway</h1><p>upstream unavailable</p></body>';

function operationOf(url: string, body: string): string {
  if (url.endsWith('/transaction_token')) return 'transaction_token';
  const xml = new URLSearchParams(body).get('xmldata') ?? '';
  return /<ssl_transaction_type>([^<]*)</.exec(xml)?.[1] ?? '';
}

function rewrite(xml: string, fields: Record<string, string>): string {
  let result = xml;
  for (const [name, value] of Object.entries(fields)) {
    result = result.replace(
      new RegExp(`<${name}>[^<]*</${name}>`, 'g'),
      `<${name}>${value}</${name}>`,
    );
  }
  return result;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFaultyProcessor(): Promise<FaultyProcessor> {
  const faults = new Map<string, ProcessorFault>();
  const hanging = new Set<ServerResponse>();
  let target = '';
  let server: Server | undefined;

  const passOn = async (request: IncomingMessage, body: string) => {
    const answer = await fetch(`${target}${request.url ?? ''}`, {
      method: 'POST',
      headers: { 'content-type': request.headers['content-type'] ?? 'text/plain' },
      body,
    });
    return {
      status: answer.status,
      type: answer.headers.get('content-type'),
      text: await answer.text(),
    };
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const body = await readBody(request);
    const fault = faults.get(operationOf(request.url ?? '', body));
    if (fault?.kind === 'reset') {
      response.socket?.resetAndDestroy();
      return;
    }
    const reached =
      !fault || fault.kind === 'rewrite' || fault.after ? await passOn(request, body) : undefined;
    switch (fault?.kind) {
      case 'hang':
        hanging.add(response);
        response.on('close', () => hanging.delete(response));
        return;
      case 'status':
        response.writeHead(fault.status, { 'content-type': 'text/html' }).end(GARBAGE);
        return;
      case 'garbage':
        response.writeHead(200, { 'content-type': 'text/html' }).end(GARBAGE);
        return;
      default: {
        const text =
          fault?.kind === 'rewrite' ? rewrite(reached?.text ?? '', fault.fields) : reached?.text;
        response
          .writeHead(reached?.status ?? 502, { 'content-type': reached?.type ?? 'text/plain' })
          .end(text);
      }
    }
  };

  const listen = (port: number) =>
    new Promise<Server>((resolve, reject) => {
      const listener = createServer((request, response) => {
        handle(request, response).catch(() => response.destroy());
      });
      listener.once('error', reject);
      listener.listen(port, '127.0.0.1', () => resolve(listener));
    });
  const stop = async () => {
    const listener = server;
    server = undefined;
    if (!listener) return;
    const closed = new Promise<void>((resolve) => listener.close(() => resolve()));
    listener.closeAllConnections();
    await closed;
  };

  server = await listen(0);
  const { port } = server.address() as AddressInfo;
  const root = `http://127.0.0.1:${port}${SANDBOX_CONVERGE_PATH}`;

  return {
    hostedUrl: `${root}/hosted-payments`,
    xmlUrl: `${root}/VirtualMerchantDemo/processxml.do`,
    setTarget(baseUrl) {
      target = baseUrl;
    },
    inject(operation, fault) {
      faults.set(operation, fault);
    },
    clear() {
      faults.clear();
      for (const response of hanging) response.destroy();
    },
    refuse: stop,
    async accept() {
      if (!server) server = await listen(port);
    },
    async close() {
      faults.clear();
      for (const response of hanging) response.destroy();
      await stop();
    },
  };
}
