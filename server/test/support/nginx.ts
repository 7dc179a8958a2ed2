import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { captureOutput, exitOf } from './server-process.ts';
import { freePort } from './test-server.ts';

/*
 * nginx from Debian's packages (nginx-light) as the load balancer in front of
 * several server processes, the way docs/operations.md deploys WebPay: round
 * robin, the client's address in X-Forwarded-For.
 */

const CANDIDATES = [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/bin/nginx'];

/** The nginx binary, or undefined when it is not installed. */
export function nginxBinary(): string | undefined {
  for (const candidate of CANDIDATES) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() || undefined : undefined;
}

export interface LoadBalancer {
  baseUrl: string;
  close(): Promise<void>;
}

function config(directory: string, port: number, upstreams: readonly number[]): string {
  const paths = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((name) => `  ${name}_temp_path ${path.join(directory, name)};`)
    .join('\n');
  return `daemon off;
worker_processes 1;
pid ${path.join(directory, 'nginx.pid')};
error_log ${path.join(directory, 'error.log')} warn;
events { worker_connections 512; }
http {
  access_log off;
${paths}
  upstream webpay {
${upstreams.map((upstream) => `    server 127.0.0.1:${upstream};`).join('\n')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://webpay;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}
`;
}

/** Starts nginx on a free port in front of the given ports; waits until it answers. */
export async function startLoadBalancer(
  binary: string,
  upstreams: readonly number[],
): Promise<LoadBalancer> {
  const directory = await mkdtemp(path.join(tmpdir(), 'webpay-nginx-'));
  const port = await freePort();
  const configFile = path.join(directory, 'nginx.conf');
  await writeFile(configFile, config(directory, port, upstreams));
  const child: ChildProcess = spawn(
    binary,
    ['-p', directory, '-c', configFile, '-e', path.join(directory, 'error.log')],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const output = captureOutput(child);
  const exited = exitOf(child);
  let gone = false;
  void exited.then(() => (gone = true));
  const baseUrl = `http://127.0.0.1:${port}`;

  const close = async () => {
    if (!gone) {
      child.kill('SIGQUIT');
      await exited;
    }
    await rm(directory, { recursive: true, force: true });
  };

  const deadline = Date.now() + 15_000;
  for (;;) {
    if (gone || Date.now() > deadline) {
      const log = await readFile(path.join(directory, 'error.log'), 'utf8').catch(() => '');
      await close();
      throw new Error(`nginx did not start:\n${output()}\n${log}`);
    }
    const ready = await fetch(`${baseUrl}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { baseUrl, close };
}
