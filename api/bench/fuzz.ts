/**
 * A seeded fuzzer over every API endpoint: the same seed gives the same requests, so a failure
 * can be replayed. Used by the test suite (a few thousand requests per database) and by
 * `npm run bench` (10,000 per database). Each request is built from a valid submission and then
 * broken in one or more ways: hostile characters (NUL, C0, lone surrogates, CR/LF), wrong types,
 * missing and extra fields, huge values, broken JSON, other content types and encodings,
 * foreign and null origins, wrong methods and unknown paths.
 *
 * With `staff`, a share of the requests goes to every other endpoint of src/app.ts (the sign-in,
 * the staff area, the broadcast: fuzz-staff.ts), signed out and with the sessions `runFuzz` is given.
 *
 * What must hold: no 5xx, no row that an accepted request did not ask for, the server answers
 * its health check afterwards.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/index.ts';
import { fillIds, STAFF_ENDPOINTS, type Who } from './fuzz-staff.ts';

type AppLike = { request: (path: string, init?: RequestInit) => Response | Promise<Response> };

/** mulberry32: small, fast, seeded. */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    chance: (p: number) => next() < p,
  };
}
type Random = ReturnType<typeof random>;

const FORMS = {
  '/api/newsletter-signup': { table: 'subscribers', form: 'newsletter' },
  '/api/contact': { table: 'contact_messages', form: 'contact' },
  '/api/volunteer-application': { table: 'volunteer_applications', form: 'volunteer' },
  '/api/partnership-inquiry': { table: 'partnership_inquiries', form: 'partnership' },
} as const;
type FormPath = keyof typeof FORMS;
const FORM_PATHS = Object.keys(FORMS) as FormPath[];
const OTHER_PATHS = ['/api/newsletter/confirm', '/api/newsletter/unsubscribe', '/api/health', '/api/nope', '/api/contact/x', '/api/'];

const HOSTILE = [
  '\u0000',
  'a\u0000b',
  '\u0007bell',
  '\u001b[31mred',
  'line\r\nBcc: victim@example.org',
  '\ud800',
  'x\udfffy',
  '\u2028',
  '\u007f',
  '\ufeff',
  '😀'.repeat(50),
  "' OR 1=1 --",
  '"; DROP TABLE subscribers; --',
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  '%00',
  '\\u0000',
  ' ',
  '',
  'x'.repeat(6000),
  'é'.repeat(300),
];
const WRONG_TYPES: unknown[] = [0, -1, 1e309, true, null, [], ['a'], {}, { $ne: null }, [null], 'null'];

function validBody(path: FormPath, n: number, rng: Random): Record<string, unknown> {
  const email = `fuzz${n}-${rng.int(1e6)}@example.org`;
  switch (FORMS[path].form) {
    case 'newsletter':
      return { email };
    case 'contact':
      return { name: 'Amara Okafor', email, phone: '(817) 555-0199', subject: 'Hello', message: 'Line one\nLine two' };
    case 'volunteer':
      return { firstName: 'Kofi', lastName: 'Mensah', email, interests: ['mentor'], availability: ['weekendMornings'], skills: 'Accounting', message: 'Hi' };
    case 'partnership':
      return { companyName: 'Acme', contactName: 'Dana Ruiz', email, partnershipInterest: ['Other'], message: 'Hello' };
  }
}

function mutate(body: Record<string, unknown>, rng: Random): Record<string, unknown> {
  const out: Record<string, unknown> = { ...body };
  const keys = Object.keys(out);
  const times = 1 + rng.int(3);
  for (let i = 0; i < times; i++) {
    const key = rng.pick(keys);
    switch (rng.int(7)) {
      case 0:
        out[key] = rng.pick(HOSTILE);
        break;
      case 1:
        out[key] = `${String(out[key] ?? '')}${rng.pick(HOSTILE)}`;
        break;
      case 2:
        out[key] = rng.pick(WRONG_TYPES);
        break;
      case 3:
        delete out[key];
        break;
      case 4:
        out[rng.pick(['admin', 'website', 'id', 'status', '__proto__', 'token'])] = rng.pick([...HOSTILE, ...WRONG_TYPES]);
        break;
      case 5:
        out[key] = [rng.pick(HOSTILE), rng.pick(HOSTILE)];
        break;
      default:
        // Left valid: the request may be accepted.
        break;
    }
  }
  return out;
}

export interface FuzzRequest {
  path: string;
  init: RequestInit & { headers: Record<string, string> };
  /** The form endpoint and the email it would store if accepted (valid JSON/form submissions). */
  form?: FormPath;
  email?: string;
  honeypot: boolean;
  /** Whose session the request carries (staff endpoints); none when absent. */
  who?: Who;
}

/** A query value; a lone surrogate goes as the raw bytes a client could send for it. */
const queryValue = (value: string) => (value.isWellFormed() ? encodeURIComponent(value) : '%ED%A0%80');

function encodeForm(body: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) {
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, typeof item === 'string' ? item : JSON.stringify(item));
  }
  return params.toString();
}

/** A request to one of the staff endpoints: its valid body or query, broken or not. */
function staffRequest(rng: Random, given: Record<string, string>): FuzzRequest {
  const endpoint = rng.pick(STAFF_ENDPOINTS);
  const who = rng.pick(endpoint.who);
  const headers = endpoint.headers && rng.chance(0.8) ? { ...given, ...endpoint.headers } : given;
  let path = endpoint.path;
  if (endpoint.query) {
    const query = rng.chance(0.7) ? mutate(endpoint.query, rng) : endpoint.query;
    const search = Object.entries(query)
      .map(([key, value]) => `${queryValue(key)}=${queryValue(typeof value === 'string' ? value : JSON.stringify(value))}`)
      .join('&');
    path = `${path}?${search}`;
  }
  if (endpoint.method === 'GET' || endpoint.method === 'DELETE') return { path, init: { method: endpoint.method, headers }, honeypot: false, who };
  if (endpoint.urlencoded !== undefined) {
    let form = endpoint.urlencoded;
    if (rng.chance(0.7)) form = rng.pick([`${form}&${queryValue(rng.pick(HOSTILE))}=${queryValue(rng.pick(HOSTILE))}`, form.replace('=', `=${queryValue(rng.pick(HOSTILE))}`), rng.pick(HOSTILE), form.slice(0, rng.int(form.length)), `${form}${'&x=1'.repeat(6000)}`]);
    return { path, init: { method: 'POST', headers: { ...headers, 'content-type': rng.pick(['application/x-www-form-urlencoded', 'application/x-www-form-urlencoded; charset=windows-1252', 'text/plain', 'application/json']) }, body: form }, honeypot: false, who };
  }
  if (endpoint.csv !== undefined) {
    let csv = endpoint.csv;
    if (rng.chance(0.7)) csv = rng.pick([`${csv}${rng.pick(HOSTILE)}\r\n`, `email\r\n${rng.pick(HOSTILE)}@example.org\r\n`, rng.pick(HOSTILE), csv.replace('@', rng.pick(HOSTILE))]);
    return { path, init: { method: 'POST', headers: { ...headers, 'content-type': rng.pick(['text/csv', 'text/plain', 'application/json']) }, body: csv }, honeypot: false, who };
  }
  const body = rng.chance(0.75) ? mutate(endpoint.body ?? {}, rng) : { ...endpoint.body };
  const shape = rng.int(10);
  let text = shape === 9 ? rng.pick(['', ' ', '{', 'null', '[]', '"x"', '{"__proto__":{"admin":true}}']) : JSON.stringify(body);
  if (shape === 8) text = text.slice(0, rng.int(text.length));
  const type = shape === 7 ? rng.pick(['application/x-www-form-urlencoded', 'text/plain', '', 'multipart/form-data; boundary=x']) : 'application/json';
  return { path, init: { method: endpoint.method, headers: { ...headers, 'content-type': type }, body: text }, honeypot: false, who };
}

export function generate(seed: number, count: number, options: { staff?: boolean } = {}): FuzzRequest[] {
  const rng = random(seed);
  const requests: FuzzRequest[] = [];
  for (let n = 0; n < count; n++) {
    const headers: Record<string, string> = { 'x-test-client': `198.51.100.${rng.int(40)}` };
    const origin = rng.chance(0.15) ? rng.pick(['null', 'https://evil.example', 'not a url']) : rng.pick([undefined, 'http://localhost']);
    if (origin) headers.origin = origin;
    if (options.staff && rng.chance(0.5)) {
      requests.push(staffRequest(rng, headers));
      continue;
    }
    if (rng.chance(0.1)) {
      // Wrong methods and unknown paths.
      const path = rng.pick([...FORM_PATHS, ...OTHER_PATHS]);
      const method = rng.pick(['GET', 'HEAD', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'POST']);
      requests.push({ path, init: { method, headers, body: method === 'GET' || method === 'HEAD' ? undefined : '{}' }, honeypot: false });
      continue;
    }
    if (rng.chance(0.1)) {
      // Confirm and unsubscribe with made-up tokens.
      const path = rng.pick(['/api/newsletter/confirm', '/api/newsletter/unsubscribe']);
      const token = rng.pick([`${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}.abc.${'A'.repeat(32)}`, ...HOSTILE]);
      const kind = rng.int(3);
      if (kind === 0) requests.push({ path, init: { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ token }) }, honeypot: false });
      else if (kind === 1) requests.push({ path: `${path}?token=${queryValue(token)}`, init: { method: 'POST', headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' }, honeypot: false });
      else requests.push({ path: `${path}?token=${queryValue(token)}`, init: { method: 'GET', headers }, honeypot: false });
      continue;
    }
    const path = rng.pick(FORM_PATHS);
    let body = validBody(path, n, rng);
    if (rng.chance(0.75)) body = mutate(body, rng);
    const honeypot = rng.chance(0.05);
    if (honeypot) body.website = rng.pick(['http://spam.example', 'x', 1]);
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : undefined;
    const shape = rng.int(10);
    if (shape < 6) {
      let text = JSON.stringify(body);
      if (rng.chance(0.05)) text = text.slice(0, rng.int(text.length));
      requests.push({ path, init: { method: 'POST', headers: { ...headers, 'content-type': rng.pick(['application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON']) }, body: text }, form: path, email, honeypot });
    } else if (shape < 8) {
      requests.push({ path, init: { method: 'POST', headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, body: encodeForm(body) }, form: path, email, honeypot });
    } else if (shape === 8) {
      const type = rng.pick(['text/plain', 'multipart/form-data; boundary=x', 'application/xml', '', 'application/json']);
      const encoding = rng.pick(['gzip', 'deflate', 'br', 'identity, gzip']);
      requests.push({ path, init: { method: 'POST', headers: { ...headers, 'content-type': type, 'content-encoding': encoding }, body: JSON.stringify(body) }, honeypot: false });
    } else {
      const bytes = new Uint8Array(rng.int(64));
      for (let i = 0; i < bytes.length; i++) bytes[i] = rng.int(256);
      requests.push({ path, init: { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: bytes }, honeypot: false });
    }
  }
  return requests;
}

export interface FuzzResult {
  requests: number;
  byStatus: Record<number, number>;
  serverErrors: number;
  accepted: number;
  /** Rows in the form tables that no accepted request asked for. */
  rowsFromRefused: number;
  alive: boolean;
}

export interface FuzzOptions {
  /** Session cookies: with them, the staff endpoints are fuzzed too (signed out and signed in). */
  sessions?: Record<Exclude<Who, 'none'>, string>;
  /** Called with each answer of 500 or more (the request and the answer's text), to say which. */
  onServerError?: (request: FuzzRequest, text: string) => void;
}

/** Sends the seeded requests to the app and checks what is stored against what was accepted. */
export async function runFuzz(app: AppLike, db: Kysely<Database>, seed: number, count: number, options: FuzzOptions = {}): Promise<FuzzResult> {
  const byStatus: Record<number, number> = {};
  const acceptedEmails = new Map<FormPath, Set<string>>(FORM_PATHS.map((path) => [path, new Set()]));
  const acceptedCount = new Map<FormPath, number>(FORM_PATHS.map((path) => [path, 0]));
  let accepted = 0;
  for (const request of generate(seed, count, { staff: options.sessions !== undefined })) {
    const init = { ...request.init, headers: { ...request.init.headers } };
    if (request.who && request.who !== 'none' && options.sessions) init.headers.cookie = options.sessions[request.who];
    const path = await fillIds(db, request.path);
    if (typeof init.body === 'string') init.body = await fillIds(db, init.body);
    const response = await app.request(path, init);
    const text = await response.text().catch(() => '');
    byStatus[response.status] = (byStatus[response.status] ?? 0) + 1;
    if (response.status >= 500) options.onServerError?.({ ...request, path, init }, text);
    // An import adds subscribers as the newsletter form does: what it accepted is not a stray row.
    if (response.status === 200 && path.startsWith('/api/subscribers/import') && typeof init.body === 'string') {
      for (const email of init.body.toLowerCase().match(/[^\s,;"]+@[^\s,;"]+/g) ?? []) acceptedEmails.get('/api/newsletter-signup')!.add(email);
    }
    const location = response.headers.get('location') ?? '';
    const ok = response.status === 200 || response.status === 201 || (response.status === 303 && location.endsWith('/thanks'));
    if (ok && request.form && !request.honeypot && request.email) {
      accepted += 1;
      acceptedEmails.get(request.form)!.add(request.email);
      acceptedCount.set(request.form, acceptedCount.get(request.form)! + 1);
    }
  }
  let rowsFromRefused = 0;
  for (const path of FORM_PATHS) {
    const { table } = FORMS[path];
    const rows = (await db.selectFrom(table).select('email').execute()) as Array<{ email: string }>;
    const emails = acceptedEmails.get(path)!;
    rowsFromRefused += rows.filter((row) => !emails.has(row.email)).length;
    // Forms store one row per accepted request; the newsletter one per address.
    if (table !== 'subscribers') rowsFromRefused += Math.max(0, rows.length - acceptedCount.get(path)!);
  }
  const health = await app.request('/api/health');
  const serverErrors = Object.entries(byStatus)
    .filter(([status]) => Number(status) >= 500)
    .reduce((sum, [, n]) => sum + n, 0);
  return { requests: count, byStatus, serverErrors, accepted, rowsFromRefused, alive: health.status === 200 };
}
