import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStandIn } from '../../src/demo/index.js';
import type { StandIn } from '../../src/demo/index.js';
import { P, call, get } from './helpers.js';

let si: StandIn;
beforeAll(async () => {
  si = await startStandIn();
});
afterAll(async () => {
  await si.close();
});
beforeEach(() => si.reset());

const size = (text: string): number => Buffer.byteLength(text);

describe('bytesSent (the benchmark measures what YNAB sent)', () => {
  it('adds up the body bytes of every answer, faulted and refused ones included', async () => {
    expect(si.bytesSent()).toBe(0);
    const answers = [
      await get(si, `${P}/transactions`),
      await call(si, 'PATCH', `${P}/payees/pay-030`, { payee: { name: 'STREAMFLIX SÀRL' } }),
      await call(si, 'GET', '/plans', undefined, null),
    ];
    si.fault({ path: '/plans', status: 502, body: 'Bad Gateway' });
    answers.push(await get(si, '/plans'));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 401, 502]);
    expect(si.bytesSent()).toBe(answers.reduce((sum, a) => sum + size(a.text), 0));
    expect(si.bytesSent()).toBeGreaterThan(size(answers[0]!.text));
  });

  it('counts nothing for a dropped connection', async () => {
    si.fault({ path: `${P}/accounts`, drop: true });
    await expect(get(si, `${P}/accounts`)).rejects.toThrow();
    expect(si.requests).toHaveLength(1);
    expect(si.bytesSent()).toBe(0);
  });

  it('starts again from 0 with clearRequests() and reset()', async () => {
    await get(si, `${P}/accounts`);
    si.clearRequests();
    expect(si.bytesSent()).toBe(0);
    const answer = await get(si, `${P}/months`);
    expect(si.bytesSent()).toBe(size(answer.text));
    si.reset();
    expect(si.bytesSent()).toBe(0);
  });
});
