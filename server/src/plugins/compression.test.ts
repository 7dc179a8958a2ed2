import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, SERVICE_BASE_PATH } from '@webpay/contracts/api';
import { DEMO_GUARANTORS } from '../demo/demo-guarantors.ts';
import { startTestServer, type TestServer } from '../../test/support/test-server.ts';
import { COMPRESSION_THRESHOLD_BYTES } from './compression.ts';

/** A raw GET, so the test sees the bytes on the wire (fetch would inflate them). */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      request(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      })
        .on('error', reject)
        .end();
    },
  );
}

describe('compressed JSON answers', () => {
  let server: TestServer;
  let headers: Record<string, string>;
  let url: string;

  beforeAll(async () => {
    server = await startTestServer('pglite');
    const { robert } = DEMO_GUARANTORS;
    headers = server.apiHeaders(await server.login(robert.accountNumber, robert.pin));
    url = server.apiUrl(API_PATHS.encounters);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('compresses a large answer with brotli or gzip, as the client accepts', async () => {
    const plain = await rawGet(url, headers);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);

    const brotli = await rawGet(url, { ...headers, 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.body.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(brotliDecompressSync(brotli.body).toString())).toEqual(
      JSON.parse(plain.body.toString()),
    );

    const gzip = await rawGet(url, { ...headers, 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
  });

  it('sends small answers as they are', async () => {
    const small = await rawGet(`${server.baseUrl}${SERVICE_BASE_PATH}${API_PATHS.configApp}`, {
      ...headers,
      'accept-encoding': 'br, gzip',
    });
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('never inflates a compressed request body', async () => {
    const response = await fetch(server.apiUrl(API_PATHS.login), {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: new Uint8Array([0x1f, 0x8b, 0x08, 0x00]),
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });
});
