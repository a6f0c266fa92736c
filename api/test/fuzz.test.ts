import { expect, test } from 'vitest';
import { generate, runFuzz } from '../bench/fuzz.ts';
import { describeBackends, makeApi } from './helpers.ts';

const SEED = 20261122;
const REQUESTS = 2500;

test('the generator is deterministic for a seed', () => {
  const a = generate(SEED, 50).map((r) => `${r.init.method} ${r.path} ${String(r.init.body)}`);
  const b = generate(SEED, 50).map((r) => `${r.init.method} ${r.path} ${String(r.init.body)}`);
  expect(a).toEqual(b);
  expect(new Set(generate(SEED, 400).map((r) => r.path.split('?')[0])).size).toBeGreaterThanOrEqual(8);
});

describeBackends('seeded fuzz over every endpoint', (backend) => {
  test(`${REQUESTS} hostile requests: no 5xx, no row from a refused request, server alive`, { timeout: 240_000 }, async () => {
    const api = await makeApi(backend, { rateLimitMax: 120 });
    const log = console.log;
    console.log = () => {};
    try {
      const result = await runFuzz(api.app, api.services.db.kysely, SEED, REQUESTS);
      console.log = log;
      console.log(`[fuzz ${backend}] ${JSON.stringify(result)}`);
      expect(result.serverErrors).toBe(0);
      expect(result.rowsFromRefused).toBe(0);
      expect(result.alive).toBe(true);
      // The run exercised both sides: accepted submissions and refusals.
      expect(result.accepted).toBeGreaterThan(100);
      expect(result.byStatus[400]).toBeGreaterThan(100);
    } finally {
      console.log = log;
      await api.close();
    }
  });
});
