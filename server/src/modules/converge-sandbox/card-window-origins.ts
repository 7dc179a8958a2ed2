import os from 'node:os';

const ANY_ADDRESS = new Set(['', '0.0.0.0', '::']);
const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

type Interfaces = ReturnType<typeof os.networkInterfaces>;

function originOf(hostname: string, port: number): string {
  const host = hostname.includes(':') ? `[${hostname}]` : hostname;
  return new URL(`http://${host}:${port}`).origin;
}

/** The hostnames a browser on this machine or the network may use to reach a listener on `host`. */
function reachableHostnames(host: string, interfaces: Interfaces): string[] {
  if (LOOPBACK.has(host)) return ['localhost', '127.0.0.1'];
  if (!ANY_ADDRESS.has(host)) return [host];
  const external = Object.values(interfaces)
    .flatMap((addresses) => addresses ?? [])
    .filter((address) => !address.internal && address.family === 'IPv4')
    .map((address) => address.address);
  return ['localhost', '127.0.0.1', ...external];
}

export interface CardWindowListener {
  publicUrl: string;
  host: string;
  port: number;
  interfaces?: Interfaces;
}

/**
 * The sandbox card window may be framed only by pages at PUBLIC_URL's origin
 * (its frame-ancestors), so a portal opened at any other address this
 * listener answers on cannot take a card payment: the browser shows only
 * "refused to connect". These are those addresses, for a warning at start.
 */
export function refusedCardWindowOrigins(listener: CardWindowListener): string[] {
  const publicOrigin = new URL(listener.publicUrl).origin;
  const origins = reachableHostnames(
    listener.host,
    listener.interfaces ?? os.networkInterfaces(),
  ).map((hostname) => originOf(hostname, listener.port));
  return [...new Set(origins)].filter((origin) => origin !== publicOrigin);
}
