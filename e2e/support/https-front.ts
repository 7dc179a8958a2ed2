/*
 * An HTTPS front for the test server, for what browsers only do over HTTPS:
 * Chromium delivers Reporting API reports (CSP report-to) to secure
 * endpoints only, and queues them forever over plain HTTP. The certificate is
 * made on the spot and signs itself, so the browser using the front must
 * ignore certificate errors.
 */
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';

function der(tag: number, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const length: number[] = [];
  for (let rest = body.length; rest > 0; rest >>= 8) length.unshift(rest & 0xff);
  const header = body.length < 0x80 ? [body.length] : [0x80 | length.length, ...length];
  return Buffer.concat([Buffer.from([tag, ...header]), body]);
}

const sequence = (...parts: Buffer[]) => der(0x30, ...parts);
const set = (...parts: Buffer[]) => der(0x31, ...parts);
const explicit = (tag: number, part: Buffer) => der(0xa0 + tag, part);
const utf8 = (text: string) => der(0x0c, Buffer.from(text, 'utf8'));
const octets = (bytes: Buffer) => der(0x04, bytes);
const bits = (bytes: Buffer) => der(0x03, Buffer.from([0]), bytes);

function integer(bytes: Buffer): Buffer {
  return der(0x02, (bytes[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes);
}

function objectId(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number);
  const bytes = [first * 40 + second];
  for (const value of rest) {
    const groups = [value & 0x7f];
    for (let remaining = value >> 7; remaining > 0; remaining >>= 7) {
      groups.unshift((remaining & 0x7f) | 0x80);
    }
    bytes.push(...groups);
  }
  return der(0x06, Buffer.from(bytes));
}

function utcTime(date: Date): Buffer {
  const text = date.toISOString().replace(/[-:T]/g, '').slice(2, 14);
  return der(0x17, Buffer.from(`${text}Z`, 'ascii'));
}

/** A self-signed certificate (ECDSA P-256) for 127.0.0.1, valid for a day either side of now. */
export function selfSignedCertificate(): { key: string; cert: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const ecdsaWithSha256 = sequence(objectId('1.2.840.10045.4.3.2'));
  const name = sequence(set(sequence(objectId('2.5.4.3'), utf8('127.0.0.1'))));
  const day = 24 * 60 * 60 * 1000;
  const subjectAltName = sequence(
    objectId('2.5.29.17'),
    octets(sequence(der(0x87, Buffer.from([127, 0, 0, 1])))),
  );
  const toBeSigned = sequence(
    explicit(0, integer(Buffer.from([2]))),
    integer(randomBytes(8)),
    ecdsaWithSha256,
    name,
    sequence(utcTime(new Date(Date.now() - day)), utcTime(new Date(Date.now() + day))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    explicit(3, sequence(subjectAltName)),
  );
  const signature = sign('sha256', toBeSigned, privateKey);
  const certificate = sequence(toBeSigned, ecdsaWithSha256, bits(signature));
  const lines = certificate.toString('base64').match(/.{1,64}/g) ?? [];
  return {
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    cert: `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`,
  };
}

export interface HttpsFront {
  /** e.g. https://127.0.0.1:43121 */
  origin: string;
  /** Requests that passed through, as method, path and content type. */
  requests: { method: string; path: string; contentType: string | undefined }[];
  close(): Promise<void>;
}

/** Serves `target` (an http:// origin) over HTTPS on a free port of 127.0.0.1. */
export async function startHttpsFront(target: string): Promise<HttpsFront> {
  const upstream = new URL(target);
  const requests: HttpsFront['requests'] = [];
  const server = https.createServer(selfSignedCertificate(), (request, response) => {
    requests.push({
      method: request.method ?? 'GET',
      path: request.url ?? '/',
      contentType: request.headers['content-type'],
    });
    const forwarded = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, host: upstream.host },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on('error', () => response.destroy());
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
