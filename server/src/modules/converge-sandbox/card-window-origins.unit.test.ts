import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { refusedCardWindowOrigins } from './card-window-origins.ts';

const interfaces = {
  lo: [
    {
      address: '127.0.0.1',
      netmask: '255.0.0.0',
      family: 'IPv4',
      mac: '00:00:00:00:00:00',
      internal: true,
      cidr: '127.0.0.1/8',
    },
  ],
  eth0: [
    {
      address: '10.1.2.3',
      netmask: '255.255.255.0',
      family: 'IPv4',
      mac: '02:00:00:00:00:01',
      internal: false,
      cidr: '10.1.2.3/24',
    },
  ],
} satisfies Record<string, NetworkInterfaceInfo[]>;

describe('addresses whose pages the sandbox card window refuses', () => {
  it('names 127.0.0.1 when PUBLIC_URL says localhost, and the reverse', () => {
    expect(
      refusedCardWindowOrigins({
        publicUrl: 'http://localhost:8080',
        host: '127.0.0.1',
        port: 8080,
        interfaces,
      }),
    ).toEqual(['http://127.0.0.1:8080']);
    expect(
      refusedCardWindowOrigins({
        publicUrl: 'http://127.0.0.1:8080/',
        host: '127.0.0.1',
        port: 8080,
        interfaces,
      }),
    ).toEqual(['http://localhost:8080']);
  });

  it('lists every address of a listener on all interfaces but the public one', () => {
    expect(
      refusedCardWindowOrigins({
        publicUrl: 'http://localhost:8080',
        host: '0.0.0.0',
        port: 8080,
        interfaces,
      }),
    ).toEqual(['http://127.0.0.1:8080', 'http://10.1.2.3:8080']);
  });

  it('names every address when PUBLIC_URL is another port or scheme (a proxy in front)', () => {
    expect(
      refusedCardWindowOrigins({
        publicUrl: 'https://pay.example.org',
        host: '127.0.0.1',
        port: 8080,
        interfaces,
      }),
    ).toEqual(['http://localhost:8080', 'http://127.0.0.1:8080']);
  });

  it('names nothing when the listener answers only at the public address', () => {
    expect(
      refusedCardWindowOrigins({
        publicUrl: 'http://pay.internal:8080',
        host: 'pay.internal',
        port: 8080,
        interfaces,
      }),
    ).toEqual([]);
  });
});
