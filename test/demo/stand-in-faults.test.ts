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

describe('fault injection', () => {
  it('answers a status with Retry-After, once by default, then normally', async () => {
    si.fault({ path: `${P}/accounts`, status: 429, retryAfter: '120' });
    const first = await get(si, `${P}/accounts`);
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('120');
    expect(first.json).toEqual({
      error: { id: '429', name: 'too_many_requests', detail: 'Too many requests' },
    });
    expect((await get(si, `${P}/accounts`)).status).toBe(200);
  });

  it('applies N times, for the method and path given (RegExp too)', async () => {
    si.fault({ method: 'patch', path: /\/months\/[^/]+\/categories\//, status: 500, times: 2 });
    const body = { category: { budgeted: 1000 } };
    expect((await get(si, `${P}/months/2026-09-01/categories/cat-rent`)).status).toBe(200);
    const a = await call(si, 'PATCH', `${P}/months/2026-09-01/categories/cat-rent`, body);
    expect(a.status).toBe(500);
    expect(a.json).toEqual({ error: { id: '500', name: 'internal_server_error', detail: 'internal error' } });
    expect((await call(si, 'PATCH', `${P}/months/2026-08-01/categories/cat-rent`, body)).status).toBe(500);
    expect((await call(si, 'PATCH', `${P}/months/2026-07-01/categories/cat-rent`, body)).status).toBe(200);
    expect(si.knowledge()).toBe(2);
    expect(si.writes.map((w) => w.path)).toEqual([`${P}/months/2026-07-01/categories/cat-rent`]);
  });

  it('answers a raw body (a gateway page) before any auth check', async () => {
    si.fault({ path: '/plans', status: 502, body: 'Bad Gateway' });
    const res = await call(si, 'GET', '/plans', undefined, null);
    expect(res.status).toBe(502);
    expect(res.text).toBe('Bad Gateway');
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('drops the connection', async () => {
    si.fault({ path: `${P}/transactions`, drop: true });
    await expect(get(si, `${P}/transactions`)).rejects.toThrow();
    expect(si.requests.at(-1)).toMatchObject({ method: 'GET', path: `${P}/transactions`, status: 0 });
    expect((await get(si, `${P}/transactions`)).status).toBe(200);
  });

  it('delays an answer, and a delayed drop', async () => {
    si.fault({ path: '/plans', delayMs: 150 });
    const started = performance.now();
    const res = await get(si, '/plans');
    expect(res.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    si.fault({ path: '/plans', delayMs: 50, drop: true });
    await expect(get(si, '/plans')).rejects.toThrow();
  });

  it('holds a request until the test lets it go: then applies it, or drops it unapplied', async () => {
    let release!: () => void;
    si.fault({ method: 'PATCH', path: `${P}/transactions`, hold: new Promise<void>((r) => (release = r)) });
    const body = { transactions: [{ id: 'tx-046', approved: false }] };
    const answered = call(si, 'PATCH', `${P}/transactions`, body);
    while (si.requests.length === 0) await new Promise((r) => setTimeout(r, 5));
    // in flight: recorded, nothing applied, other requests answered meanwhile
    expect((await get(si, '/plans')).status).toBe(200);
    expect(si.writes).toEqual([]);
    expect(si.state.transactions.find((t) => t.id === 'tx-046')?.approved).toBe(true);
    release();
    expect((await answered).status).toBe(200);
    expect(si.state.transactions.find((t) => t.id === 'tx-046')?.approved).toBe(false);

    let drop!: () => void;
    si.fault({ path: `${P}/transactions`, drop: true, hold: new Promise<void>((r) => (drop = r)) });
    const dropped = call(si, 'PATCH', `${P}/transactions`, {
      transactions: [{ id: 'tx-046', approved: true }],
    });
    while (si.requests.length < 3) await new Promise((r) => setTimeout(r, 5));
    drop();
    await expect(dropped).rejects.toThrow();
    expect(si.state.transactions.find((t) => t.id === 'tx-046')?.approved).toBe(false);
    expect(si.writes).toHaveLength(1);
  });

  it('a reset clears the faults', async () => {
    si.fault({ path: '/plans', status: 503, times: 5 });
    si.reset();
    expect((await get(si, '/plans')).status).toBe(200);
  });
});

describe('the request record', () => {
  it('records method, path without /v1, query, parsed body and status, in order', async () => {
    await get(si, `${P}/transactions?since_date=2026-06-01&last_knowledge_of_server=0`);
    await call(si, 'PATCH', `${P}/transactions`, { transactions: [{ id: 'tx-046', approved: true }] });
    await call(si, 'GET', '/plans', undefined, null);
    await call(si, 'POST', `${P}/transactions/import`);
    await get(si, '/nowhere');
    expect(si.requests.map((r) => r.token === null)).toEqual([false, false, true, false, false]);
    expect(si.requests).toMatchObject([
      {
        method: 'GET',
        path: `${P}/transactions`,
        query: { since_date: '2026-06-01', last_knowledge_of_server: '0' },
        body: null,
        status: 200,
      },
      {
        method: 'PATCH',
        path: `${P}/transactions`,
        query: {},
        body: { transactions: [{ id: 'tx-046', approved: true }] },
        status: 200,
      },
      { method: 'GET', path: '/plans', query: {}, body: null, status: 401 },
      { method: 'POST', path: `${P}/transactions/import`, query: {}, body: null, status: 200 },
      { method: 'GET', path: '/nowhere', query: {}, body: null, status: 404 },
    ]);
    expect(si.writes.map((w) => w.method)).toEqual(['PATCH', 'POST']);
    expect(si.writes[0]).toBe(si.requests[1]);
  });

  it('records refused writes in requests but not in writes; clearRequests empties both', async () => {
    await call(si, 'PATCH', `${P}/transactions`, { transactions: [{ id: 'tx-999', approved: true }] });
    expect(si.requests).toHaveLength(1);
    expect(si.requests[0]!.status).toBe(404);
    expect(si.writes).toEqual([]);
    await call(si, 'DELETE', `${P}/transactions/tx-001`);
    const { requests, writes } = si;
    si.clearRequests();
    expect(requests).toEqual([]);
    expect(writes).toEqual([]);
    expect(si.knowledge()).toBe(2);
  });

  it('counts requests: three reads → three records', async () => {
    await Promise.all([get(si, `${P}/transactions`), get(si, `${P}/categories`), get(si, `${P}/accounts`)]);
    expect(si.requests).toHaveLength(3);
    expect(si.writes).toHaveLength(0);
  });
});

describe('start options', () => {
  it('starts with a given today and plan, and closes', async () => {
    const other = await startStandIn({ today: '2026-06-10' });
    try {
      expect((await get(other, `${P}/months/current`)).json.data.month.month).toBe('2026-06-01');
      other.setToday('2026-08-02');
      other.reset();
      expect((await get(other, `${P}/months/current`)).json.data.month.month).toBe('2026-06-01');
    } finally {
      await other.close();
    }
    await expect(startStandIn({ today: '2026-6-1' })).rejects.toThrow(RangeError);
  });
});
