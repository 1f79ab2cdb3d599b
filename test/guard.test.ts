/** The no-network guard: nothing leaves this machine during the tests. */
import http from 'node:http';
import https from 'node:https';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createDeps } from '../src/deps.js';
import { silentLog } from '../src/log.js';
import { startStandIn } from '../src/demo/index.js';

describe('the no-network guard', () => {
  it('refuses fetch to a remote host, naming the URL', async () => {
    await expect(fetch('https://api.ynab.com/v1/plans')).rejects.toThrow(
      /https:\/\/api\.ynab\.com\/v1\/plans is off this machine/,
    );
  });

  it('refuses node:http and node:https sockets to remote hosts', () => {
    expect(() => http.get('http://example.com/')).toThrow(/off this machine/);
    expect(() => https.get('https://example.com/')).toThrow(/off this machine/);
  });

  it('turns the YNAB client pointed at the real API into an error that names the guard', async () => {
    const deps = createDeps(loadConfig({ YNAB_API_KEY: 'x' }), silentLog, { sleep: async () => {} });
    await expect(deps.ynab.plans.list()).rejects.toThrow(/off this machine/);
  });

  it('lets loopback through', async () => {
    const standIn = await startStandIn();
    try {
      const r = await fetch(`${standIn.url}/plans`, { headers: { Authorization: 'Bearer t' } });
      expect(r.status).toBe(200);
    } finally {
      await standIn.close();
    }
  });
});
