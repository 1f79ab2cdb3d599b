/**
 * The official MCP conformance suite against the server (see fixture-server.ts), for each protocol
 * revision the server speaks. A scenario may fail only when it is listed, with its reason, in
 * baseline.yml: features the server decides not to offer.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binOf, node22 } from '../tooling/node22.js';
import { startFixtureServer, type FixtureServer } from './fixture-server.js';

const SUITE = binOf('@modelcontextprotocol/conformance/dist/index.js');
const BASELINE = 'test/conformance/baseline.yml';
const VERSIONS = ['2026-07-28', '2025-11-25', '2025-06-18'];

let server: FixtureServer;
let out: string;
beforeAll(async () => {
  server = await startFixtureServer();
  out = mkdtempSync(join(tmpdir(), 'avenir-conformance-'));
});
afterAll(async () => {
  await server.close();
  if (!process.env.CONFORMANCE_KEEP) rmSync(out, { recursive: true, force: true });
});

function run(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(node22(), [SUITE, ...args], { env: { PATH: process.env.PATH ?? '' } });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe.each(VERSIONS)('conformance %s', (version) => {
  it('passes every server scenario outside the baseline', { timeout: 600_000 }, async () => {
    const dir = join(out, version);
    const args = [
      'server',
      '--url',
      server.url,
      '--suite',
      process.env.CONFORMANCE_SUITE ?? 'all',
      '--spec-version',
      version,
      '-o',
      dir,
    ];
    const { code, output } = await run([...args, '--expected-failures', BASELINE]);
    if (process.env.CONFORMANCE_VERBOSE) console.log(output);
    expect(output, output).toMatch(/Passed:|passed/i);
    expect(code, output).toBe(0);
    expect(readdirSync(dir).length).toBeGreaterThan(5);
    expect(readFileSync(join(dir, readdirSync(dir)[0]!, 'checks.json'), 'utf8')).toContain('"status"');
  });
});
