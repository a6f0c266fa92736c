/**
 * `npm run bench`: the seeded fuzzer (bench/fuzz.ts) with 10,000 requests on SQLite and on
 * PostgreSQL (TEST_DATABASE_URL, or a throwaway PostgreSQL 15 cluster started the way the
 * tests start one, on PG_TEST_PORT).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { closeServices, createApp, createServices } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import setupPostgres from '../test/global-setup.ts';
import { runFuzz, type FuzzResult } from './fuzz.ts';

export const FUZZ_SEED = 20261122;
export const FUZZ_REQUESTS = 10_000;

async function fuzzOn(config: ReturnType<typeof loadConfig>, count: number): Promise<FuzzResult> {
  const services = await createServices(config);
  const log = console.log;
  console.log = () => {};
  try {
    return await runFuzz(createApp(services), services.db.kysely, FUZZ_SEED, count);
  } finally {
    console.log = log;
    await closeServices(services);
  }
}

export async function fuzzBench(count = FUZZ_REQUESTS): Promise<Record<'sqlite' | 'postgres', FuzzResult | string>> {
  const dir = mkdtempSync(join(tmpdir(), 'sipa-fuzz-'));
  const results: Record<'sqlite' | 'postgres', FuzzResult | string> = { sqlite: '', postgres: '' };
  try {
    results.sqlite = await fuzzOn(loadConfig({}, { dataDir: dir, databaseUrl: undefined, rateLimitMax: 120 }), count);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const provided: Record<string, string> = {};
  const teardown = await setupPostgres({ provide: (key: string, value: string) => (provided[key] = value) } as never);
  try {
    if (!provided.pgUrl) {
      results.postgres = `skipped: ${provided.pgSkipReason}`;
      return results;
    }
    const name = `sipa_fuzz_${Date.now()}`;
    const admin = new pg.Client({ connectionString: provided.pgUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(provided.pgUrl);
    url.pathname = `/${name}`;
    results.postgres = await fuzzOn(loadConfig({}, { databaseUrl: url.toString(), dataDir: '', rateLimitMax: 120 }), count);
  } finally {
    if (typeof teardown === 'function') teardown();
  }
  return results;
}
