/**
 * A full disk, first simulated: SQLite's own size limit (PRAGMA max_page_count) set to the pages
 * the database has, so the next write that needs a page fails as on a full disk (SQLITE_FULL).
 * Then real: the database on a small tmpfs that fills up, for SQLite and for a PostgreSQL
 * tablespace (below). The API answers 503 with the form's own error state (JSON in the visitor's
 * language, the error page for a form posted without JavaScript), /api/health reports it, the log
 * has one line for the incident, and both recover once a write succeeds again.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { loadConfig, type ApiConfig } from '../src/config.ts';
import { SQLITE_FILE } from '../src/db/index.ts';
import { incompressible, mountSmallDisk } from './full-disk.ts';
import { count, HEALTH_TOKEN, healthDetails, makeApi, postForm, postJson, VALID, type TestApi } from './helpers.ts';
import { queryOnce, startPgCluster } from './pg-cluster.ts';
import { startServerProcess, stopServerProcess } from './server-process.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';
import { createAccounts, MEMBER, signIn } from './staff-helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await makeApi('sqlite');
  await createAccounts(api);
});
afterAll(() => api.close());

const setMaxPages = (pages: number) => sql.raw(`PRAGMA max_page_count = ${pages}`).execute(api.services.db.kysely);
const long = (k: number) => ({ ...VALID.contact, name: `Filler ${k}`, message: `${'x'.repeat(4900)} ${k}` });

test('a full disk: 503 with the form\'s own error state, the error page without JavaScript, health says so; all recover', async () => {
  const cookie = await signIn(api, MEMBER.username, MEMBER.password);
  const lines: string[] = [];
  const errors = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' ')));
  try {
    const { page_count: pages } = (await sql<{ page_count: number }>`PRAGMA page_count`.execute(api.services.db.kysely)).rows[0]!;
    await setMaxPages(Number(pages));
    // Fill what is left of the last pages: at most a few posts fit.
    let answer: Response | null = null;
    for (let k = 0; k < 40 && (!answer || answer.status === 201); k++) answer = await postJson(api.app, '/api/contact', long(k));
    expect(answer!.status).toBe(503);
    expect(answer!.headers.get('retry-after')).toBe('300');
    expect(await answer!.json()).toEqual({ message: 'An unexpected error occurred. Please try again later.' });
    const rows = await count(api.services, 'contact_messages');

    // In the visitor's language, and as the error page for a plain form post.
    const french = await postJson(api.app, '/api/contact', { ...long(99), lang: 'fr' });
    expect(french.status).toBe(503);
    expect(((await french.json()) as { message: string }).message).toBe('Une erreur inattendue est survenue. Veuillez réessayer plus tard.');
    const form = await postForm(api.app, '/api/contact', Object.entries(long(100)) as Array<[string, string]>);
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/form-error?form=contact#failed');

    const publicHealth = await api.app.request('/api/health');
    expect(publicHealth.status).toBe(503);
    expect(await publicHealth.json()).toEqual({ status: 'storage-full' });
    const details = await healthDetails(api.app);
    expect(details.status).toBe('storage-full');
    expect(details.storage).toMatchObject({ ok: false, fullSince: expect.any(String) });
    expect(await count(api.services, 'contact_messages')).toBe(rows);
    // One line for the incident, however many writes it refused; no stack.
    expect(lines).toEqual([expect.stringMatching(/^api: POST \/api\/contact: the disk or database is full; nothing was stored, and writes are answered 503 until one succeeds \(database or disk is full\)$/)]);
    // The staff side answers the same way (a small write may still fit in the last page, and ends the incident).
    const task = await api.app.request('/api/tasks', { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ content: 'x'.repeat(400) }) });
    expect([201, 503]).toContain(task.status);

    // Space again: the next write goes through, health is back to ok, and the log says so once.
    await setMaxPages(1_073_741_823);
    expect((await postJson(api.app, '/api/contact', long(200))).status).toBe(201);
    expect((await postJson(api.app, '/api/contact', long(201))).status).toBe(201);
    const healthy = await api.app.request('/api/health');
    expect(healthy.status).toBe(200);
    expect(await healthy.json()).toEqual({ status: 'ok' });
    expect(lines.at(-1)).toMatch(/^api: writes succeed again \(the disk or database was full from \d{4}-\d\d-\d\dT/);
    expect(lines).toHaveLength(2);
  } finally {
    errors.mockRestore();
  }
});

/**
 * A really full disk, over a real server process: the database on a small tmpfs (full-disk.ts)
 * filled to a little below its end, so that the disk itself refuses the write (SQLite's
 * SQLITE_FULL from ENOSPC; PostgreSQL's 53100 when it cannot extend a file in its tablespace),
 * then freed. Every answer is 201 or 503, never 500; the log has one line for the incident.
 */
const FULL_DISK_PORT = Number(process.env.SERVER_TEST_PORT ?? 4621) + 51;
const BASE = `http://127.0.0.1:${FULL_DISK_PORT}`;
const message = (k: number) => ({ ...VALID.contact, name: `Filler ${k}`, message: incompressible(4900) });
const postContact = (body: unknown, lang?: string) => fetch(`${BASE}/api/contact`, { method: 'POST', body: JSON.stringify(lang ? { ...(body as object), lang } : body), headers: { 'content-type': 'application/json' } });

async function startOn(config: ApiConfig, sink: SmtpSink, stderr: string[]): Promise<ChildProcess> {
  const child = startServerProcess({ services: { config } } as TestApi, sink, FULL_DISK_PORT, { RATE_LIMIT_MAX: '100000', HEALTH_TOKEN });
  child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  await expect
    .poll(async () => {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
      return (await fetch(`${BASE}/api/health`).catch(() => null))?.status;
    }, { timeout: 60_000, interval: 100 })
    .toBe(200);
  return child;
}

/** Posts contact messages until one is refused; every answer must be 201 or that refusal. */
async function fillUp(): Promise<{ stored: string[]; refusal: Response }> {
  const stored: string[] = [];
  for (let k = 0; k < 5000; k++) {
    const body = message(k);
    const answer = await postContact(body);
    if (answer.status !== 201) return { stored, refusal: answer };
    stored.push(body.name);
  }
  throw new Error('5,000 messages of 5 KB fitted on the small disk');
}

/** While full: 503 for every write, in the visitor's language, the error page without JavaScript; health says so. */
async function expectRefusedWhileFull() {
  for (let k = 0; k < 10; k++) expect((await postContact(message(10_000 + k))).status).toBe(503);
  for (const [path, body] of [
    ['/api/volunteer-application', { ...VALID.volunteer, message: incompressible(4900) }],
    ['/api/partnership-inquiry', { ...VALID.partnership, message: incompressible(4900) }],
  ] as const) {
    expect((await fetch(`${BASE}${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } })).status, path).toBe(503);
  }
  const french = await postContact(message(20_000), 'fr');
  expect(french.status).toBe(503);
  expect(french.headers.get('retry-after')).toBe('300');
  expect(await french.json()).toEqual({ message: 'Une erreur inattendue est survenue. Veuillez réessayer plus tard.' });
  const plain = await fetch(`${BASE}/api/contact`, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams({ ...message(20_001), lang: 'sw' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(plain.status).toBe(303);
  expect(plain.headers.get('location')).toBe('/sw/form-error?form=contact#failed');
  const health = await fetch(`${BASE}/api/health`);
  expect(health.status).toBe(503);
  expect(await health.json()).toEqual({ status: 'storage-full' });
}

/** Space again: writes go through and health is ok; the log had one line for the incident and one for its end, no stack. */
async function expectRecovered(stderr: string[]): Promise<string> {
  const body = message(30_000);
  expect((await postContact(body)).status).toBe(201);
  const health = await fetch(`${BASE}/api/health`);
  expect(health.status).toBe(200);
  expect(await health.json()).toEqual({ status: 'ok' });
  const log = stderr.join('');
  expect(log.match(/the disk or database is full/g) ?? [], log).toHaveLength(1);
  expect(log).toMatch(/api: POST \/api\/contact: the disk or database is full; nothing was stored, and writes are answered 503 until one succeeds \(/);
  expect(log.match(/api: writes succeed again/g) ?? []).toHaveLength(1);
  expect(log).not.toMatch(/api error|cannot rollback|\n\s+at /);
  return body.name;
}

test('SQLite on a really full disk (a 48 MiB tmpfs): 503 from the first refusal, health storage-full, one log line, nothing acknowledged lost', async () => {
  const disk = mountSmallDisk(48);
  const sink = await startSmtpSink();
  const stderr: string[] = [];
  let server: ChildProcess | null = null;
  try {
    const config = loadConfig({}, { dataDir: disk.dir, databaseUrl: undefined, healthToken: HEALTH_TOKEN });
    server = await startOn(config, sink, stderr);
    disk.fill(1 << 20);
    const { stored, refusal } = await fillUp();
    expect(stored.length).toBeGreaterThan(0);
    expect(refusal.status).toBe(503);
    expect(refusal.headers.get('retry-after')).toBe('300');
    await expectRefusedWhileFull();

    disk.free();
    stored.push(await expectRecovered(stderr));
    // Every message answered 201 is in the file, after a kill -9 too.
    await stopServerProcess(server, 'SIGKILL');
    server = null;
    const database = new DatabaseSync(join(disk.dir, SQLITE_FILE), { readOnly: true });
    const names = database.prepare('select name from contact_messages').all().map((row) => row.name);
    database.close();
    expect(names.sort()).toEqual(stored.sort());
  } finally {
    if (server) await stopServerProcess(server, 'SIGKILL');
    await sink.close();
    disk.unmount();
  }
}, 240_000);

test('PostgreSQL on a full tablespace (a 16 MiB tmpfs): 503 from the very first refusal, health storage-full, one log line, nothing acknowledged lost', async () => {
  // A cluster of its own: while a tablespace is full, every checkpoint of its cluster fails, and
  // with it the DROP DATABASE another test file runs on the shared one ("checkpoint request failed").
  const cluster = await startPgCluster();
  const pgUrl = cluster.url;
  // The tablespace's folder belongs to the user PostgreSQL runs as: the owner of its data directory.
  const [{ data_directory: dataDirectory }] = await queryOnce<{ data_directory: string }>(pgUrl, "select current_setting('data_directory') as data_directory");
  const { uid, gid } = statSync(dataDirectory!);
  const disk = mountSmallDisk(16, { uid, gid });
  const name = `sipa_full_${randomBytes(4).toString('hex')}`;
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  const sink = await startSmtpSink();
  const stderr: string[] = [];
  let server: ChildProcess | null = null;
  try {
    await queryOnce(pgUrl, `create tablespace ${name} location '${disk.dir}'`);
    await queryOnce(pgUrl, `create database ${name} tablespace ${name}`);
    const config = loadConfig({}, { databaseUrl: url.toString(), dataDir: '', healthToken: HEALTH_TOKEN });
    server = await startOn(config, sink, stderr);
    disk.fill(1 << 20);
    const { stored, refusal } = await fillUp();
    expect(stored.length).toBeGreaterThan(0);
    expect(refusal.status).toBe(503);
    expect(refusal.headers.get('retry-after')).toBe('300');
    await expectRefusedWhileFull();

    disk.free();
    stored.push(await expectRecovered(stderr));
    await stopServerProcess(server, 'SIGKILL');
    server = null;
    const names = (await queryOnce<{ name: string }>(url.toString(), 'select name from contact_messages')).map((row) => row.name);
    expect(names.sort()).toEqual(stored.sort());
  } finally {
    if (server) await stopServerProcess(server, 'SIGKILL');
    await sink.close();
    await queryOnce(pgUrl, `drop database if exists ${name} with (force)`).catch(() => {});
    await queryOnce(pgUrl, `drop tablespace if exists ${name}`).catch(() => {});
    cluster.destroy();
    disk.unmount();
  }
}, 240_000);
