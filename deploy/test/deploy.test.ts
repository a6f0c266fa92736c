/**
 * The many-machine deployment of deploy/README.md, run on loopback: nginx with the generated
 * site and a self-signed certificate in front of two API instances (started as the systemd unit
 * starts them) on one PostgreSQL database, with an SMTP peer. Everything goes through nginx:
 * every page, file, alias and not-found answer (compared with the Node server's own answer),
 * forms with the client address the API must see through TRUST_PROXY, a newsletter broadcast
 * shared by both instances, one instance killed with kill -9 mid-campaign and the other finishing
 * it, and the headers scored with Mozilla's HTTP Observatory code.
 */
import { existsSync, readFileSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { routeAliases } from '../../src/lib/routes.ts';
import { listFiles } from '../../api/src/static-site.ts';
import { ENDPOINTS, makeApi, pgSkipReason, pgUrl, VALID, type TestApi } from '../../api/test/helpers.ts';
import { ADMIN } from '../../api/test/staff-helpers.ts';
import { NEWSLETTER, recipientStatuses, seedSubscribers } from '../../api/test/broadcast-helpers.ts';
import { startSmtpSink, type SmtpSink } from '../../api/test/smtp-sink.ts';
import { observatoryScore, type Score } from '../../tests/support/observatory.ts';
import {
  DIST,
  HOST,
  ORIGIN,
  PORTS,
  plainRequest,
  request,
  sharedKeys,
  startInstance,
  startNginx,
  waitFor,
  type Instance,
  type Nginx,
  type Reply,
} from './topology.ts';

const HEALTH_TOKEN = 'deploy-test-health-token';
/** The worker claims max(50, 5 × concurrency) rows at a time: the most a crash can repeat. */
const BATCH = 50;
/** Accepted form posts per client per window on these instances: low, so the limit is reached. */
const RATE_LIMIT_MAX = 3;
const SUBSCRIBERS = 600;
/** What a client writes into X-Forwarded-For itself: nginx keeps it, the API must ignore it. */
const FORGED = '203.0.113.7';
const SECURITY_HEADERS = [
  'content-type',
  'content-security-policy',
  'cache-control',
  'x-content-type-options',
  'referrer-policy',
  'x-frame-options',
  'permissions-policy',
  'cross-origin-opener-policy',
  'strict-transport-security',
];
/** A redirect's body is nginx's own or none; everything else must match. */
const REDIRECT_HEADERS = SECURITY_HEADERS.filter((name) => name !== 'content-type');

let sink: SmtpSink;
let api: TestApi;
let nginx: Nginx;
const instances: Instance[] = [];

beforeAll(async () => {
  if (!existsSync(`${DIST}/index.html`)) throw new Error('the deployment test serves dist/: run `npm run build` first');
  if (!pgUrl) throw new Error(`the deployment test needs PostgreSQL: ${pgSkipReason}`);
  sink = await startSmtpSink({ port: PORTS.smtp });
  api = await makeApi('postgres');
  const shared: Record<string, string> = { DATABASE_URL: api.services.config.databaseUrl!, SMTP_URL: sink.url, SITE_URL: ORIGIN, HEALTH_TOKEN };
  // The instances get exactly the settings deploy/api.env.example names, no more.
  expect(Object.keys(shared).sort()).toEqual(sharedKeys().sort());
  const tuning = {
    RATE_LIMIT_MAX: String(RATE_LIMIT_MAX),
    NEWSLETTER_LEASE_SECONDS: '2',
    NEWSLETTER_RATE_PER_SECOND: '300',
    NEWSLETTER_CONCURRENCY: '10',
  };
  // The first instance creates the administrator; the second starts once it exists.
  instances.push(await startInstance(PORTS.api[0], shared, { ...tuning, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, ADMIN_EMAIL: ADMIN.email }));
  instances.push(await startInstance(PORTS.api[1], shared, tuning));
  nginx = await startNginx(PORTS.api.map((port) => `127.0.0.1:${port}`));
});

afterAll(async () => {
  for (const instance of instances) await instance.kill();
  await nginx?.stop();
  await api?.close();
  await sink?.close();
});

function pick(reply: Reply, names: string[]): Record<string, unknown> {
  return Object.fromEntries(names.map((name) => [name, reply.headers[name]]));
}

function decoded(reply: Reply): Buffer {
  return reply.headers['content-encoding'] === 'gzip' ? gunzipSync(reply.body) : reply.body;
}

/** The address a page or file of dist/ is asked for. */
function addressOf(file: string): string {
  const path = `/${relative(DIST, file).split(sep).join('/')}`;
  if (path === '/index.html') return '/';
  return path.endsWith('/index.html') ? path.slice(0, -'/index.html'.length) : path;
}

describe('nginx serves the built site as the Node server does', () => {
  test('every page and file: same status, body, content type, caching and security headers', async () => {
    const files = listFiles(DIST).filter((file) => !file.endsWith('.br'));
    expect(files.length).toBeGreaterThan(100);
    const compare = async (file: string) => {
      const path = addressOf(file);
      const [viaNginx, direct] = await Promise.all([request('https', path), plainRequest(PORTS.api[0], path)]);
      expect(viaNginx.status, path).toBe(direct.status);
      expect(pick(viaNginx, SECURITY_HEADERS), path).toEqual(pick(direct, SECURITY_HEADERS));
      if (direct.status === 200) expect(viaNginx.body.equals(readFileSync(file)), path).toBe(true);
    };
    // A few at a time, as a browser fetches a page's files.
    for (let start = 0; start < files.length; start += 6) await Promise.all(files.slice(start, start + 6).map(compare));
  });

  test('every alias (with a trailing slash, with a query) answers 301 to its canonical path', async () => {
    const paths = Object.keys(routeAliases).flatMap((from) => [from, `${from}/`, `${from}?ref=newsletter`]);
    paths.push('/about/', '/events/', '/blog/', '/programs/early-learning/', '/contact/?topic=volunteer');
    for (const path of paths) {
      const [viaNginx, direct] = await Promise.all([request('https', path), plainRequest(PORTS.api[0], path)]);
      expect(direct.status, path).toBe(301);
      expect(viaNginx.status, path).toBe(301);
      expect(viaNginx.headers.location, path).toBe(direct.headers.location);
      expect(pick(viaNginx, REDIRECT_HEADERS), path).toEqual(pick(direct, REDIRECT_HEADERS));
    }
    expect((await request('https', '/GetInvolved?from=flyer')).headers.location).toBe('/get-involved?from=flyer');
    expect((await request('https', '/programs/youth-empowerment/')).headers.location).toBe('/programs/future-ready-youth');
  });

  test('unknown addresses get 404 with the not-found page of their section, never cached', async () => {
    const cases: Array<[string, string]> = [
      ['/no-such-page', '404.html'],
      ['/about/team/nobody', '404.html'],
      ['/_astro/missing.js', '404.html'],
      ['/404', '404.html'],
      ['/404.html', '404.html'],
      ['/events/no-such-event', 'events/404/index.html'],
      ['/events/404', 'events/404/index.html'],
      ['/blog/no-such-post', 'blog/404/index.html'],
      ['/blog/2099/404', 'blog/404/index.html'],
      ['/fr/no-such-page', 'fr/404/index.html'],
      ['/sw/no-such-page', 'sw/404/index.html'],
      ['/fr/404', 'fr/404/index.html'],
      ['/fr/blog/no-such-post', 'fr/blog/404/index.html'],
      ['/sw/events/no-such-event', 'sw/events/404/index.html'],
      ['/sw/events/404', 'sw/events/404/index.html'],
    ];
    for (const [path, page] of cases) {
      const [viaNginx, direct] = await Promise.all([request('https', path), plainRequest(PORTS.api[0], path)]);
      expect(direct.status, path).toBe(404);
      expect(viaNginx.status, path).toBe(404);
      expect(viaNginx.headers['cache-control'], path).toBe('no-store');
      expect(pick(viaNginx, SECURITY_HEADERS), path).toEqual(pick(direct, SECURITY_HEADERS));
      expect(viaNginx.text, path).toBe(readFileSync(`${DIST}/${page}`, 'utf8'));
    }
    // Each language's own words, as the visitor reads them.
    expect((await request('https', '/fr/no-such-page')).text).toContain('Page introuvable');
    expect((await request('https', '/sw/no-such-page')).text).toContain('Ukurasa haupatikani');
    expect((await request('https', '/fr/blog/no-such-post')).text).toContain('L’article de blog que vous cherchez n’existe pas ou a été retiré.');
    expect((await request('https', '/sw/events/no-such-event')).text).toContain('Tukio unalotafuta halipo au limeondolewa.');
  });

  test("the API's answers pass through with its own headers, each sent once", async () => {
    for (const path of ['/api/health', '/api/no-such-endpoint']) {
      const [viaNginx, direct] = await Promise.all([request('https', path), plainRequest(PORTS.api[0], path)]);
      expect(viaNginx.status, path).toBe(direct.status);
      expect(pick(viaNginx, SECURITY_HEADERS), path).toEqual(pick(direct, SECURITY_HEADERS));
      expect(viaNginx.text, path).toBe(direct.text);
    }
  });

  test('text is compressed for clients that accept gzip', async () => {
    const reply = await request('https', '/', { headers: { 'accept-encoding': 'gzip' } });
    expect(reply.headers['content-encoding']).toBe('gzip');
    expect(reply.headers.vary).toBe('Accept-Encoding');
    expect(decoded(reply).equals(readFileSync(`${DIST}/index.html`))).toBe(true);
    expect(reply.body.length).toBeLessThan(decoded(reply).length / 2);
  });

  test('browsers that accept brotli get the build\'s brotli copy of pages, scripts, styles and artwork', async () => {
    const css = listFiles(`${DIST}/_astro`).find((file) => file.endsWith('.css') && existsSync(`${file}.br`))!;
    const js = listFiles(`${DIST}/_astro`).find((file) => file.endsWith('.js') && existsSync(`${file}.br`))!;
    for (const file of [`${DIST}/index.html`, `${DIST}/fr/about/index.html`, css, js, `${DIST}/art/carousel-welcome.svg`]) {
      const path = addressOf(file);
      const reply = await request('https', path, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(reply.status, path).toBe(200);
      expect(reply.headers['content-encoding'], path).toBe('br');
      expect(reply.headers.vary, path).toBe('Accept-Encoding');
      expect(reply.body.equals(readFileSync(`${file}.br`)), path).toBe(true);
      expect(brotliDecompressSync(reply.body).equals(readFileSync(file)), path).toBe(true);
    }
    // The home page's HTML in brotli, with its response headers, within the first round trip (10 × 1,460 bytes).
    const home = await request('https', '/', { headers: { 'accept-encoding': 'br' } });
    const headerBytes = Object.entries(home.headers).reduce((sum, [name, value]) => sum + `${name}: ${String(value)}\r\n`.length, 'HTTP/1.1 200 OK\r\n\r\n'.length);
    expect(home.body.length + headerBytes).toBeLessThanOrEqual(14_600);
  });

  test('a brotli copy has no address of its own, from nginx as from the Node server', async () => {
    for (const path of ['/index.html.br', '/about/index.html.br', '/art/carousel-welcome.svg.br']) {
      const [viaNginx, direct] = await Promise.all([request('https', path, { headers: { 'accept-encoding': 'br' } }), plainRequest(PORTS.api[0], path)]);
      expect(viaNginx.status, path).toBe(404);
      expect(direct.status, path).toBe(404);
    }
  });

  test('plain HTTP moves to HTTPS on the same host: 301 for reading, 308 for a form post', async () => {
    const read = await request('http', '/contact?topic=volunteer');
    expect(read.status).toBe(301);
    expect(read.headers.location).toBe(`https://${HOST}:${PORTS.https}/contact?topic=volunteer`);
    const post = await request('http', '/api/contact', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(VALID.contact) });
    expect(post.status).toBe(308);
    expect(post.headers.location).toBe(`https://${HOST}:${PORTS.https}/api/contact`);
  });
});

/** A browser at `from` posting JSON through nginx, with a forged X-Forwarded-For of its own. */
function postJson(from: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  return request('https', path, {
    method: 'POST',
    from,
    headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-forwarded-for': FORGED, ...headers },
    body: JSON.stringify(body),
  });
}

function cookieOf(reply: Reply): string {
  const cookies = reply.headers['set-cookie'];
  return (Array.isArray(cookies) ? cookies : cookies ? [cookies] : [])
    .map((cookie) => cookie.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

/** Which API instances nginx handed the requests of `from` to, from its access log. */
function upstreamsUsedBy(from: string, path: string): Set<string> {
  const log = readFileSync(`${nginx.dir}/access.log`, 'utf8');
  const used = new Set<string>();
  for (const line of log.split('\n')) {
    const [client, , request, , upstream] = line.split('\t');
    if (client === from && request?.includes(` ${path} `) && upstream) used.add(upstream);
  }
  return used;
}

describe('forms through nginx: the API sees the client nginx saw (TRUST_PROXY=1)', () => {
  test('the four forms are accepted and stored', async () => {
    for (const [form, { path, table }] of Object.entries(ENDPOINTS)) {
      const reply = await postJson('127.0.0.2', path, VALID[form as keyof typeof VALID]);
      expect([200, 201], `${form}: ${reply.text}`).toContain(reply.status);
      const email = (VALID[form as keyof typeof VALID] as { email: string }).email;
      const row = await api.services.db.kysely.selectFrom(table).select('email').where('email', '=', email).executeTakeFirst();
      expect(row?.email, form).toBe(email);
    }
  });

  test('the rate limit counts each real client on both instances, whatever X-Forwarded-For it sends', async () => {
    for (let i = 0; i < RATE_LIMIT_MAX; i++) {
      const reply = await postJson('127.0.0.3', '/api/contact', { ...VALID.contact, email: `limit-${i}@example.org` });
      expect(reply.status, reply.text).toBe(201);
    }
    const refused = await postJson('127.0.0.3', '/api/contact', { ...VALID.contact, email: 'limit-over@example.org' });
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.text).message).toBe('Too many requests. Please wait a few minutes and try again.');
    // The same forged header from another client is another client.
    const other = await postJson('127.0.0.4', '/api/contact', { ...VALID.contact, email: 'neighbour@example.org' });
    expect(other.status, other.text).toBe(201);

    expect(upstreamsUsedBy('127.0.0.3', '/api/contact')).toEqual(new Set(PORTS.api.map((port) => `127.0.0.1:${port}`)));
    const buckets = (await api.services.db.kysely.selectFrom('rate_limits').select(['bucket', 'hits']).execute()).map((row) => ({ ...row, hits: Number(row.hits) }));
    expect(buckets.filter((row) => row.bucket.startsWith('contact:127.0.0.3@'))).toEqual([expect.objectContaining({ hits: RATE_LIMIT_MAX })]);
    expect(buckets.filter((row) => row.bucket.startsWith('contact:127.0.0.4@'))).toEqual([expect.objectContaining({ hits: 1 })]);
    expect(buckets.some((row) => row.bucket.includes(FORGED))).toBe(false);
  });

  test('a staff session records the client address nginx saw', async () => {
    const reply = await postJson('127.0.0.6', '/api/auth/sign-in/username', { username: ADMIN.username, password: ADMIN.password });
    expect(reply.status, reply.text).toBe(200);
    expect(cookieOf(reply)).toMatch(/^__Secure-/);
    const sessions = (await api.services.db.kysely.selectFrom('staff_session' as never).selectAll().execute()) as Array<Record<string, unknown>>;
    expect(sessions.map((row) => row.ipAddress ?? row.ip_address)).toEqual(['127.0.0.6']);
  });

  test('without JavaScript: sign up by form post, confirm with the button on the page the mail links to', async () => {
    const email = 'no-script@example.org';
    const signUp = await request('https', '/api/newsletter-signup', {
      method: 'POST',
      from: '127.0.0.5',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      body: new URLSearchParams({ email }).toString(),
    });
    expect(signUp.status).toBe(303);
    expect(signUp.headers.location).toBe('/newsletter/thanks');
    await waitFor(async () => sink.messages.some((m) => m.to === email), 'the confirmation mail', 30_000);
    const mail = await api.services.db.kysely.selectFrom('outbox').select('text_body').where('to_address', '=', email).where('kind', '=', 'newsletter.confirm').executeTakeFirstOrThrow();
    const link = new URL(/https?:\/\/\S+\/newsletter\/confirm\?token=[^\s#]+/.exec(mail.text_body)![0]);
    expect(link.origin).toBe(ORIGIN);
    const page = await request('https', `${link.pathname}${link.search}`);
    expect(page.status).toBe(200);
    const confirm = await request('https', `${link.pathname}${link.search}`, {
      method: 'POST',
      from: '127.0.0.5',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      body: '',
    });
    expect(confirm.status).toBe(303);
    expect(confirm.headers.location).toBe('/newsletter/confirm?status=done#done');
    const row = await api.services.db.kysely.selectFrom('subscribers').select('status').where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.status).toBe('confirmed');
    // The French page's button posts to /fr/…: nginx hands it to the API with the page's language.
    const french = await request('https', '/fr/newsletter/confirm?token=broken', {
      method: 'POST',
      from: '127.0.0.5',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      body: '',
    });
    expect(french.status).toBe(303);
    expect(french.headers.location).toBe('/fr/newsletter/confirm?status=invalid#invalid');
    // A registration's cancel page (and the reminder's Confirm) posts to its own address too.
    for (const [path, answer] of [
      ['/sw/events/cancel?token=broken', '/sw/events/cancel?status=invalid#invalid'],
      ['/events/attend?token=broken', '/events/attend?status=invalid#invalid'],
    ]) {
      const posted = await request('https', path!, { method: 'POST', from: '127.0.0.5', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN }, body: '' });
      expect(posted.status, path).toBe(303);
      expect(posted.headers.location, path).toBe(answer);
    }
  });
});

describe("Mozilla's HTTP Observatory on nginx", () => {
  const scores: Record<string, Score> = {};
  afterAll(() => console.log(`[observatory via nginx] ${Object.entries(scores).map(([path, s]) => `${path} ${s.grade} ${s.score}`).join('; ')}`));

  const observatory = (path: string) =>
    observatoryScore(HOST, path, async (side, target, method, headers) => {
      const reply = await request(side, target, { method, headers: { accept: 'text/html,*/*', ...headers } });
      return { status: reply.status, headers: reply.headers as Record<string, string | string[]>, data: reply.text, verified: true };
    });

  test('pages, the API, scripts, styles, artwork, text and the guides score A+', async () => {
    const asset = (extension: string) => addressOf(listFiles(`${DIST}/_astro`).find((file) => file.endsWith(extension))!);
    for (const path of ['/', '/contact', '/donate', '/api/health', asset('.css'), asset('.js'), '/favicon.svg', '/robots.txt', '/downloads/sipa-planned-giving-guide.html']) {
      scores[path] = await observatory(path);
      expect(scores[path].failed, path).toEqual([]);
      expect(scores[path].grade, path).toBe('A+');
    }
  });
});

describe('the newsletter broadcast across both instances behind nginx', () => {
  let cookie: string;
  let audience: string[];

  beforeAll(async () => {
    audience = await seedSubscribers(api.services, SUBSCRIBERS, 'confirmed');
    const reply = await postJson('127.0.0.7', '/api/auth/sign-in/username', { username: ADMIN.username, password: ADMIN.password });
    if (reply.status !== 200) throw new Error(`sign-in answered ${reply.status}: ${reply.text}`);
    cookie = cookieOf(reply);
  });

  async function send(subject: string): Promise<string> {
    const reply = await postJson('127.0.0.7', '/api/send-newsletter', { ...NEWSLETTER, subject }, { cookie });
    expect(reply.status, reply.text).toBe(200);
    return JSON.parse(reply.text).campaign_id as string;
  }

  async function campaign(id: string): Promise<{ status: string; sent: number }> {
    const reply = await request('https', `/api/newsletter-campaigns/${id}`, { headers: { cookie } });
    if (reply.status !== 200) throw new Error(`campaign ${id}: ${reply.status} ${reply.text}`);
    return JSON.parse(reply.text) as { status: string; sent: number };
  }

  async function leaseOwner(id: string): Promise<string | null> {
    const row = await api.services.db.kysely.selectFrom('newsletter_campaigns').select('lease_owner').where('id', '=', id).executeTakeFirstOrThrow();
    return row.lease_owner;
  }

  /** How many times each recipient got the message with this subject. */
  function deliveries(subject: string): Map<string, number> {
    const counts = new Map<string, number>();
    for (const message of sink.messages) {
      if (!message.raw.includes(`\r\nSubject: ${subject}\r\n`)) continue;
      counts.set(message.to, (counts.get(message.to) ?? 0) + 1);
    }
    return counts;
  }

  const pidOf = (owner: string | null) => Number(owner?.split(':')[1]);
  const everyone = () => [...audience, 'no-script@example.org'].sort();

  test('two campaigns sent through nginx: both instances work, nobody gets one twice', async () => {
    const ids = [await send('First edition'), await send('Second edition')];
    const owners = new Set<number>();
    await waitFor(
      async () => {
        for (const id of ids) {
          const owner = await leaseOwner(id);
          if (owner) owners.add(pidOf(owner));
        }
        return (await Promise.all(ids.map(campaign))).every((c) => c.status === 'finished');
      },
      'both campaigns to finish',
      120_000,
    );
    // One campaign per instance at a time: the second was taken by the instance not busy with the first.
    expect([...owners].sort()).toEqual(instances.map((i) => i.pid).sort());
    for (const [index, subject] of ['First edition', 'Second edition'].entries()) {
      const counts = deliveries(subject);
      expect([...counts.keys()].sort(), subject).toEqual(everyone());
      expect([...counts.values()].every((n) => n === 1), `${subject}: someone mailed twice`).toBe(true);
      expect(await recipientStatuses(api.services, ids[index]!)).toEqual({ sent: SUBSCRIBERS + 1 });
    }
  });

  test('kill -9 of the instance sending a campaign: the other takes it over and finishes it', async () => {
    const subject = 'Third edition';
    const id = await send(subject);
    let owner: string | null = null;
    await waitFor(
      async () => {
        owner = await leaseOwner(id);
        return owner !== null && deliveries(subject).size >= 150;
      },
      'the campaign to be under way',
      60_000,
    );
    const victim = instances.find((i) => i.pid === pidOf(owner))!;
    expect(victim, `lease owner ${owner}`).toBeDefined();
    await victim.kill();
    const beforeKill = deliveries(subject).size;
    expect(beforeKill).toBeLessThan(SUBSCRIBERS);

    // nginx finds the dead instance refusing connections and asks the other one, which takes
    // the campaign over once the dead one's lease ran out.
    const survivor = instances.find((i) => i !== victim)!;
    const ownersAfterKill = new Set<number>();
    await waitFor(
      async () => {
        const current = await leaseOwner(id);
        if (current) ownersAfterKill.add(pidOf(current));
        return (await campaign(id)).status === 'finished';
      },
      'the survivor to finish the campaign',
      120_000,
    );
    expect(ownersAfterKill.has(survivor.pid)).toBe(true);

    const counts = deliveries(subject);
    expect([...counts.keys()].sort()).toEqual(everyone());
    const repeated = [...counts.values()].filter((n) => n > 1);
    expect(repeated.every((n) => n === 2)).toBe(true);
    expect(repeated.length).toBeLessThanOrEqual(BATCH);
    expect(await recipientStatuses(api.services, id)).toEqual({ sent: SUBSCRIBERS + 1 });
    console.log(`[deploy] kill -9 of pid ${victim.pid} with ${beforeKill} of ${SUBSCRIBERS + 1} delivered; pid ${survivor.pid} finished; ${repeated.length} sent twice`);

    // The site and its forms keep working with one instance left.
    expect((await request('https', '/api/health')).status).toBe(200);
    const form = await postJson('127.0.0.8', '/api/contact', { ...VALID.contact, email: 'after-crash@example.org' });
    expect(form.status, form.text).toBe(201);
  });
});
