/**
 * A webhook receiver on loopback TLS, for the weekly digest's tests: its certificate is made for the
 * run (openssl, as the metadata host of oauth-server.ts) and trusted only by the post options a test
 * hands the schedule. It records every post (headers and body) and answers each with the next status
 * of `statuses`, then 200.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ReceivedPost {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface WebhookReceiver {
  /** https://127.0.0.1:PORT/hooks/secret-path */
  url: string;
  /** The receiver's certificate, for the post options of the test alone. */
  ca: string;
  posts: ReceivedPost[];
  close(): Promise<void>;
}

export async function startWebhookReceiver(statuses: number[] = []): Promise<WebhookReceiver> {
  const dir = mkdtempSync(join(tmpdir(), 'avenir-hook-'));
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
    ],
    { stdio: 'ignore' },
  );
  const posts: ReceivedPost[] = [];
  const left = [...statuses];
  const server = createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      posts.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(left.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}/hooks/secret-path`,
    ca: readFileSync(cert, 'utf8'),
    posts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
